import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Outbox, OutboxEntry } from './outbox';
import { OutboxKind } from './records';

/**
 * The outbox as a table in the counter's history database (node:sqlite). Give it the history's own
 * DatabaseSync, and call `append` inside the transaction that writes the local change.
 * AUTOINCREMENT: a seq is never reused after acked rows are deleted, since the store database keeps
 * the highest seq it saw per record and ignores anything lower.
 */
export function createSqliteOutbox(database: DatabaseSync): Outbox {
  database.exec(`CREATE TABLE IF NOT EXISTS store_outbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('print', 'order', 'sale')),
    record_id TEXT NOT NULL,
    payload TEXT NOT NULL
  )`);
  const insert: StatementSync = database.prepare('INSERT INTO store_outbox (kind, record_id, payload) VALUES (?, ?, ?)');
  const oldest: StatementSync = database.prepare('SELECT seq, kind, record_id, payload FROM store_outbox ORDER BY seq LIMIT ?');
  const remove: StatementSync = database.prepare('DELETE FROM store_outbox WHERE seq <= ?');
  const count: StatementSync = database.prepare('SELECT count(*) AS pending FROM store_outbox');

  return {
    append(kind, recordId, payload) {
      const result = insert.run(kind, recordId, JSON.stringify(payload));
      return Number(result.lastInsertRowid);
    },
    peek(limit) {
      return oldest.all(limit).map((row): OutboxEntry => {
        const kind = OutboxKind.parse(row['kind']);
        return { seq: Number(row['seq']), kind, recordId: String(row['record_id']), payload: JSON.parse(String(row['payload'])) as unknown };
      });
    },
    ack(upToSeq) {
      remove.run(upToSeq);
    },
    pending: () => Number(count.get()?.['pending'] ?? 0),
  };
}
