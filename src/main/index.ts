import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, type BrowserWindow } from 'electron';
import { createAppCore, type AppCore } from './core/app-core';
import { createDispatcher } from './core/ipc/dispatch';
import { createAppUrlMatcher } from './core/security/app-origin';
import { startEmbeddedSandbox, type EmbeddedSandbox } from './core/embedded-sandbox';
import { bindContract, forwardEvents } from './electron/ipc';
import { denyAllPermissions, enforceSingleInstance, hardenWindow } from './electron/security';
import { createElectronStore } from './electron/settings-store';
import { createAppWindow } from './electron/window';

const outDirectory = join(dirname(fileURLToPath(import.meta.url)), '..');
let core: AppCore | undefined;
let sandbox: EmbeddedSandbox | undefined;
let mainWindow: BrowserWindow | undefined;

async function start(): Promise<void> {
  denyAllPermissions();
  sandbox = await startEmbeddedSandbox();
  core = createAppCore({ store: createElectronStore(), shell: 'electron', version: app.getVersion(), sandboxBaseUrl: sandbox.baseUrl });

  const { window, entryUrl } = createAppWindow(outDirectory);
  mainWindow = window;
  const isAppUrl = createAppUrlMatcher(entryUrl);
  hardenWindow(window, isAppUrl);
  const dispatch = createDispatcher({
    handlers: core.handlers,
    isTrustedSender: (sender) => isAppUrl(sender.url),
    onUnexpectedError: (channel, error) => console.error(`[counter] ${channel} failed`, error),
  });
  bindContract(dispatch);
  forwardEvents(core.events, window.webContents);
  await window.loadURL(entryUrl);
}

if (enforceSingleInstance(() => {
  if (mainWindow?.isMinimized()) mainWindow.restore();
  mainWindow?.focus();
})) {
  app.enableSandbox();
  app.whenReady().then(start).catch((error: unknown) => {
    console.error('[counter] could not start', error);
    app.exit(1);
  });
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => {
    void core?.dispose();
    void sandbox?.close();
  });
} else {
  app.quit();
}
