import { OutboxKind, type OutboxEntry } from './records/outbox';
import type { DatabaseSync } from './sqlite';

/**
 * The store database's outbox as a table of the history (`store_outbox`, migration 003): the durable queue
 * of a counter's changes for the store database. `append` is called inside the transaction that writes the
 * local change, so a change is either both in the history and in the outbox, or in neither; the store's
 * publisher alone reads and acknowledges (core/store). The database must be at the current schema
 * (`openHistory` migrates it; `migrated` does for a bare file).
 */
export interface StoreOutbox {
  /** Returns the entry's seq. */
  append(kind: OutboxKind, recordId: string, payload: unknown): number;
  /** The oldest entries, in seq order. */
  peek(limit: number): readonly OutboxEntry[];
  /** Forgets every entry up to and including `upToSeq` (published). */
  ack(upToSeq: number): void;
  pending(): number;
}

export function createStoreOutbox(db: DatabaseSync): StoreOutbox {
  const insert = db.prepare('INSERT INTO store_outbox (kind, record_id, payload) VALUES (?, ?, ?)');
  const oldest = db.prepare('SELECT seq, kind, record_id, payload FROM store_outbox ORDER BY seq LIMIT ?');
  const remove = db.prepare('DELETE FROM store_outbox WHERE seq <= ?');
  const count = db.prepare('SELECT count(*) AS pending FROM store_outbox');
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
