import { join } from 'node:path';
import { BrowserWindow } from 'electron';
import { SECURE_WEB_PREFERENCES } from '../core/security/web-preferences';

/** The one window, with the renderer locked down (Electron security checklist). */
export function createAppWindow(outDirectory: string): BrowserWindow {
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
  return window;
}
