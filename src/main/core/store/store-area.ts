import type { Clock } from '../../../shared/clock';
import type { Environment, Language, SettingsPatch } from '../../../shared/ipc/channels/app';
import type { SecretVault } from '../credentials/vault';
import type { HistoryChangesFactory } from '../history/history-changes';
import type { EventHub } from '../ipc/events';
import type { Logger } from '../ports';
import type { PrintQueue } from '../print-queue/print-queue';
import type { SettingsRepository } from '../settings/store';
import { coalesceChanges } from './coalesce';
import { createCommandLoop } from './command-loop';
import { watchElsewhere } from './elsewhere';
import { StoreUrlError } from './errors';
import { createStoreHandlers, type StoreHandlers } from './handlers';
import { storeUrlProblem } from './publisher';
import { createStoreService, type StoreService } from './store-service';
import { shareStaff } from './staff-sync';
import type { StaffRecords } from '../history/staff-records';
import type { ShiftBook } from '../history/shifts';
import { publishDay } from './day-sync';
import { readStoreDay, type StoreDayRows } from './day-reads';

export interface StoreAreaOptions {
  settings: SettingsRepository;
  vault: SecretVault;
  events: EventHub;
  clock: Clock;
  logger: Logger;
  version: string;
  language(): Language;
  /** The print queue open now (its environment's), without opening one. */
  openedQueue(): Promise<PrintQueue | undefined>;
  /** The current print queue (opened if need be): where a store command runs. */
  queue(): Promise<PrintQueue>;
  /** The staff list to share with the store, or undefined when it is not to be shared now; `taken` after others' changes came in. */
  staff?(): { records: StaffRecords; taken(): void } | undefined;
  /** The current history's shifts and Z reports, published each round beside the staff; undefined before it opens. */
  day?(): ShiftBook | undefined;
}

export interface StoreArea {
  readonly service: StoreService;
  readonly handlers: StoreHandlers;
  /** For each history opened: its outbox, fed in the history's transactions. */
  historyChanges(environment: Environment): HistoryChangesFactory;
  /** Refuses a store address the pg client cannot take, before it is saved (StoreUrlError). */
  checkSettings(patch: SettingsPatch): void;
  /** The print queue's busyElsewhere: another counter holds this terminal now. */
  busyElsewhere(terminalId: string): boolean;
  /** The whole store's day (shifts and Zs of a window), while the store database is on. */
  dayReader(): { read(window: { from: string; until: string }): Promise<StoreDayRows> } | undefined;
  close(): Promise<void>;
}

/**
 * The optional store database, wired: the service (publisher, reads, live feed), the command loop that
 * runs other counters' reprint/cancel here, and the watch on terminals shared with other counters.
 */
export function createStoreArea(options: StoreAreaOptions): StoreArea {
  const { settings, vault, events, clock, logger } = options;
  // A burst of NOTIFYs reaches the screens as at most one event per short window.
  const screens = coalesceChanges((change) => events.emit('store.changed', change), clock);
  const service: StoreService = createStoreService({
    settings: () => settings.get().storeDatabase,
    saveSettings: (patch) => void settings.update({ storeDatabase: patch }),
    password: {
      read: () => vault.readNamed('storeDatabasePassword'),
      write: (password) => vault.writeNamed('storeDatabasePassword', password),
      storage: () => vault.mode(),
      forgotten: () => vault.forgotten('storeDatabasePassword'),
    },
    clock,
    appVersion: options.version,
    environment: () => settings.get().environment,
    logger,
    onStatus: (status) => events.emit('store.statusChanged', status),
    onChange: (change) => {
      screens.push(change);
      if (change.kind === 'prints' && change.counterId !== service.identity()?.id) elsewhere.refresh();
    },
    onCommandsMayWait: () => commands.poke(),
    alongside: async (db, counter, environment) => {
      const book = options.day?.();
      if (book !== undefined) await publishDay(db, { counterId: counter.id, environment }, book);
      const staff = options.staff?.();
      if (staff === undefined) return;
      const { taken } = await shareStaff(db, { storeId: counter.storeId, counterId: counter.id, environment }, staff.records);
      if (taken > 0) staff.taken();
    },
  });
  const target = () => {
    const identity = service.identity();
    return identity === undefined || !service.status().enabled
      ? undefined
      : { client: service.queryable(), counterId: identity.id, environment: service.environment() };
  };
  // A shift opened or closed goes up at once rather than at the next heartbeat: it is not in the outbox.
  const stopDay = events.subscribe((name) => {
    if (name === 'day.changed') service.publisher()?.wake();
  });
  const elsewhere = watchElsewhere({ target, clock, logger, onFreed: () => void options.openedQueue().then((queue) => queue?.wake()) });
  const commands = createCommandLoop({ target, queue: options.queue, clock, logger });
  return {
    service,
    handlers: createStoreHandlers({ store: service, clock, language: options.language }),
    historyChanges: (environment) => service.historyChanges(environment),
    checkSettings(patch) {
      const url = patch.storeDatabase?.url?.trim();
      const problem = url === undefined || url === '' ? undefined : storeUrlProblem(url);
      if (problem !== undefined) throw new StoreUrlError(problem);
    },
    busyElsewhere: (terminalId) => elsewhere.busy(terminalId),
    dayReader() {
      const identity = service.identity();
      if (identity === undefined || !service.status().enabled) return undefined;
      return { read: (window) => readStoreDay(service.queryable(), { storeId: identity.storeId, environment: service.environment() }, window) };
    },
    async close() {
      stopDay();
      screens.close();
      await commands.close();
      await elsewhere.close();
      await service.close();
    },
  };
}
