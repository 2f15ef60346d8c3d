import { join } from 'node:path';
import { createSystemClock, type Clock } from '../../shared/clock';
import type { AppInfo, ConnectionState, Environment, Language } from '../../shared/ipc/channels/app';
import type { TerminalList } from '../../shared/ipc/channels/terminals';
import type { IpcFailure } from '../../shared/ipc/define';
import { createCredentialsService, type ApplicationCredentials, type CredentialsService } from './credentials/credentials-service';
import { SignInError } from './credentials/loopback';
import { createUnavailableSecretBox, type SecretBox } from './credentials/secret-box';
import { createSecretVault } from './credentials/vault';
import { HandlerFailure, type ChannelHandlers } from './ipc/dispatch';
import { createEventHub, type EventHub } from './ipc/events';
import { createManagerHandlers } from './manager/handlers';
import { createPlatformClient, type PlatformClient } from './platform/client';
import { PlatformError } from './platform/errors';
import { cashierMessage } from './platform/messages';
import { createPlatformTransport, type RetryPolicy } from './platform/transport';
import { createConsoleLogger, type Http, type Logger, type RandomSource } from './ports';
import { createDirectoryFiles, createMemoryFiles } from './print-queue/journal-files';
import { JournalUnavailableError, openPrintJournal, type PrintJournal } from './print-queue/journal';
import { createPrintQueue, PrintQueueError, type PrintQueue, type QueuePolicy } from './print-queue/print-queue';
import { createSettingsRepository, type KeyValueStore } from './settings/store';
import { createCheckout } from './checkout/checkout';
import type { NotificationReceiverConfig } from './notifications/receiver';
import { createTemplateHandlers } from './templates/handlers';

export interface AppCoreOptions {
  store: KeyValueStore;
  shell: AppInfo['shell'];
  version: string;
  /** The embedded sandbox's base URL; the default platform when no production credentials are set. */
  sandboxBaseUrl: string;
  clock?: Clock;
  /** The Http port: how the core reaches the platform. */
  fetch?: Http;
  /** OS encryption of secrets at rest; default: none available (secrets stay in memory for the session). */
  secretBox?: SecretBox;
  /** Where the print journal lives (one folder per environment); default: in memory, lost on exit. */
  dataDirectory?: string;
  /** Opens the system browser for the authorization-code sign-in (Electron: shell.openExternal). */
  openExternal?: (url: string) => Promise<void>;
  /** The seeded sandbox application; default: read from GET {sandbox}/__sandbox/accounts on first need. */
  sandboxCredentials?: ApplicationCredentials;
  logger?: Logger;
  random?: RandomSource;
  queuePolicy?: Partial<QueuePolicy>;
  retryPolicy?: Partial<RetryPolicy>;
  /** Journal segment size before compaction (tests use a small one). */
  journalSegmentBytes?: number;
  /** Where the payment notification receiver listens; default 127.0.0.1 on a free port. */
  notificationReceiver?: NotificationReceiverConfig;
}

export interface AppCore {
  readonly handlers: ChannelHandlers;
  readonly events: EventHub;
  /** The settings' language, for messages written outside the handlers (the dispatcher's refusals). */
  language(): Language;
  dispose(): Promise<void>;
}

const CONNECTION_TIMEOUT_MS = 5_000;

interface OpenQueue {
  environment: Environment;
  journal: PrintJournal;
  queue: PrintQueue;
}

