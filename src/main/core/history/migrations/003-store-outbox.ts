import type { Migration } from './migration';

/**
 * Version 3: the store database's outbox (store-outbox.ts). Before it was a migration the store created
 * this table itself on any history it published from, with this very definition: IF NOT EXISTS keeps those
 * databases (at version 2, with the table) opening as they are, their unpublished entries included.
 * AUTOINCREMENT: a seq is never reused after acknowledged rows are deleted, since the store database keeps
 * the highest seq it saw per record and ignores anything lower. The index is what lets a salvage count and
 * find the entries of a damaged outbox (salvage.ts), as every other table's index does.
 */
export const STORE_OUTBOX = {
  sql: `
  CREATE TABLE IF NOT EXISTS store_outbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL CHECK (kind IN ('print', 'order', 'sale')),
    record_id TEXT NOT NULL,
    payload TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS store_outbox_by_record ON store_outbox (record_id);
  `,
  tables: {
    store_outbox: { kind: 'storeOutbox', holds: 'records' },
  },
} as const satisfies Migration;
