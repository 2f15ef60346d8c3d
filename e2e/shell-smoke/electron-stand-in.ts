import { EventEmitter } from 'node:events';
import { join } from 'node:path';

/**
 * An in-memory stand-in for the `electron` module: only the calls Counter's shell makes, each recorded.
 * It lets the BUILT main bundle run under plain Node where no Electron binary can be downloaded; it is
 * never used where the real binary exists (e2e/electron.spec.ts launches that).
 */

export interface Recorded {
  calls: Array<{ api: string; args: unknown[] }>;
  windows: StandInWindow[];
  handlers: Map<string, (event: unknown, request: unknown) => unknown>;
  protocolHandlers: Map<string, (request: Request) => Promise<Response>>;
  encryptionAvailable: boolean;
  userData: string;
}

// One record however often the module is loaded (by import and by require).
const shared = globalThis as { __counterElectronStandIn?: Recorded };
export const recorded: Recorded = (shared.__counterElectronStandIn ??= {
  calls: [],
  windows: [],
  handlers: new Map(),
  protocolHandlers: new Map(),
  encryptionAvailable: true,
  userData: process.env['COUNTER_SMOKE_USER_DATA'] ?? '',
});

const note = (api: string, ...args: unknown[]): void => void recorded.calls.push({ api, args });

class StandInApp extends EventEmitter {
  isPackaged = false;
  getPath(name: string): string {
    if (name === 'crashDumps') return join(recorded.userData, 'Crashpad');
    return recorded.userData;
  }
  getVersion(): string {
    return '0.0.0-smoke';
  }
  getName(): string {
    return 'Counter';
  }
  requestSingleInstanceLock(): boolean {
    note('app.requestSingleInstanceLock');
    return true;
  }
  enableSandbox(): void {
    note('app.enableSandbox');
  }
  whenReady(): Promise<void> {
    return Promise.resolve();
  }
  quit(): void {
    note('app.quit');
  }
  exit(code?: number): void {
    note('app.exit', code);
  }
}

class StandInWebContents extends EventEmitter {
  openHandler: ((details: { url: string }) => { action: string }) | undefined;
  sent: unknown[][] = [];
  url = '';
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.openHandler = handler;
  }
  send(...args: unknown[]): void {
    this.sent.push(args);
  }
  isDestroyed(): boolean {
    return false;
  }
}

export class StandInWindow extends EventEmitter {
  readonly webContents = new StandInWebContents();
  loadedUrl: string | null = null;
  constructor(readonly options: { webPreferences?: Record<string, unknown> } & Record<string, unknown>) {
    super();
    recorded.windows.push(this);
    note('BrowserWindow', options);
  }
  async loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    this.webContents.url = url;
    note('window.loadURL', url);
  }
  show(): void {}
  focus(): void {}
  restore(): void {}
  isMinimized(): boolean {
    return false;
  }
}

export const app = new StandInApp();
export const BrowserWindow = StandInWindow;
export const ipcMain = {
  handle(channel: string, handler: (event: unknown, request: unknown) => unknown): void {
    recorded.handlers.set(channel, handler);
  },
  removeHandler(channel: string): void {
    recorded.handlers.delete(channel);
  },
  on(channel: string): void {
    note('ipcMain.on', channel);
  },
};
export const protocol = {
  registerSchemesAsPrivileged(schemes: unknown): void {
    note('protocol.registerSchemesAsPrivileged', schemes);
  },
  handle(scheme: string, handler: (request: Request) => Promise<Response>): void {
    recorded.protocolHandlers.set(scheme, handler);
  },
};
export const session = {
  defaultSession: {
    setPermissionRequestHandler(handler: unknown): void {
      note('session.setPermissionRequestHandler', typeof handler);
    },
    setPermissionCheckHandler(handler: unknown): void {
      note('session.setPermissionCheckHandler', typeof handler);
    },
  },
};
export const safeStorage = {
  isEncryptionAvailable: (): boolean => recorded.encryptionAvailable,
  getSelectedStorageBackend: (): string => (recorded.encryptionAvailable ? 'gnome_libsecret' : 'basic_text'),
  encryptString(text: string): Buffer {
    note('safeStorage.encryptString');
    return Buffer.from(`enc:${Buffer.from(text).toString('hex')}`);
  },
  decryptString(data: Buffer): string {
    note('safeStorage.decryptString');
    return Buffer.from(data.toString().replace(/^enc:/, ''), 'hex').toString();
  },
};
export const shell = {
  async openExternal(url: string): Promise<void> {
    note('shell.openExternal', url);
  },
  async openPath(path: string): Promise<string> {
    note('shell.openPath', path);
    return '';
  },
};
export const crashReporter = {
  start(options: unknown): void {
    note('crashReporter.start', options);
  },
};
export const dialog = {
  async showMessageBox(_window: unknown, options: unknown): Promise<{ response: number }> {
    note('dialog.showMessageBox', options);
    return { response: 0 };
  },
  showErrorBox(title: string, content: string): void {
    note('dialog.showErrorBox', title, content);
  },
};

export default { app, BrowserWindow, ipcMain, protocol, session, safeStorage, shell, crashReporter, dialog };
