import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow } from 'electron';
import { SECURE_WEB_PREFERENCES } from '../core/security/web-preferences';

export interface AppWindow {
  window: BrowserWindow;
  entryUrl: string;
}

/** The one window, with the renderer locked down (Electron security checklist). */
export function createAppWindow(outDirectory: string): AppWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 960,
    minHeight: 640,
    show: false,
    title: 'Counter',
    backgroundColor: '#f5f4ef',
    webPreferences: {
      preload: join(outDirectory, 'preload', 'index.cjs'),
      ...SECURE_WEB_PREFERENCES,
    },
  });
  window.once('ready-to-show', () => window.show());
  const devServerUrl = process.env['ELECTRON_RENDERER_URL'];
  const entryUrl = devServerUrl ?? pathToFileURL(join(outDirectory, 'renderer', 'index.html')).href;
  return { window, entryUrl };
}
