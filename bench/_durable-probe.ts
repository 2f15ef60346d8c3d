/**
 * The durable write alone, for reference: one commit of a row of `recordBytes` into a SQLite file in WAL
 * mode with synchronous = FULL, as the history commits a new print or sale before its create leaves.
 * SQLite's own automatic checkpoint keeps this WAL started over, as the history's checkpointer does.
 */
import { join } from 'node:path';
import { sqlite } from '../src/main/core/history/sqlite';

export function durableCommitProbe(directory: string, recordBytes: number): { commit(): number; close(): void } {
  const probe = new (sqlite().DatabaseSync)(join(directory, 'fsync-probe.sqlite'));
  probe.exec('PRAGMA journal_mode = WAL');
  probe.exec('PRAGMA synchronous = FULL');
  probe.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, record TEXT NOT NULL)');
  const insert = probe.prepare('INSERT INTO t (record) VALUES (?)');
  const record = 'x'.repeat(recordBytes);
  return {
    commit() {
      const started = performance.now();
      probe.exec('BEGIN IMMEDIATE');
      insert.run(record);
      probe.exec('COMMIT');
      return performance.now() - started;
    },
    close: () => probe.close(),
  };
}
