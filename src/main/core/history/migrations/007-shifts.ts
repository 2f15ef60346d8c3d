import type { Migration } from './migration';

/**
 * The counter's day (core/day): shifts, the cash and other sales taken at the counter, the Z reports and
 * the explanations a manager gives to reconciliation differences. Records are zod-checked JSON; the
 * columns beside them are what the day's reads filter on. At most one open shift per counter, held by
 * the database itself (a partial unique index), so two windows opening at once cannot both succeed.
 * A Z number is the next after the highest kept (Zs are never deleted), written in the close's transaction.
 */
export const SHIFTS = {
  sql: `
  CREATE TABLE shifts (
    id TEXT PRIMARY KEY NOT NULL,
    counter_id TEXT NOT NULL,
    status TEXT NOT NULL,
    opened_at INTEGER NOT NULL,
    record TEXT NOT NULL
  );
  CREATE UNIQUE INDEX shifts_one_open_per_counter ON shifts (counter_id) WHERE status = 'open';
  CREATE INDEX shifts_by_opened ON shifts (opened_at);

  CREATE TABLE counter_sales (
    id TEXT PRIMARY KEY NOT NULL,
    shift_id TEXT NOT NULL,
    at INTEGER NOT NULL,
    record TEXT NOT NULL
  );
  CREATE INDEX counter_sales_by_shift ON counter_sales (shift_id, at);

  CREATE TABLE z_reports (
    number INTEGER PRIMARY KEY,
    shift_id TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    record TEXT NOT NULL
  );
  CREATE INDEX z_reports_by_created ON z_reports (created_at, number);

  CREATE TABLE difference_notes (
    id INTEGER PRIMARY KEY,
    shift_id TEXT NOT NULL,
    difference_key TEXT NOT NULL,
    at INTEGER NOT NULL,
    record TEXT NOT NULL
  );
  CREATE INDEX difference_notes_by_shift ON difference_notes (shift_id, difference_key, id);
  `,
  tables: {
    shifts: { kind: 'shifts', holds: 'records' },
    counter_sales: { kind: 'shifts', holds: 'parts' },
    z_reports: { kind: 'shifts', holds: 'parts' },
    difference_notes: { kind: 'shifts', holds: 'parts' },
  },
} as const satisfies Migration;
