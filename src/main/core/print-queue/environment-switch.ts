import { join } from 'node:path';
import type { Environment } from '../../../shared/ipc/channels/app';
import { silentLogger, type Logger } from '../ports';
import { PrintQueueError } from './errors';
import { openHistory } from '../history/open';
import { migrateOldJournal } from '../history/migrate-journal';
import type { HistoryReport } from '../history/startup-notice';
import type { HistoryChanges, HistoryChangesFactory } from '../history/history-changes';
import type { PrintHistory } from '../history/print-history';
import type { DatabaseSync } from '../history/sqlite';
import type { PrintQueue } from './print-queue';

/** A queue with what must be closed, in order, when its environment stops being the current one. */
export interface OpenedQueue<Queue> {
  readonly queue: Queue;
  /** Resolves once everything its database has committed is on disk. */
  durable?(): Promise<void>;
  close(): Promise<void>;
}

export interface EnvironmentSwitchOptions<Queue> {
  /** The current environment, read at every call (Settings may have changed it). */
  environment(): Environment;
  open(environment: Environment): Promise<OpenedQueue<Queue>>;
  logger?: Logger;
}

export interface EnvironmentSwitch<Queue> {
  /**
   * The current environment's queue. Switching environments closes the other one's queue and journal
   * before this one's are opened, so only one queue runs (docs/decisions.md, "Environments").
   */
  current(): Promise<Queue>;
  /** The queue open now (or being opened), without opening one. */
  opened(): Promise<Queue | undefined>;
  /** Resolves once the open queue's database has everything committed so far on disk (at once when none is open). */
  durable(): Promise<void>;
  /** Closes the open queue; every later `current()` is refused with `journal_unavailable`. */
  close(): Promise<void>;
}

interface Active<Queue> {
  environment: Environment;
  opened: OpenedQueue<Queue>;
}

export function createEnvironmentSwitch<Queue>(options: EnvironmentSwitchOptions<Queue>): EnvironmentSwitch<Queue> {
  const logger = options.logger ?? silentLogger;
  // Every open and close is chained on this one promise, so none of them overlaps another.
  let active: Promise<Active<Queue> | undefined> = Promise.resolve(undefined);
  let closed = false;
  /**
   * The queue open now, read without waiting on `active`: a request made while a switch closes this queue
   * must not wait for that close (which may wait for the request).
   */
  let openNow: OpenedQueue<Queue> | undefined;
  /** The queue being opened: what its attached parts write while it opens is synced by it too. */
  let opening: Promise<OpenedQueue<Queue>> | undefined;

  const closeActive = async (open: Active<Queue> | undefined): Promise<void> => {
    await open?.opened.close();
    if (openNow === open?.opened) openNow = undefined;
  };

  function current(): Promise<Queue> {
    const environment = options.environment();
    const next = active.then(async (open): Promise<Active<Queue> | undefined> => {
      if (open?.environment === environment) return open;
      await closeActive(open);
      if (closed) return undefined;
      opening = options.open(environment);
      try {
        const opened = await opening;
        openNow = opened;
        return { environment, opened };
      } finally {
        opening = undefined;
      }
    });
    // A failed open is retried by the next call rather than remembered.
    active = next.catch((error: unknown) => {
      logger.error('the print journal could not be opened', { environment, error: String(error) });
      return undefined;
    });
    return next.then(
      (open) => {
        if (open === undefined) throw new PrintQueueError('journal_unavailable', undefined, 'the print queue is closed');
        return open.opened.queue;
      },
      (error: unknown) => {
        throw new PrintQueueError('journal_unavailable', undefined, `the print journal could not be opened: ${String(error)}`);
      },
    );
  }

  return {
    current,
    opened: () => active.then((open) => open?.opened.queue),
    async durable() {
      const queue = openNow ?? (await opening?.catch(() => undefined));
      await queue?.durable?.();
    },
    async close() {
      closed = true;
      active = active.then(async (open) => {
        await closeActive(open);
        return undefined;
      });
      await active;
    },
  };
}

export interface HistoryQueueOptions {
  /** One SQLite history per environment, `{dataDirectory}/history-{environment}.sqlite`; none: in memory, for this run only. */
  dataDirectory?: string;
  logger?: Logger;
  /** What opening found when it was more than "opened": a salvaged database, an old journal imported. */
  onReport?(report: HistoryReport): void;
  /** Hears every change of an environment's history in its transaction (the store database's outbox). */
  changes?(environment: Environment): HistoryChangesFactory | undefined;
  /** The queue over an environment's history; the wiring gives it the platform, clock and policies. */
  createQueue(history: PrintHistory, environment: Environment): PrintQueue;
  /** What else keeps its rows in the same database (the sales): opened after the queue, closed before it. */
  attach?(db: DatabaseSync, environment: Environment, changes: HistoryChanges | undefined): { close(): void };
}

/**
 * Opens an environment's history (salvaging a damaged database, importing the old journal once), then
 * its queue over it; closing stops the queue before the history. Without a data directory each
 * environment's in-memory history stays open for the run, so switching back finds it again.
 */
export function historyQueueOpener(options: HistoryQueueOptions): (environment: Environment) => Promise<OpenedQueue<PrintQueue>> {
  type Opened = { history: PrintHistory; db: DatabaseSync; changes?: HistoryChanges };
  const inMemory = new Map<Environment, Opened>();
  const openOnDisk = async (directory: string, environment: Environment): Promise<Opened> => {
    const file = join(directory, `history-${environment}.sqlite`);
    const { history, report, db, changes } = openHistory({ file, logger: options.logger, changes: options.changes?.(environment) });
    if (report.outcome === 'salvaged') options.onReport?.({ kind: 'salvaged', environment, open: report });
    const migration = await migrateOldJournal(history, join(directory, 'journal', environment), { logger: options.logger });
    if (migration !== undefined) options.onReport?.({ kind: 'migrated', environment, migration });
    return { history, db, ...(changes === undefined ? {} : { changes }) };
  };

  return async (environment) => {
    const directory = options.dataDirectory;
    const opened =
      directory === undefined
        ? (inMemory.get(environment) ?? openHistory({ file: ':memory:', logger: options.logger, changes: options.changes?.(environment) }))
        : await openOnDisk(directory, environment);
    const { history, db, changes } = opened;
    if (directory === undefined) inMemory.set(environment, opened);
    const queue = options.createQueue(history, environment);
    const attached = options.attach?.(db, environment, changes);
    return {
      queue,
      durable: () => history.durable(),
      async close() {
        attached?.close();
        await queue.close();
        if (directory !== undefined) await history.close();
      },
    };
  };
}
