import { OutboxKind, type AsideEntry, type OutboxEntry } from './records/outbox';
import { type DatabaseSync, immediateTransaction } from './sqlite';

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
  /** Moves one entry out of the way, with why the store refused it; the entries after it go on. */
  setAside(seq: number, refusal: { code: string; reason: string }, at: number): void;
  /** The entries set aside, oldest first, at most `limit`. */
  aside(limit: number): readonly AsideEntry[];
  asideCount(): number;
  /** Puts one set-aside entry (or, with undefined, every one) back in the outbox under its own seq; how many. */
  retry(seq?: number): number;
}

export function createStoreOutbox(db: DatabaseSync): StoreOutbox {
  const insert = db.prepare('INSERT INTO store_outbox (kind, record_id, payload) VALUES (?, ?, ?)');
  const oldest = db.prepare('SELECT seq, kind, record_id, payload FROM store_outbox ORDER BY seq LIMIT ?');
  const remove = db.prepare('DELETE FROM store_outbox WHERE seq <= ?');
  const count = db.prepare('SELECT count(*) AS pending FROM store_outbox');
  const moveAside = db.prepare(
    'INSERT OR REPLACE INTO store_outbox_aside (seq, kind, record_id, payload, code, reason, set_aside_at) SELECT seq, kind, record_id, payload, ?, ?, ? FROM store_outbox WHERE seq = ?',
  );
  const removeOne = db.prepare('DELETE FROM store_outbox WHERE seq = ?');
  const asideRows = db.prepare('SELECT seq, kind, record_id, payload, code, reason, set_aside_at FROM store_outbox_aside ORDER BY seq LIMIT ?');
  const asideTotal = db.prepare('SELECT count(*) AS n FROM store_outbox_aside');
  // Its own seq, not a new one: a newer copy of the record published meanwhile must still win in the store.
  const moveBack = db.prepare(
    'INSERT OR IGNORE INTO store_outbox (seq, kind, record_id, payload) SELECT seq, kind, record_id, payload FROM store_outbox_aside WHERE ? IS NULL OR seq = ?',
  );
  const removeAside = db.prepare('DELETE FROM store_outbox_aside WHERE ? IS NULL OR seq = ?');
  const transaction = <T>(run: () => T): T => immediateTransaction(db, run);
  const entryOf = (row: Record<string, unknown>): OutboxEntry => ({
    seq: Number(row['seq']),
    kind: OutboxKind.parse(row['kind']),
    recordId: String(row['record_id']),
    payload: readPayload(String(row['payload'])),
  });
  return {
    append(kind, recordId, payload) {
      const result = insert.run(kind, recordId, JSON.stringify(payload));
      return Number(result.lastInsertRowid);
    },
    peek(limit) {
      return oldest.all(limit).map(entryOf);
    },
    ack(upToSeq) {
      remove.run(upToSeq);
    },
    pending: () => Number(count.get()?.['pending'] ?? 0),
    setAside(seq, refusal, at) {
      transaction(() => {
        moveAside.run(refusal.code, refusal.reason, at, seq);
        removeOne.run(seq);
      });
    },
    aside(limit) {
      return asideRows
        .all(limit)
        .map((row): AsideEntry => ({ ...entryOf(row), code: String(row['code']), reason: String(row['reason']), setAsideAt: Number(row['set_aside_at']) }));
    },
    asideCount: () => Number(asideTotal.get()?.['n'] ?? 0),
    retry(seq) {
      const which = seq ?? null;
      return transaction(() => {
        moveBack.run(which, which);
        return Number(removeAside.run(which, which).changes);
      });
    },
  };
}

/** A payload that is not JSON stays its text: the publisher's schema refuses it and sets it aside. */
function readPayload(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
