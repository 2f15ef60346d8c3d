import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openHistory } from '../open';
import { migrate, schemaVersion, SCHEMA_VERSION, TABLES } from '../schema';
import { sqlite, type DatabaseSync } from '../sqlite';
import { createStoreOutbox } from '../store-outbox';
import { MIGRATIONS } from '.';

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function historyFile(): string {
  const directory = mkdtempSync(join(tmpdir(), 'counter-migrations-'));
  directories.push(directory);
  return join(directory, 'history-sandbox.sqlite');
}

const open = (file = ':memory:'): DatabaseSync => new (sqlite().DatabaseSync)(file);

/** What SQLite keeps of a schema: every table and index with the text of its CREATE statement. */
function schemaHash(db: DatabaseSync): string {
  const rows = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all();
  const text = rows.map((row) => `${String(row['type'])} ${String(row['name'])} ${String(row['tbl_name'])}\n${String(row['sql'])}`).join('\n');
  return createHash('sha256').update(text).digest('hex');
}

/** The store outbox as core/store/outbox-sqlite.ts created it on a history before it was a migration. */
const OUTBOX_AS_THE_STORE_MADE_IT = `CREATE TABLE IF NOT EXISTS store_outbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('print', 'order', 'sale')),
    record_id TEXT NOT NULL,
    payload TEXT NOT NULL
  )`;

describe('the history migrations', () => {
  it('reproduce, version by version, the schemas of the databases already on disk (released migrations are never edited)', () => {
    // The hashes of versions 1 and 2 as the history made them before its migrations became numbered files.
    const released = ['d9cbaf3bf3cec624d2bd13dc27f0d2f63203e68788cda87529f8b6e928cc8902', '0856b4e358f65e356204f632b74ce4eeeb05815d59928da988cb65ba5f17023c'];
    released.forEach((hash, index) => {
      const db = open();
      migrate(db, index + 1);
      expect(schemaVersion(db), `version ${index + 1}`).toBe(index + 1);
      expect(schemaHash(db), `version ${index + 1}`).toBe(hash);
      db.close();
    });
  });

  it('name every table their SQL creates, and each has an index that names all its rows (what a salvage counts with)', () => {
    const db = open();
    migrate(db);
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all()
      .map((row) => String(row['name']));
    expect(tables).toEqual([...TABLES].sort());
    for (const table of TABLES) {
      const indexes = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?").all(table);
      expect(
        indexes.some((index) => !/\bWHERE\b/i.test(String(index['sql'] ?? ''))),
        table,
      ).toBe(true);
    }
    db.close();
  });

  it('open a history whose store outbox the store created itself, with its unpublished entries, and never reuse a seq', () => {
    const file = historyFile();
    const before = open(file);
    migrate(before, 2);
    before.exec(OUTBOX_AS_THE_STORE_MADE_IT);
    const insert = before.prepare('INSERT INTO store_outbox (kind, record_id, payload) VALUES (?, ?, ?)');
    for (const id of ['p1', 'p2', 'p3']) insert.run('print', id, JSON.stringify({ id }));
    // Published and acknowledged: gone, but its seq is never handed out again.
    before.prepare('DELETE FROM store_outbox WHERE seq <= 1').run();
    before.close();

    const { history, db, report } = openHistory({ file });
    expect(report.outcome).toBe('opened');
    expect(schemaVersion(db)).toBe(SCHEMA_VERSION);
    const outbox = createStoreOutbox(db);
    expect(outbox.peek(10).map((entry) => [entry.seq, entry.recordId])).toEqual([
      [2, 'p2'],
      [3, 'p3'],
    ]);
    expect(outbox.append('print', 'p4', { id: 'p4' })).toBe(4);
    history.closeSync();
  });

  it('open a history of version 2 without an outbox, and give it one', () => {
    const file = historyFile();
    const before = open(file);
    migrate(before, 2);
    before.close();
    const { history, db, report } = openHistory({ file });
    expect(report.outcome).toBe('opened');
    expect(createStoreOutbox(db).append('sale', 's1', { id: 's1' })).toBe(1);
    history.closeSync();
  });
});
