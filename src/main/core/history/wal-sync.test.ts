import { fdatasync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../ports';
import { openHistory } from './open';
import { sqlite } from './sqlite';
import { samplePrint } from './test-prints';
import { createWalSync } from './wal-sync';

let directory: string | undefined;
afterEach(() => {
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  directory = undefined;
});

function walDatabase() {
  directory = mkdtempSync(join(tmpdir(), 'counter-wal-sync-'));
  const file = join(directory, 'history.sqlite');
  const db = new (sqlite().DatabaseSync)(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; CREATE TABLE t (x TEXT)');
  return { db, file };
}

/** fdatasync as the wal-sync calls it, counted, each call held until the test lets it finish. */
function heldSync() {
  const pending: Array<() => void> = [];
  const sync = ((fd: number, done: (error: NodeJS.ErrnoException | null) => void) => {
    pending.push(() => fdatasync(fd, done));
  }) as typeof fdatasync;
  return { sync, pending, finishAll: () => pending.splice(0).forEach((finish) => finish()) };
}

describe('the WAL sync (commits made durable off the main thread)', () => {
  it('settles a wait only once a sync that began after the commit has finished, one sync for every commit before it', async () => {
    const { db, file } = walDatabase();
    const held = heldSync();
    const wal = createWalSync(db, file, silentLogger, held.sync);
    db.exec("INSERT INTO t VALUES ('a')");
    db.exec("INSERT INTO t VALUES ('b')");
    let settled = false;
    const first = wal.durable().then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    expect(held.pending).toHaveLength(1);
    // A commit while that sync runs is not covered by it: its wait needs the next sync.
    db.exec("INSERT INTO t VALUES ('c')");
    let secondSettled = false;
    const second = wal.durable().then(() => (secondSettled = true));
    held.finishAll();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(secondSettled).toBe(false);
    expect(held.pending).toHaveLength(1);
    held.finishAll();
    await second;
    wal.close();
    db.close();
  });

  it('answers at once when nothing was committed since the last sync', async () => {
    const { db, file } = walDatabase();
    const held = heldSync();
    const wal = createWalSync(db, file, silentLogger, held.sync);
    await wal.durable();
    db.exec("INSERT INTO t VALUES ('a')");
    const waiting = wal.durable();
    held.finishAll();
    await waiting;
    await wal.durable();
    expect(held.pending).toHaveLength(0);
    wal.close();
    db.close();
  });

  it('fails every wait from a failed sync on, even when the disk seems to work again: nothing written since can be trusted', async () => {
    const { db, file } = walDatabase();
    let calls = 0;
    const flaky = ((fd: number, done: (error: NodeJS.ErrnoException | null) => void) => {
      calls++;
      if (calls === 1) setImmediate(() => done(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' })));
      else fdatasync(fd, done);
    }) as typeof fdatasync;
    const wal = createWalSync(db, file, silentLogger, flaky);
    db.exec("INSERT INTO t VALUES ('a')");
    await expect(wal.durable()).rejects.toThrow('could not be synced');
    db.exec("INSERT INTO t VALUES ('b')");
    await expect(wal.durable()).rejects.toThrow('could not be synced');
    expect(calls).toBe(1);
    wal.close();
    db.close();
  });

  it('keeps the history’s writes durable when they return (synchronous = FULL), its flush and durable() answering at once', async () => {
    directory = mkdtempSync(join(tmpdir(), 'counter-wal-sync-'));
    const file = join(directory, 'history.sqlite');
    const { history, db } = openHistory({ file });
    expect((db.prepare('PRAGMA synchronous').get() as { synchronous: number }).synchronous).toBe(2);
    const print = samplePrint(history.nextSeq());
    await history.append(print, 'receipt').durable;
    await history.flush();
    await history.durable();
    history.closeSync();
    // Reopened: what was awaited is there.
    const again = openHistory({ file });
    expect(again.history.get(print.id)?.id).toBe(print.id);
    again.history.closeSync();
  });
});
