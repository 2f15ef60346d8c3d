import { createSystemClock, type Clock } from '../../shared/clock';
import type { AppInfo, Environment, Language, StartupNotice } from '../../shared/ipc/channels/app';
import { createConnectionMonitor } from './app/connection-monitor';
import { createAppHandlers } from './app/handlers';
import { sandboxApplicationReader } from './app/sandbox-application';
import { createCheckout } from './checkout/checkout';
import { createCredentialsService, type ApplicationCredentials } from './credentials/credentials-service';
import { createCredentialsHandlers } from './credentials/handlers';
import { createUnavailableSecretBox, type SecretBox } from './credentials/secret-box';
import { createSecretVault } from './credentials/vault';
import type { ChannelHandlers } from './ipc/dispatch';
import { createEventHub, type EventHub } from './ipc/events';
import { createManagerHandlers } from './manager/handlers';
import { createNotificationsArea } from './notifications/area';
import type { NotificationReceiverConfig } from './notifications/receiver';
import { createSalesSwitch } from './sales/sales-switch';
import { createTerminalSalesHandlers } from './sales/handlers';
import type { SalesPolicy } from './sales/sales-service';
import { cardOfPayment, createReceiptPrinter } from './sales/receipt';
import { createSaleReceiptHandlers, createSaleReceiptTemplates } from './sales/receipt-template';
import { createPlatformClient } from './platform/client';
import { createPlatformTransport, type RequestOutcome, type RetryPolicy, type TokenSource } from './platform/transport';
import { createConsoleLogger, type Http, type Logger, type RandomSource } from './ports';
import { createEnvironmentSwitch, historyQueueOpener } from './print-queue/environment-switch';
import { historyStartupNotice } from './history/startup-notice';
import { withStartupNotices } from './settings/startup-notices';
import { createPrintHandlers } from './print-queue/handlers';
import { createPrintQueue, type QueuePolicy } from './print-queue/print-queue';
import { createSettingsRepository, type KeyValueStore } from './settings/store';
import { createStoreArea } from './store/store-area';
import { createTemplateHandlers } from './templates/handlers';
import { createTerminalDirectory, createTerminalHandlers } from './terminals/terminals';

export interface AppCoreOptions {
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
  /** Where the print journal lives (one folder per environment); default: in memory, lost on exit. */
  dataDirectory?: string;
  /** Opens the system browser for the authorization-code sign-in (Electron: shell.openExternal). */
  openExternal?: (url: string) => Promise<void>;
  /** The seeded sandbox application; default: read from GET {sandbox}/__sandbox/accounts on first need. */
  sandboxCredentials?: ApplicationCredentials;
  logger?: Logger;
  random?: RandomSource;
  queuePolicy?: Partial<QueuePolicy>;
  /** Sales' polling and per-terminal budget (bench/charge.ts lifts the budget to measure the pipeline itself). */
  salesPolicy?: Partial<SalesPolicy>;
  retryPolicy?: Partial<RetryPolicy>;
  /** Where the payment notification receiver listens; default 127.0.0.1 on a free port. */
  notificationReceiver?: NotificationReceiverConfig;
}

export interface AppCore {
  readonly handlers: ChannelHandlers;
  readonly events: EventHub;
  /** The cashier's language, for the dispatcher's messages. */
  language(): Language;
  /**
   * The notification receiver's URL once it listens (null if it could not start): the shell that embeds the
   * sandbox points the sandbox account's webhook URL at it.
   */
  notificationUrl(): Promise<string | null>;
  dispose(): Promise<void>;
}

