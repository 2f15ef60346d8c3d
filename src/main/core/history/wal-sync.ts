import { close, fdatasync, openSync } from 'node:fs';
import type { Logger } from '../ports';
import type { DatabaseSync } from './sqlite';

/** Where a caller waits for the commits made so far to reach the disk. */
export interface WalSync {
  /**
   * Resolves once every commit made before this call is on disk; rejects if the disk refused a sync (then
   * nothing written since the last good sync can be trusted to be there).
   */
  durable(): Promise<void>;
  /**
   * Called before the connection closes: the syncs already asked for still run, and the descriptor is
   * closed once they are done.
   */
  close(): void;
}

interface Waiter {
  changes: number;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Group commit with the sync off the main thread (docs/decisions.md "A year at the counter"). The
 * connection commits with `synchronous = NORMAL`: a COMMIT only writes its WAL frames, which takes
 * microseconds. What makes them durable is an `fdatasync` of the WAL file, run here on libuv's thread
 * pool, so the event loop never waits for the disk (on a store's disk a sync takes 8 to 600 ms now and
 * then). `fdatasync` flushes the file, whichever descriptor wrote it, so one sync covers every commit made
 * before it started, from any writer of the connection.
 *
 * What must not happen before a record is on disk waits for `durable()`: every request to the platform
 * (the transport's write-ahead gate) and every row published to the store database. A crash can then lose
 * only commits that nothing outside this process has acted on, which SQLite rolls back whole.
 *
 * "Commits made so far" is the connection's `total_changes()`, a counter of rows written that SQLite
 * keeps anyway, so writers need not report their commits: a caller with nothing new to sync is answered
 * at once, and callers that arrive while a sync runs share the next one.
 */
export function createWalSync(db: DatabaseSync, file: string, logger: Logger, sync: typeof fdatasync = fdatasync): WalSync {
  // With synchronous = FULL every COMMIT has synced already: nothing is left to wait for.
  const syncsItself = Number((db.prepare('PRAGMA synchronous').get() as { synchronous: number }).synchronous) >= 2;
  if (file === ':memory:' || syncsItself) return { durable: () => Promise.resolve(), close: () => undefined };
  const totalChanges = db.prepare('SELECT total_changes() AS n');
  let changesAtClose: number | undefined;
  const changesNow = (): number => changesAtClose ?? Number((totalChanges.get() as { n: number }).n);
  let syncedThrough = changesNow();
  let descriptor: number | undefined;
  let running = false;
  let closing = false;
  let failed: Error | undefined;
  const waiting: Waiter[] = [];

  function settle(error: Error | undefined): void {
    for (let index = waiting.length - 1; index >= 0; index--) {
      const waiter = waiting[index]!;
      if (error !== undefined) waiter.reject(error);
      else if (waiter.changes <= syncedThrough) waiter.resolve();
      else continue;
      waiting.splice(index, 1);
    }
  }

  function closeDescriptor(): void {
    if (descriptor !== undefined) close(descriptor, () => undefined);
    descriptor = undefined;
  }

  function openWal(): number | undefined {
    try {
      // Read and write, not read-only: Windows flushes a file only through a handle that may write to it.
      return openSync(`${file}-wal`, 'r+');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  function pump(): void {
    if (running || waiting.length === 0) {
      if (!running && closing) closeDescriptor();
      return;
    }
    descriptor ??= openWal();
    if (descriptor === undefined) {
      // No WAL: the last connection's close checkpointed it into the database file and synced that.
      syncedThrough = Math.max(...waiting.map((waiter) => waiter.changes));
      settle(undefined);
      return;
    }
    const target = Math.max(...waiting.map((waiter) => waiter.changes));
    running = true;
    sync(descriptor, (error) => {
      running = false;
      if (error !== null) {
        // As PostgreSQL learnt: after a failed sync the kernel may have dropped the pages, so a retry that
        // succeeds proves nothing. Every later wait fails too; the history is broken until reopened.
        failed = new Error(`the history's write-ahead log could not be synced: ${error.message}`);
        logger.error('the history could not be synced to disk', { error: error.message });
      } else syncedThrough = Math.max(syncedThrough, target);
      settle(failed);
      pump();
    });
  }

  return {
    durable() {
      if (failed !== undefined) return Promise.reject(failed);
      const changes = changesNow();
      if (changes <= syncedThrough) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        waiting.push({ changes, resolve, reject });
        try {
          pump();
        } catch (error) {
          failed = new Error(`the history's write-ahead log could not be opened to sync it: ${String(error)}`);
          logger.error('the history could not be synced to disk', { error: String(error) });
          settle(failed);
        }
      });
    },
    close() {
      if (closing) return;
      changesAtClose = changesNow();
      closing = true;
      if (!running) closeDescriptor();
    },
  };
}
