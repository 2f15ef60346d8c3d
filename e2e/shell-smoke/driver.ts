import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { channelNames } from '../../src/shared/ipc/contract';
import { app, recorded, type StandInWindow } from './electron-stand-in';

/**
 * Runs the built main bundle under Node against the stand-in and reports, as one JSON line on stdout,
 * what a launch did; then quits the way Electron does and lets the process end on its own.
 */
const APP_URL = 'app://counter/index.html';
const waitFor = async (what: string, done: () => boolean, ms = 30_000): Promise<void> => {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
const called = (api: string) => recorded.calls.filter((call) => call.api === api);

await import(pathToFileURL(resolve('out/main/index.js')).href);
await waitFor('the window to load', () => (recorded.windows[0]?.loadedUrl ?? null) !== null && called('dialog.showErrorBox').length === 0);
await new Promise((resolve) => setTimeout(resolve, 200));
const window = recorded.windows[0] as StandInWindow;
const invoke = async (channel: string, request: unknown, frameUrl = APP_URL) =>
  (await recorded.handlers.get(channel)?.({ senderFrame: { url: frameUrl } }, request)) as { ok: boolean; value?: unknown; error?: { code: string } };

const serve = recorded.protocolHandlers.get('app');
const page = await serve?.(new Request(APP_URL));
const traversal = await Promise.all(
  ['app://counter/../../package.json', 'app://counter/%2e%2e/%2e%2e/package.json', 'app://counter/..%2f..%2fpackage.json', 'app://other/index.html'].map(
    async (url) => (await serve?.(new Request(url)))?.status ?? 0,
  ),
);

const prevented = (name: string, url: string): boolean => {
  let stopped = false;
  window.webContents.emit(name, { preventDefault: () => (stopped = true) }, url);
  return stopped;
};

const appInfo = await invoke('app.info', {});
const foreign = await invoke('app.info', {}, 'https://evil.example/');
const encryptsBefore = called('safeStorage.encryptString').length;
const withKeyring = await invoke('store.setPassword', { password: 'smoke-password-1' });
const encryptedWithKeyring = called('safeStorage.encryptString').length - encryptsBefore;
recorded.encryptionAvailable = false;
const withoutKeyring = await invoke('store.setPassword', { password: 'smoke-password-2' });
const encryptedWithoutKeyring = called('safeStorage.encryptString').length - encryptsBefore - encryptedWithKeyring;
const settingsText = existsSync(join(recorded.userData, 'settings.json')) ? readFileSync(join(recorded.userData, 'settings.json'), 'utf8') : '';

const report = {
  windows: recorded.windows.length,
  webPreferences: window.options.webPreferences,
  preloadExists: existsSync(String(window.options.webPreferences?.['preload'] ?? '')),
  loadedUrl: window.loadedUrl,
  channelsBound: [...recorded.handlers.keys()].sort(),
  contractChannels: [...channelNames].sort(),
  appInfo: { ok: appInfo.ok, shell: (appInfo.value as { shell?: string } | undefined)?.shell },
  foreignFrame: foreign.error?.code ?? 'answered',
  page: { status: page?.status, contentType: page?.headers.get('content-type'), csp: page?.headers.get('content-security-policy') },
  traversal,
  navigationDenied: prevented('will-navigate', 'https://evil.example/'),
  redirectDenied: prevented('will-redirect', 'https://evil.example/'),
  webviewDenied: prevented('will-attach-webview', ''),
  newWindow: window.webContents.openHandler?.({ url: 'https://evil.example/' }),
  permissionsDenied: called('session.setPermissionRequestHandler').length + called('session.setPermissionCheckHandler').length,
  singleInstance: called('app.requestSingleInstanceLock').length,
  sandboxEnabled: called('app.enableSandbox').length,
  safeStorage: {
    withKeyring: (withKeyring.value as { passwordStorage?: string } | undefined)?.passwordStorage,
    encryptedWithKeyring,
    withoutKeyring: (withoutKeyring.value as { passwordStorage?: string } | undefined)?.passwordStorage,
    encryptedWithoutKeyring,
    plaintextInSettings: settingsText.includes('smoke-password'),
  },
  crashReporter: called('crashReporter.start').map((call) => call.args[0]),
  updater: { feed: called('autoUpdater.setFeedURL').map((call) => call.args[0]), checks: called('autoUpdater.checkForUpdates').length },
};
console.log(JSON.stringify(report));

// Quit as Electron does: before-quit, then the process must end by itself (nothing left open).
app.emit('before-quit');