/** Everything main does for the renderer, Electron-free: the Electron window and the browser host both serve this. */
export function createAppCore(options: AppCoreOptions): AppCore {
  const clock = options.clock ?? createSystemClock();
  const http: Http = options.fetch ?? ((url, init) => fetch(url, init));
  const logger = options.logger ?? createConsoleLogger();
  const { random, retryPolicy: policy } = options;
  const events = createEventHub();
  const settings = createSettingsRepository(options.settingsStore);
  const language = (): Language => settings.get().language;
  const environment = (): Environment => settings.get().environment;
  const platformBaseUrl = (of: Environment): string => (of === 'sandbox' ? options.sandboxBaseUrl : settings.get().production.baseUrl);

  // The token source is read only per call, once `credentials` below exists (it needs this client for the token endpoint).
  const tokens: TokenSource = { current: () => credentials.tokens.current(), renew: (rejected) => credentials.tokens.renew(rejected) };
  // Every real request's outcome feeds the connection light (created below, with the client it probes through).
  const onOutcome = (outcome: RequestOutcome): void => connection.report(outcome);
  const platform = createPlatformClient(
    createPlatformTransport({ http, clock, baseUrl: () => platformBaseUrl(environment()), tokens, policy, random, logger, onOutcome }),
  );
  const sandbox = createPlatformClient(createPlatformTransport({ http, clock, baseUrl: () => options.sandboxBaseUrl, policy, logger }));
  const vault = createSecretVault(options.settingsStore, options.secretBox ?? createUnavailableSecretBox(), logger);
  const credentials = createCredentialsService({
    clock,
    settings,
    store: options.settingsStore,
    vault,
    platform,
    sandboxApplication: sandboxApplicationReader(sandbox, options.sandboxCredentials),
    sandboxBaseUrl: options.sandboxBaseUrl,
    openExternal: options.openExternal ?? (async () => Promise.reject(new Error('this shell cannot open a browser'))),
    logger,
  });

  const storeDatabase = createStoreArea({
    settings,
    vault,
    events,
    clock,
    logger,
    version: options.version,
    language,
    openedQueue: () => prints.opened(),
    queue: () => prints.current(),
  });

  /** What opening the history found (a salvaged database, an imported journal), shown by app.info. */
  const startupNotices: StartupNotice[] = [];
  const terminals = createTerminalDirectory({ platform, clock, environment });
  const saleReceiptTemplates = createSaleReceiptTemplates(options.settingsStore);
  // Sales share the environment's history database: they start when the print switch opens it (attach below).
  const sales = createSalesSwitch({
    environment,
    dataDirectory: options.dataDirectory,
    historyReady: () => prints.current(),
    orders: () => platform.orders,
    paymentCard: async (paymentId) => cardOfPayment(await platform.payments.get(paymentId)),
    clock,
    language,
    logger,
    onChange: (sale) => events.emit('terminalSale.changed', sale),
    policy: options.salesPolicy,
    printReceipt: createReceiptPrinter({ queue: () => prints.current(), template: () => saleReceiptTemplates.current(), language }),
  });
  const prints = createEnvironmentSwitch({
    environment,
    logger,
    open: historyQueueOpener({
      dataDirectory: options.dataDirectory,
      logger,
      onReport: (report) => startupNotices.push(historyStartupNotice(report, language())),
      changes: () => storeDatabase.historyChanges,
      createQueue: (journal, of) =>
        createPrintQueue({
          journal,
          platform,
          clock,
          language,
          onChange: (summary) => events.emit('print.changed', summary),
          authorize: () => credentials.tokens.current(),
          operatingModeOf: (terminalId) => terminals.operatingModeOf(of, terminalId),
          policy: options.queuePolicy,
          busyElsewhere: storeDatabase.busyElsewhere,
          random,
          logger,
        }),
      attach: (db, of, changes) => {
        const attached = [sales.attach(db, of, changes), checkout.attach(db, of)];
        return { close: () => attached.forEach((one) => one.close()) };
      },
    }),
  });
  const switchQueue = (): void => void prints.current().catch(() => undefined);
  credentials.onChange((status) => {
    events.emit('credentials.changed', status);
    // Fixed credentials should not wait for the queue's next scheduled retry.
    if (status.state === 'ready' || status.state === 'idle') void prints.opened().then((queue) => queue?.wake());
  });

  const connection = createConnectionMonitor({
    platform,
    clock,
    events,
    environment,
    baseUrl: platformBaseUrl,
    confirm: () => platform.terminals.list({ limit: 1 }, { maxAttempts: 1, timeoutMs: 5_000 }),
    // Back online: every waiting print is tried at once (issue 14), not at its next scheduled retry.
    onReachable: () => void prints.opened().then((queue) => queue?.wake()),
  });
  // Sales and the notification receiver start now and stop in dispose.
  const notifications = createNotificationsArea({
    platform,
    clock,
    logger,
    environment,
    applicationSecret: () => credentials.applicationSecret(),
    config: options.notificationReceiver,
    checkout: (notified) => checkout.track(notified),
    terminalSales: sales.current,
  });
  const checkout = createCheckout({ platform, settings, events, clock, logger, notifications, store: options.settingsStore, historyReady: prints.current });

  const handlers: ChannelHandlers = withStartupNotices(
    {
      ...createAppHandlers({
        settings,
        events,
        connection,
        credentials,
        environmentChanged: switchQueue,
        storeDatabaseChanged: () => storeDatabase.service.reconfigure(),
        platformBaseUrl,
        sandboxBaseUrl: options.sandboxBaseUrl,
        version: options.version,
        shell: options.shell,
      }),
      ...createTemplateHandlers(options.settingsStore, { language }),
      ...createCredentialsHandlers({ credentials, settings, events }),
      ...createTerminalHandlers(terminals),
      ...createPrintHandlers(prints.current),
      ...createManagerHandlers({ queue: prints.current, terminals: terminals.list, events, clock, language }),
      ...checkout.handlers,
      ...createTerminalSalesHandlers(sales.current),
      ...storeDatabase.handlers,
      ...createSaleReceiptHandlers(saleReceiptTemplates),
    },
    startupNotices,
  );

  void connection.check();
  // Unfinished prints of the last run resume now, not at the first call.
  switchQueue();
  // Unfinished sales resume with it: they are attached to the history the queue opens.

  return {
    handlers,
    events,
    language,
    notificationUrl: () => notifications.listening,
    async dispose() {
      credentials.dispose();
      sales.close();
      await notifications.dispose();
      await storeDatabase.dispose();
      await prints.close();
    },
  };
}
