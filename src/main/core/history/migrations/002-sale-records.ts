import type { Migration } from './migration';

/**
 * Version 2: what the sales service keeps of a sale beyond the tables of version 1 (the keys of its pending
 * cancel or refund, its items and refunds), as one zod-checked JSON record per sale; `final = 0` is what a
 * start resumes. The terminal sales' own table: `sales` (version 1) is a summary of each for other readers.
 * Released: never edited.
 */
export const SALE_RECORDS = {
  sql: `
  CREATE TABLE sale_records (
    sale_id TEXT PRIMARY KEY NOT NULL,
    final INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    record TEXT NOT NULL
  );
  CREATE INDEX sale_records_unfinished ON sale_records (created_at) WHERE final = 0;
  CREATE INDEX sale_records_by_created ON sale_records (created_at);
  `,
  tables: {
    sale_records: { kind: 'terminalSales', holds: 'records' },
  },
} as const satisfies Migration;
