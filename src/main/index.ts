import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, shell, type BrowserWindow } from 'electron';
import { createAppCore, type AppCore } from './core/app-core';
import { createDispatcher } from './core/ipc/dispatch';
import { createAppUrlMatcher } from './core/security/app-origin';
import { isVettedExternalUrl } from './core/security/external-links';
import { startEmbeddedSandbox, type EmbeddedSandbox } from './core/embedded-sandbox';
import { receiverConfigFrom } from './core/notifications/config';
import { bindContract, forwardEvents } from './electron/ipc';
import { denyAllPermissions, enforceSingleInstance, hardenWindow } from './electron/security';
import { createSafeStorageSecretBox } from './electron/secret-box';
import { createElectronStore } from './electron/settings-store';
import { createAppWindow } from './electron/window';

const outDirectory = join(dirname(fileURLToPath(import.meta.url)), '..');
let core: AppCore | undefined;
let sandbox: EmbeddedSandbox | undefined;
let mainWindow: BrowserWindow | undefined;

async function start(): Promise<void> {
  denyAllPermissions();
  sandbox = await startEmbeddedSandbox();
  core = createAppCore({
    store: createElectronStore(),
    shell: 'electron',
    version: app.getVersion(),
    sandboxBaseUrl: sandbox.baseUrl,
    dataDirectory: app.getPath('userData'),
    secretBox: createSafeStorageSecretBox(),
    // Payment notifications: loopback on a free port unless the environment says otherwise (a tunnel in production).
    notificationReceiver: receiverConfigFrom({ host: process.env['COUNTER_NOTIFY_HOST'], port: process.env['COUNTER_NOTIFY_PORT'], publicUrl: process.env['COUNTER_NOTIFY_URL'] }),
    openExternal: async (url) => {
      // The sign-in page is the only thing the core opens; anything else is refused rather than handed to the OS.
      if (!isVettedExternalUrl(url)) throw new Error(`refusing to open ${url}`);
      await shell.openExternal(url);
    },
  });

  const { window, entryUrl } = createAppWindow(outDirectory);
  mainWindow = window;
  const isAppUrl = createAppUrlMatcher(entryUrl);
  hardenWindow(window, isAppUrl);
  const dispatch = createDispatcher({
    handlers: core.handlers,
    isTrustedSender: (sender) => isAppUrl(sender.url),
    language: core.language,
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
