import { createSystemClock } from '../../shared/clock';
import type { Environment, Language, StartupNotice } from '../../shared/ipc/channels/app';
import type { AppCore, AppCoreOptions } from './app-core-types';
import { createCheckout } from './checkout/checkout';
import { createDayArea } from './day/day-area';
import { historyStartupNotice } from './history/startup-notice';
import { createEventHub } from './ipc/events';
import { createNotificationsArea } from './notifications/area';
import { createPlatformAccess } from './credentials/platform-access';
import { createLogArea } from './log/log-area';
import { createSupportAreas } from './app-core-support';
import { createPrintsArea } from './print-queue/prints-area';
import { createSalesArea } from './sales/sales-area';
import { withStartupNotices } from './settings/startup-notices';
import { createSettingsRepository } from './settings/store';
import { createStaffArea } from './staff/staff-area';
import { createStoreArea } from './store/store-area';
import { createTerminalDirectory } from './terminals/terminals';
import { collectHandlers } from './app-core-handlers';

export type { AppCore, AppCoreOptions } from './app-core-types';

/** Everything main does for the renderer, Electron-free: the Electron window and the browser host both serve this. */
export function createAppCore(options: AppCoreOptions): AppCore {
  const clock = options.clock ?? createSystemClock();
  const logArea = createLogArea({ log: options.log, logger: options.logger, clock, http: options.fetch ?? ((url, init) => fetch(url, init)) });
  const { logger, http } = logArea;
  const { settingsStore, random } = options;
  const events = createEventHub();
  const settings = createSettingsRepository(settingsStore);
  const language = (): Language => settings.get().language;
  const environment = (): Environment => settings.get().environment;
  /** What every area is given; `actor`: who makes what the call being handled makes (the staff's caller and approver). */
  const basics = { clock, logger, events, language, environment, actor: () => staff.service.acting() };
  // Waiting prints are tried at once when the platform answers again or the credentials are fixed.
  const wakeQueue = (): void => void prints.opened().then((queue) => queue?.wake());
  /** The print queue, late-bound: the open one without opening, or the current one (opened if need be). */
  const queues = { opened: () => prints.opened(), current: () => prints.current() };

  const { platform, vault, credentials, connection, baseUrl } = createPlatformAccess({ ...options, ...basics, http, settings, onReachable: wakeQueue });
  const storeDatabase = createStoreArea({
    ...basics,
    settings,
    vault,
    version: options.version,
    openedQueue: queues.opened,
    queue: queues.current,
    staff: () => staff.sharedWithStore(environment()),
    day: () => day.book(),
  });
  /** What opening the local database found (a salvaged database, an imported journal), shown by app.info. */
  const startupNotices: StartupNotice[] = [];
  const staff = createStaffArea({
    ...basics,
    pinCost: options.pinCost,
    counter: () => settings.get().storeDatabase.counterId || 'local',
    opened: queues.current,
  });
  const terminals = createTerminalDirectory({ platform, clock, environment });
  const { sales, handlers: salesHandlers } = createSalesArea({
    ...basics,
    dataDirectory: options.dataDirectory,
    platform,
    settingsStore,
    policy: options.salesPolicy,
    prints: () => prints.current(),
  });
  const prints = createPrintsArea({
    ...basics,
    dataDirectory: options.dataDirectory,
    platform,
    random,
    policy: options.queuePolicy,
    onChange: (summary) => events.emit('print.changed', summary),
    authorize: () => credentials.tokens.current(),
    operatingModeOf: (of, terminalId) => terminals.operatingModeOf(of, terminalId),
    // Late-bound: the backlog reads the queue through the channels made below.
    busyElsewhere: (terminalId) => storeDatabase.busyElsewhere(terminalId) || support.backlog.holds(terminalId),
    onReport: (report) => startupNotices.push(historyStartupNotice(report, language())),
    changes: (environment) => storeDatabase.historyChanges(environment),
    attach: (db, of, changes) => {
      const attached = [sales.attach(db, of, changes), checkout.attach(db, of), staff.attach(db, of), day.attach(db, of)];
      return { close: () => attached.forEach((one) => one.close()) };
    },
  });
  const switchQueue = (): void => void prints.current().catch(() => undefined);
  credentials.onChange((status) => {
    events.emit('credentials.changed', status);
    if (status.state === 'ready' || status.state === 'idle') wakeQueue();
  });
  // The notification receiver starts now and stops in close.
  const notifications = createNotificationsArea({
    ...basics,
    platform,
    applicationSecret: () => credentials.applicationSecret(),
    config: options.notificationReceiver,
    checkout: (notified) => checkout.track(notified),
    terminalSales: sales.current,
  });
  const checkout = createCheckout({ ...basics, platform, settings, notifications, store: settingsStore, historyReady: prints.current });
  const day = createDayArea({ ...basics, settings, platform, prints: prints.current, staff, storeDatabase, terminals, updates: () => support.updates });
  const support = createSupportAreas(options, { ...basics, logArea, settings: settings.get, handlers: () => handlers, wake: wakeQueue });
  const handlers = withStartupNotices(
    collectHandlers(options, {
      ...basics,
      settings,
      connection,
      credentials,
      baseUrl,
      switchQueue,
      storeDatabase,
      terminals,
      prints,
      checkout,
      logArea,
      areaHandlers: { ...salesHandlers, ...support.handlers, ...staff.handlers, ...day.handlers },
    }),
    startupNotices,
  );

  void connection.check();
  // Unfinished prints of the last run resume now, not at the first call; unfinished sales resume with them.
  switchQueue();

  return {
    handlers,
    guard: staff.guard,
    events,
    language,
    notificationUrl: () => notifications.listening,
    updates: support.updates,
    async close() {
      connection.close();
      support.updates?.close();
      support.backlog.close();
      credentials.close();
      sales.close();
      await notifications.close();
      await storeDatabase.close();
      await prints.close();
    },
  };
}
