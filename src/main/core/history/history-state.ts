import { isFinalPrintStatus } from '../../../shared/lifecycle/print';
import type { Logger } from '../ports';
import { JournalUnavailableError } from './errors';
import type { JournalPrint } from './records/print';
import type { HistoryStatements } from './history-statements';
import { printFromRows } from './rows';
import type { DatabaseSync } from './sqlite';
import type { HistoryChanges } from './history-changes';
import type { Checkpointer } from './checkpointer';
import type { WalSync } from './wal-sync';

export type Write = () => void;

/** What the history's reads and writes share: the database, its statements, and the prints held in memory. */
export interface HistoryState {
  readonly db: DatabaseSync;
  readonly statements: HistoryStatements;
  readonly logger: Logger;
  /** Unfinished prints, and prints with a deferred write not yet committed: the objects the queue holds. */
  readonly live: Map<string, JournalPrint>;
  /** Prints whose deferred write is pending, dropped from `live` once committed if they are finished. */
  readonly awaitingCommit: Set<string>;
  /** Writes held back by `update`'s `defer`, committed in front of the next write (one commit for all). */
  deferred: Array<{ write: Write; settle: (error?: unknown) => void }>;
  broken: JournalUnavailableError | undefined;
  closed: boolean;
  /**
   * How many prints the history holds, once counted: `count(*)` reads a whole index (tens of MB at
   * 1,000,000 prints), so it is done once and then kept by the writes that add or remove prints.
   */
  count: number | undefined;
  /** Moves the WAL into the database now and then, off the main thread. */
  readonly checkpointer: Checkpointer;
  /** Makes commits durable off the main thread; `commit`'s promise is its `durable()`. */
  readonly walSync: WalSync;
  /** Told of every print written, in its transaction (the store database's outbox). */
  readonly changes: HistoryChanges | undefined;
}

/** The number of prints, counted at most once per open. */
export function printCount(state: HistoryState): number {
  state.count ??= Number((state.statements.countPrints.get() as { n: number }).n);
  return state.count;
}

/** After a committed write that added (or, negative, removed) prints. */
export function countChanged(state: HistoryState, by: number): void {
  if (state.count !== undefined) state.count += by;
}

/** A print from its row (and its transitions); undefined, and logged, when it cannot be read. */
export function readPrint(state: HistoryState, row: unknown): JournalPrint | undefined {
  const id = (row as { id?: unknown }).id;
  let print: JournalPrint | undefined;
  try {
    print = printFromRows(row, typeof id === 'string' ? state.statements.selectTransitions.all(id) : []);
  } catch {
    // A page damaged after open (or one quick_check does not read): this print is unreadable, not the app.
    print = undefined;
  }
  if (print === undefined) state.logger.warn('a print of the history could not be read', { id: String(id) });
  return print;
}

/**
 * One transaction: the deferred writes first, then `write`. A failure refuses everything after it.
 * Committed when it returns; the promise resolves once it is on disk (wal-sync.ts), and a failed sync
 * breaks the history like a failed write.
 */
export function commit(state: HistoryState, write?: Write): Promise<void> {
  if (state.broken !== undefined) throw state.broken;
  if (state.closed) throw new JournalUnavailableError('the history is closed');
  const { db } = state;
  const waiting = state.deferred;
  state.deferred = [];
  try {
    db.exec('BEGIN IMMEDIATE');
    try {
      for (const entry of waiting) entry.write();
      write?.();
      db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  } catch (error) {
    // What is in memory no longer matches the disk: as the journal did, refuse every later write.
    state.logger.error('the print history could not be written', { error: String(error) });
    state.broken = new JournalUnavailableError(error);
    for (const entry of waiting) entry.settle(state.broken);
    throw state.broken;
  }
  state.changes?.committed();
  for (const id of state.awaitingCommit) {
    const print = state.live.get(id);
    if (print !== undefined && isFinalPrintStatus(print.status)) state.live.delete(id);
  }
  state.awaitingCommit.clear();
  state.checkpointer.committed();
  const durable = state.walSync.durable().catch((error: unknown) => {
    state.broken ??= new JournalUnavailableError(error);
    throw state.broken;
  });
  durable.then(
    () => waiting.forEach((entry) => entry.settle()),
    (error: unknown) => waiting.forEach((entry) => entry.settle(error)),
  );
  return durable;
}

/** `durable` of a commit: a rejection nobody awaits does not crash the process (the error is logged in commit). */
export function settled(run: () => Promise<void>): Promise<void> {
  try {
    const durable = run();
    durable.catch(() => undefined);
    return durable;
  } catch (error) {
    const failed = Promise.reject(error);
    // The error is logged in commit.
    failed.catch(() => undefined);
    return failed;
  }
}

/** Starts the deferred writes now; their promises carry any error. */
export function writeDeferred(state: HistoryState): void {
  if (state.deferred.length === 0 || state.broken !== undefined || state.closed) return;
  try {
    void commit(state).catch(() => undefined);
  } catch {
    // Logged by commit; the deferred writes' promises carry the error.
  }
}
