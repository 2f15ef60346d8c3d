import type { Clock } from '../../shared/clock';
import type { AppInfo, Language } from '../../shared/ipc/channels/app';
import type { ApplicationCredentials } from './credentials/credentials-service';
import type { SecretBox } from './credentials/secret-box';
import type { CallGuard, ChannelHandlers } from './ipc/dispatch';
import type { CounterLog } from './log/counter-log';
import type { EventHub } from './ipc/events';
import type { NotificationReceiverConfig } from './notifications/receiver';
import type { RetryPolicy } from './platform/transport';
import type { Http, Logger, RandomSource } from './ports';
import type { QueuePolicy } from './print-queue/print-queue';
import type { SalesPolicy } from './sales/sales-service';
import type { PinCost } from './staff/pin-hash';
import type { KeyValueStore } from './settings/store';

export interface AppCoreOptions {
  /** The key-value store of the settings (electron-store in the app). */
  settingsStore: KeyValueStore;
  shell: AppInfo['shell'];
  version: string;
  /** The embedded sandbox's base URL; the default platform when no production credentials are set. */
  sandboxBaseUrl: string;
  clock?: Clock;
  /** The Http port: how the core reaches the platform. */
  fetch?: Http;
  /** OS encryption of secrets at rest; default: none available (secrets stay in memory for the session). */
  secretBox?: SecretBox;
  /** Where the local database lives (one file per environment); default: in memory, lost on exit. */
  dataDirectory?: string;
  /** Opens the system browser for the authorization-code sign-in (Electron: shell.openExternal). */
  openExternal?: (url: string) => Promise<void>;
  /** The seeded sandbox application; default: read from GET {sandbox}/__sandbox/accounts on first need. */
  sandboxCredentials?: ApplicationCredentials;
  logger?: Logger;
  /** The structured log file in the data folder; the core writes to it, and takes the renderer's lines. */
  log?: CounterLog;
  /** What the diagnostics bundle names and gathers besides the log: this installation's id, Electron's crash dumps. */
  diagnostics?: { counterId: string; crashDumpDirectory?: string };
  random?: RandomSource;
  queuePolicy?: Partial<QueuePolicy>;
  /** Sales' polling and per-terminal budget (bench/charge.ts lifts the budget to measure the pipeline itself). */
  salesPolicy?: Partial<SalesPolicy>;
  retryPolicy?: Partial<RetryPolicy>;
  /** Where the payment notification receiver listens; default 127.0.0.1 on a free port. */
  notificationReceiver?: NotificationReceiverConfig;
  /** Tests only: a cheaper PIN hash than the real one's 0.2 s. */
  pinCost?: PinCost;
}

export interface AppCore {
  readonly handlers: ChannelHandlers;
  /** Every shell's dispatcher checks each call with it: who is signed in, what their role allows, the audit trail. */
  readonly guard: CallGuard;
  readonly events: EventHub;
  /** The cashier's language, for the dispatcher's messages. */
  language(): Language;
  /**
   * The notification receiver's URL once it listens (null if it could not start): the shell that embeds the
   * sandbox points the sandbox account's webhook URL at it.
   */
  notificationUrl(): Promise<string | null>;
  close(): Promise<void>;
}
