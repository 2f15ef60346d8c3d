import type { OutboxKind } from '../store/records';
import { publishedOrder, publishedPrint, publishedSale } from '../store/records';
import { parseSaleRecord } from './sales-history';
import { printFromRows } from './rows';
import type { DatabaseSync } from './sqlite';

/** In history_meta once the history's earlier prints and sales were put in the store database's outbox. */
export const STORE_BACKFILL_MARKER = 'store_backfill';

/**
 * The marker says every record of the history is in the outbox or the store; a write while the store
 * database is off breaks that, so it takes the marker away in its own transaction (store-service.ts)
 * and the next switch-on republishes the whole history (an upsert: the store ends up the same).
 */
export function forgetBackfill(db: DatabaseSync): void {
  db.prepare('DELETE FROM history_meta WHERE key = ?').run(STORE_BACKFILL_MARKER);
}

export type BackfillAppend = (kind: OutboxKind, recordId: string, payload: unknown) => void;

/**
 * Appends every print and sale the history holds to the outbox, in one transaction with the marker row:
 * all of them and the marker, or neither. Nothing when the marker is there (done once per history), or
 * when a transaction is open (an import in progress: the next call does it). A row that cannot be read
 * is skipped rather than keep the rest from the store. Returns how many records were appended, or
 * undefined when nothing was done.
 */
export function backfillHistory(db: DatabaseSync, append: BackfillAppend): number | undefined {
  if (db.isTransaction) return undefined;
  if (db.prepare('SELECT 1 FROM history_meta WHERE key = ?').get(STORE_BACKFILL_MARKER) !== undefined) return undefined;
  const transitions = db.prepare('SELECT status, at, reason FROM print_transitions WHERE print_id = ? ORDER BY id');
  let appended = 0;
  db.exec('BEGIN IMMEDIATE');
  try {
    // iterate(): a history of a million prints is never held in memory at once.
    for (const row of db.prepare('SELECT * FROM prints ORDER BY seq').iterate()) {
      const print = printFromRows(row, transitions.all((row as { id: string }).id));
      if (print === undefined) continue;
      append('print', print.id, publishedPrint(print));
      appended++;
    }
    for (const row of db.prepare('SELECT record FROM sale_records ORDER BY created_at, rowid').iterate()) {
      let record;
      try {
        record = parseSaleRecord(String((row as { record: unknown }).record));
      } catch {
        continue;
      }
      append('order', record.id, publishedOrder(record));
      append('sale', record.id, publishedSale(record));
      appended += 2;
    }
    db.prepare('INSERT INTO history_meta (key, value) VALUES (?, ?)').run(STORE_BACKFILL_MARKER, new Date().toISOString());
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
  return appended;
}
