import type { ChangedRecords } from './history-changes';
import { historyMeta, MARKERS } from './meta';
import type { OutboxKind } from './records/outbox';
import { parseSaleRecord } from './records/terminal-sale';
import { printFromRows } from './rows';
import type { DatabaseSync } from './sqlite';

/** In history_meta once the history's earlier prints and sales were put in the store database's outbox. */
export const STORE_BACKFILL_MARKER = MARKERS.storeBackfill;

/**
 * The marker says every record of the history is in the outbox or the store; a write while the store
 * database is off breaks that, so it takes the marker away in its own transaction (store-service.ts)
 * and the next switch-on republishes the whole history (an upsert: the store ends up the same). A salvage
 * that lost outbox entries takes it away too (salvage.ts).
 */
export function forgetBackfill(db: DatabaseSync): void {
  historyMeta(db).forget(STORE_BACKFILL_MARKER);
}

/** Appends one record to the outbox, as the store makes it into what it publishes. */
export type BackfillAppend = <Kind extends OutboxKind>(kind: Kind, recordId: string, record: ChangedRecords[Kind]) => void;

/**
 * Appends every print and sale the history holds to the outbox, in one transaction with the marker row:
 * all of them and the marker, or neither. Nothing when the marker is there (done once per history), or
 * when a transaction is open (an import in progress: the next call does it). A row that cannot be read
 * is skipped rather than keep the rest from the store. Returns how many records were appended, or
 * undefined when nothing was done.
 */
export function backfillHistory(db: DatabaseSync, append: BackfillAppend): number | undefined {
  if (db.isTransaction) return undefined;
  const meta = historyMeta(db);
  if (meta.has(STORE_BACKFILL_MARKER)) return undefined;
  const transitions = db.prepare('SELECT status, at, reason FROM print_transitions WHERE print_id = ? ORDER BY id');
  let appended = 0;
  db.exec('BEGIN IMMEDIATE');
  try {
    // iterate(): a history of a million prints is never held in memory at once.
    for (const row of db.prepare('SELECT * FROM prints ORDER BY seq').iterate()) {
      const print = printFromRows(row, transitions.all((row as { id: string }).id));
      if (print === undefined) continue;
      append('print', print.id, print);
      appended++;
    }
    for (const row of db.prepare('SELECT record FROM sale_records ORDER BY created_at, rowid').iterate()) {
      let record;
      try {
        record = parseSaleRecord(String((row as { record: unknown }).record));
      } catch {
        continue;
      }
      append('order', record.id, record);
      append('sale', record.id, record);
      appended += 2;
    }
    meta.mark(STORE_BACKFILL_MARKER);
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
  return appended;
}
