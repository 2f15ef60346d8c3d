import type { Clock } from '../../../shared/clock';
import type { Environment, Language } from '../../../shared/ipc/channels/app';
import { createDaySources } from '../history/day-sources';
import { createShiftBook, type ShiftBook } from '../history/shifts';
import type { DatabaseSync } from '../history/sqlite';
import type { EventHub } from '../ipc/events';
import type { PlatformClient } from '../platform/client';
import type { PrintQueue } from '../print-queue/print-queue';
import type { SettingsRepository } from '../settings/store';
import { createDayService, type DayHistory, type StoreDayReader } from './day-service';
import { createDayHandlers, type DayHandlers } from './handlers';
import { createPacer } from './platform-payments';

/**
 * How fast reconciliation pages through the platform's payments: the platform publishes no figure (spec 8
 * names only 429 local_rate_limited), so the pace of Counter's other reads of it, with its retries on 429.
 */
export const RECONCILE_REQUESTS_PER_MINUTE = 40;

/** Without a store database the counter is the only one: this name holds its shifts. */
export const LOCAL_COUNTER_ID = 'this-counter';

export interface DayAreaOptions {
  clock: Clock;
  events: EventHub;
  language(): Language;
  environment(): Environment;
  settings: SettingsRepository;
  platform: PlatformClient;
  /** The current environment's print queue (opening the history the day lives in). */
  prints(): Promise<PrintQueue>;
  requestsPerMinute?: number;
  /** Who is signed in (the staff's sign-in): the person of every shift, sale and note. */
  staff?: { service: { signedIn(): { id: string; name: string } | undefined } };
  /** The terminals the last list showed: the paper names a terminal as the cashier knows it. */
  terminals?: { nameOf(environment: Environment, terminalId: string): string | undefined };
  /** The store database's reads of the whole store's day, when one is on. */
  storeDatabase?: { dayReader(): StoreDayReader | undefined };
  /** The update policy, whose close-of-day hook runs when a shift is closed; null when Counter never updates itself. */
  updates?(): { closeOfDay(): Promise<boolean> } | null;
}

export interface DayArea {
  readonly handlers: DayHandlers;
  /** The day of an environment in its opened history; given to the print switch's opener, closed before the history. */
  attach(db: DatabaseSync, environment: Environment): { close(): void };
  /** The current environment's shifts and Z reports once its history is open (what the store database is sent). */
  book(): ShiftBook | undefined;
}

/** Shifts, the X and Z reports and the reconciliation, wired. Whole-store shifts will read the store database here. */
export function createDayArea(options: DayAreaOptions): DayArea {
  const attached = new Map<Environment, DayHistory>();
  const pace = createPacer(60_000 / (options.requestsPerMinute ?? RECONCILE_REQUESTS_PER_MINUTE));
  const service = createDayService({
    clock: options.clock,
    language: options.language,
    ...(options.staff === undefined ? {} : { signedIn: () => options.staff?.service.signedIn() }),
    closedDay: async () => options.updates?.()?.closeOfDay(),
    store: () => options.storeDatabase?.dayReader(),
    terminalName: (id) => options.terminals?.nameOf(options.environment(), id) ?? id,
    history: async () => {
      await options.prints();
      return attached.get(options.environment());
    },
    counterId: () => options.settings.get().storeDatabase.counterId || LOCAL_COUNTER_ID,
    currency: () => attached.get(options.environment())?.sources.currency() ?? null,
    print: async ({ terminalId, content, externalReference }) =>
      (await (await options.prints()).enqueue({ terminalId, subtype: 'custom', content, externalReference })).id,
    payments: () => ({
      search: (query) => options.platform.payments.search(query),
      searchMerchantOrders: (query) => options.platform.merchantOrders.search(query),
      pace,
    }),
  });
  return {
    handlers: createDayHandlers(service, options.events),
    book: () => attached.get(options.environment())?.book,
    attach(db, environment) {
      const history = { book: createShiftBook(db), sources: createDaySources(db) };
      attached.set(environment, history);
      return {
        close() {
          if (attached.get(environment) === history) attached.delete(environment);
        },
      };
    },
  };
}