/** Everything main does for the renderer, Electron-free: the Electron window and the browser host both serve this. */
export function createAppCore(options: AppCoreOptions): AppCore {
  const clock = options.clock ?? createSystemClock();
  const fetchImpl: Http = options.fetch ?? ((url, init) => fetch(url, init));
  const logger = options.logger ?? createConsoleLogger();
  const events = createEventHub();
  const settings = createSettingsRepository(options.store);
  const language = (): Language => settings.get().language;
  let connection: ConnectionState = { state: 'connecting', checkedAt: null, detail: null };
  let disposed = false;

  const platformBaseUrl = (environment: Environment): string =>
    environment === 'sandbox' ? options.sandboxBaseUrl : settings.get().production.baseUrl;

  // ---- Platform, credentials ----------------------------------------------------------------------
  const transport = createPlatformTransport({
    http: fetchImpl,
    clock,
    baseUrl: () => platformBaseUrl(settings.get().environment),
    // Called only once the service below exists; it needs this transport for the token endpoint.
    tokens: {
      current: () => credentials.tokens.current(),
      renew: (rejected) => credentials.tokens.renew(rejected),
    },
    policy: options.retryPolicy,
    random: options.random,
    logger,
  });
  const platform: PlatformClient = createPlatformClient(transport);
  const sandboxPlatform = createPlatformClient(createPlatformTransport({ http: fetchImpl, clock, baseUrl: () => options.sandboxBaseUrl, policy: options.retryPolicy, logger }));

  let sandboxApplication: Promise<ApplicationCredentials> | undefined;
  const readSandboxApplication = (): Promise<ApplicationCredentials> => {
    if (options.sandboxCredentials !== undefined) return Promise.resolve(options.sandboxCredentials);
    sandboxApplication ??= sandboxPlatform.sandbox.accounts({ maxAttempts: 2 }).then(
      (accounts) => {
        const application = accounts.applications[0];
        if (application === undefined) throw new Error('the sandbox has no application');
        return { clientId: application.client_id, clientSecret: application.client_secret };
      },
      (error: unknown) => {
        // Not cached: the next need asks again (the sandbox may just have been starting).
        sandboxApplication = undefined;
        throw error;
      },
    );
    return sandboxApplication;
  };

  const credentials: CredentialsService = createCredentialsService({
    clock,
    settings,
    store: options.store,
    vault: createSecretVault(options.store, options.secretBox ?? createUnavailableSecretBox(), logger),
    platform,
    sandboxApplication: readSandboxApplication,
    sandboxBaseUrl: options.sandboxBaseUrl,
    openExternal: options.openExternal ?? (async () => Promise.reject(new Error('this shell cannot open a browser'))),
    logger,
  });
  credentials.onChange((status) => {
    events.emit('credentials.changed', status);
    // Fixed credentials should not wait for the next scheduled retry.
    if (status.state === 'ready' || status.state === 'idle') void active?.then((open) => open?.queue.wake());
  });

  // ---- Checkout sales and the notification receiver (started now, stopped in dispose) --------------
  const checkout = createCheckout({ platform, store: options.store, settings, events, clock, logger, applicationSecret: () => credentials.applicationSecret(), receiver: options.notificationReceiver });

  // ---- Terminals ----------------------------------------------------------------------------------
  const operatingModes = new Map<Environment, Map<string, string>>();
  async function listTerminals(): Promise<TerminalList> {
    const environment = settings.get().environment;
    const terminals = await platform.terminals.listAll();
    operatingModes.set(environment, new Map(terminals.map((terminal) => [terminal.id, terminal.operating_mode])));
    return {
      terminals: terminals.map((terminal) => ({
        id: terminal.id,
        posId: terminal.pos_id ?? null,
        storeId: terminal.store_id === undefined || terminal.store_id === null ? null : String(terminal.store_id),
        externalPosId: terminal.external_pos_id ?? null,
        operatingMode: terminal.operating_mode,
        canPrint: terminal.operating_mode === 'PDV',
      })),
      fetchedAt: new Date(clock.now()).toISOString(),
    };
  }

  // ---- Print queue, one journal per environment ---------------------------------------------------
  let active: Promise<OpenQueue | undefined> | undefined;
  const memoryFiles = new Map<Environment, ReturnType<typeof createMemoryFiles>>();

  async function openQueue(environment: Environment): Promise<OpenQueue> {
    let files;
    if (options.dataDirectory !== undefined) files = await createDirectoryFiles(join(options.dataDirectory, 'journal', environment));
    else {
      // No data directory (tests, a host that passed none): the queue works, but only for this run.
      files = memoryFiles.get(environment) ?? createMemoryFiles();
      memoryFiles.set(environment, files);
    }
    const journal = await openPrintJournal({ files, logger, maxSegmentBytes: options.journalSegmentBytes });
    const queue = createPrintQueue({
      journal,
      platform,
      clock,
      language,
      onChange: (summary) => events.emit('print.changed', summary),
      authorize: () => credentials.tokens.current(),
      operatingModeOf: (terminalId) => operatingModes.get(environment)?.get(terminalId),
      policy: options.queuePolicy,
      random: options.random,
      logger,
    });
    return { environment, journal, queue };
  }

  async function closeQueue(open: OpenQueue | undefined): Promise<void> {
    if (open === undefined) return;
    await open.queue.close();
    await open.journal.close();
  }

  /** The queue of the current environment; switching environments closes one and opens the other, in order. */
  function currentQueue(): Promise<PrintQueue> {
    const environment = settings.get().environment;
    const previous = active ?? Promise.resolve(undefined);
    const next = previous.then(async (open) => {
      if (open?.environment === environment) return open;
      await closeQueue(open);
      if (disposed) return undefined;
      return openQueue(environment);
    });
    // A failed open is retried by the next call rather than remembered.
    active = next.catch((error: unknown) => {
      logger.error('the print journal could not be opened', { error: String(error) });
      return undefined;
    });
    return next.then((open) => {
      if (open === undefined) throw new PrintQueueError('journal_unavailable', undefined);
      return open.queue;
    });
  }

  // ---- Connection probe (the lead's) ----------------------------------------------------------------
  const setConnection = (next: ConnectionState): ConnectionState => {
    const changed = next.state !== connection.state || next.detail !== connection.detail;
    connection = next;
    if (changed) events.emit('connection.changed', connection);
    return connection;
  };

  async function checkConnection(): Promise<ConnectionState> {
    const environment = settings.get().environment;
    const base = platformBaseUrl(environment);
    const probeUrl = environment === 'sandbox' ? `${base}/__sandbox/health` : base;
    const checkedAt = new Date(clock.now()).toISOString();
    try {
      const response = await fetchImpl(probeUrl, { signal: AbortSignal.timeout(CONNECTION_TIMEOUT_MS) });
      // Any HTTP answer means the platform is reachable; whether our token is good is the credentials' business.
      await response.body?.cancel();
      return setConnection({ state: 'online', checkedAt, detail: null });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      return setConnection({ state: 'offline', checkedAt, detail: `Cannot reach ${base}: ${detail}` });
    }
  }

  // ---- Handlers -----------------------------------------------------------------------------------
  /** Typed failures reach the renderer as they are, with the cashier's message in the current language. */
  function failureOf(error: unknown): IpcFailure | undefined {
    if (error instanceof PlatformError) return error.toFailure(language());
    if (error instanceof PrintQueueError) return { code: error.code, message: cashierMessage(error.code, language()), status: error.status, retryable: false };
    if (error instanceof SignInError) return { code: error.code, message: cashierMessage(error.code, language()), retryable: error.code !== 'sign_in_denied' };
    if (error instanceof JournalUnavailableError) return { code: error.code, message: cashierMessage(error.code, language()), retryable: false };
    return undefined;
  }
  const typed =
    <Args extends unknown[], Result>(work: (...args: Args) => Promise<Result> | Result) =>
    async (...args: Args): Promise<Result> => {
      try {
        return await work(...args);
      } catch (error) {
        const failure = failureOf(error);
        if (failure !== undefined) throw new HandlerFailure(failure);
        throw error;
      }
    };

  const handlers: ChannelHandlers = {
    'app.info': () => {
      const environment = settings.get().environment;
      return {
        name: 'Counter',
        version: options.version,
        environment,
        platformBaseUrl: platformBaseUrl(environment),
        sandboxControlUrl: environment === 'sandbox' ? `${options.sandboxBaseUrl}/__sandbox` : null,
        shell: options.shell,
      };
    },
    'connection.status': () => connection,
    'connection.check': () => checkConnection(),
    'settings.get': () => settings.get(),
    'settings.update': (patch) => {
      const before = settings.get();
      const next = settings.update(patch);
      events.emit('settings.changed', next);
      const environmentChanged = before.environment !== next.environment;
      const productionClientChanged = before.production.clientId !== next.production.clientId || before.production.baseUrl !== next.production.baseUrl;
      if (environmentChanged || before.production.baseUrl !== next.production.baseUrl) void checkConnection();
      if (productionClientChanged) credentials.configureProduction({ clientChanged: true });
      else if (environmentChanged) events.emit('credentials.changed', credentials.status());
      if (environmentChanged) void currentQueue().catch(() => undefined);
      return next;
    },
    ...createTemplateHandlers(options.store, { language }),

    'credentials.status': () => credentials.status(),
    'credentials.setProduction': typed((request) => {
      const before = settings.get();
      const production = { ...(request.baseUrl === undefined ? {} : { baseUrl: request.baseUrl }), ...(request.clientId === undefined ? {} : { clientId: request.clientId }) };
      const next = Object.keys(production).length === 0 ? before : settings.update({ production });
      if (next !== before) events.emit('settings.changed', next);
      return credentials.configureProduction({
        clientSecret: request.clientSecret,
        authorizationUrl: request.authorizationUrl,
        clientChanged: before.production.clientId !== next.production.clientId || before.production.baseUrl !== next.production.baseUrl,
      });
    }),
    'credentials.verify': typed(() => credentials.verify()),
    'credentials.signIn': typed(() => credentials.signIn()),
    'credentials.cancelSignIn': () => credentials.cancelSignIn(),
    'credentials.signOut': () => credentials.signOut(),
    'credentials.allowPlaintext': (request) => credentials.allowPlaintext(request.allow),

    'terminals.list': typed(() => listTerminals()),

    'prints.enqueue': typed(async (request) => (await currentQueue()).enqueue(request)),
    'prints.cancel': typed(async (request) => (await currentQueue()).cancel(request.id)),
    'prints.get': typed(async (request) => (await currentQueue()).get(request.id, request.includeContent)),
    'prints.list': typed(async (request) => (await currentQueue()).list(request)),
    'prints.prune': typed(async (request) => ({ removed: await (await currentQueue()).prune(request.olderThanDays) })),
    'prints.reprint': typed(async (request) => (await currentQueue()).reprint(request.id, request.terminalId)),
    ...createManagerHandlers({ queue: currentQueue, terminals: listTerminals, events, clock, typed }),
    ...checkout.handlers,
  };

  void checkConnection();
  // Unfinished prints of the last run resume now, not at the first call.
  void currentQueue().catch(() => undefined);

  return {
    handlers,
    events,
    language,
    async dispose() {
      disposed = true;
      credentials.dispose();
      await checkout.dispose();
      const open = await active;
      active = Promise.resolve(undefined);
      await closeQueue(open);
    },
  };
}

