import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, shell, type BrowserWindow } from 'electron';
import { createAppCore, type AppCore } from './core/app-core';
import { counterIdOf } from './core/log/counter-id';
import { openCounterLog, type CounterLog } from './core/log/counter-log';
import { createDispatcher } from './core/ipc/dispatch';
import { createAppUrlMatcher } from './core/security/app-origin';
import { rendererEntryUrl } from './core/security/app-protocol';
import { isVettedExternalUrl } from './core/security/external-links';
import { withStartupNotices } from './core/settings/startup-notices';
import { pointSandboxAtReceiver, startEmbeddedSandbox, type EmbeddedSandbox } from './embedded-sandbox';
import { receiverConfigFrom } from './core/notifications/config';
import { registerAppScheme, serveRenderer } from './electron/app-protocol';
import { bindContract, forwardEvents } from './electron/ipc';
import { denyAllPermissions, enforceSingleInstance, hardenWindow } from './electron/security';
import { createSafeStorageSecretBox } from './electron/secret-box';
import { openElectronStore } from './electron/settings-store';
import { showStartupFailure, showStartupNotices } from './electron/startup-notices';
import { createAppWindow } from './electron/window';
import { startCrashReporter } from './electron/crash-reporter';
import { watchRun, type RunWatch } from './core/crash/last-run';
import { readOwnerConfig } from './core/owner/owner-config';

const outDirectory = join(dirname(fileURLToPath(import.meta.url)), '..');
let core: AppCore | undefined;
let sandbox: EmbeddedSandbox | undefined;
let mainWindow: BrowserWindow | undefined;
let log: CounterLog | undefined;
let run: RunWatch | undefined;

async function start(): Promise<void> {
  denyAllPermissions();
  const dataDirectory = app.getPath('userData');
  const counterId = counterIdOf(dataDirectory);
  log = await openCounterLog({ directory: join(dataDirectory, 'logs'), counterId, version: app.getVersion() });
  const mainLog = log.for('main');
  mainLog.info('started', { electron: process.versions.electron, node: process.versions.node, platform: process.platform });
  const owner = readOwnerConfig(dataDirectory);
  if (owner.problem !== null) mainLog.warn(owner.problem);
  run = watchRun({ dataDirectory, version: app.getVersion(), now: () => Date.now(), crashDumpDirectory: app.getPath('crashDumps') });
  const lastRun = run.notice === null ? [] : [run.notice];
  const settingsFile = openElectronStore();
  sandbox = await startEmbeddedSandbox({ dataDirectory: app.getPath('userData') });
  for (const notice of sandbox.notices) mainLog.warn('startup notice', { code: notice.code });
  core = createAppCore({
    log,
    diagnostics: { counterId, crashDumpDirectory: app.getPath('crashDumps') },
    settingsStore: settingsFile.store,
    shell: 'electron',
    version: app.getVersion(),
    sandboxBaseUrl: sandbox.baseUrl,
    dataDirectory: app.getPath('userData'),
    secretBox: createSafeStorageSecretBox(),
    // Payment notifications: loopback on a free port unless the environment says otherwise (a tunnel in production).
    notificationReceiver: receiverConfigFrom({
      host: process.env['COUNTER_NOTIFY_HOST'],
      port: process.env['COUNTER_NOTIFY_PORT'],
      publicUrl: process.env['COUNTER_NOTIFY_URL'],
    }),
    openExternal: async (url) => {
      // The sign-in page is the only thing the core opens; anything else is refused rather than handed to the OS.
      if (!isVettedExternalUrl(url)) throw new Error(`refusing to open ${url}`);
      await shell.openExternal(url);
    },
  });
  void pointSandboxAtReceiver(sandbox, core.notificationUrl());

  serveRenderer(join(outDirectory, 'renderer'));
  const entryUrl = rendererEntryUrl({ isPackaged: app.isPackaged, devServerUrl: process.env['ELECTRON_RENDERER_URL'] });
  const window = createAppWindow(outDirectory);
  mainWindow = window;
  const isAppUrl = createAppUrlMatcher(entryUrl);
  hardenWindow(window, isAppUrl);
  const dispatch = createDispatcher({
    handlers: withStartupNotices(core.handlers, [...lastRun, ...settingsFile.notices, ...sandbox.notices]),
    language: core.language,
    guard: core.guard,
    isTrustedSender: (sender) => isAppUrl(sender.url),
    onUnexpectedError: (channel, error) => mainLog.error('a channel failed unexpectedly', { channel, error }),
  });
  bindContract(dispatch);
  forwardEvents(core.events, window.webContents);
  await window.loadURL(entryUrl);
  run.markReady();
  await showStartupNotices(window, [...lastRun, ...settingsFile.notices, ...sandbox.notices], core.language());
}

if (
  enforceSingleInstance(() => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  })
) {
  app.enableSandbox();
  // As early as possible, so a crash during start leaves a dump too.
  startCrashReporter(readOwnerConfig(app.getPath('userData')).config.crashReports.uploadUrl);
  registerAppScheme();
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      console.error('[counter] could not start', error);
      showStartupFailure(error);
      app.exit(1);
    });
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', () => {
    run?.markCleanExit();
    void Promise.allSettled([core?.close(), sandbox?.close()]).then(() => log?.close());
  });
} else {
  app.quit();
}
