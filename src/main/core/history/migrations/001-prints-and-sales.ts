import type { Migration } from './migration';

/**
 * Version 1: prints, their transitions and content; the tables of payment orders and sales (filled since
 * sales joined the history, sales-history.ts); history_meta. Released: never edited (the SQL's text,
 * comments included, is what SQLite keeps in sqlite_master, and migrations.test.ts holds it to its hash).
 */
export const PRINTS_AND_SALES = {
  sql: `
  CREATE TABLE prints (
    id TEXT PRIMARY KEY NOT NULL,
    seq INTEGER NOT NULL UNIQUE,
    rev INTEGER NOT NULL,
    terminal_id TEXT NOT NULL,
    subtype TEXT NOT NULL,
    external_reference TEXT NOT NULL,
    -- externalReference.toLowerCase() (computed in JS, as the manager's search and sort have always compared it).
    reference_key TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    status TEXT NOT NULL,
    final INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    last_error TEXT,
    -- lastError.code, '' without an error: the manager sorts prints without an error first.
    last_error_code TEXT NOT NULL,
    action_id TEXT,
    attempts INTEGER NOT NULL,
    first_sent_at INTEGER,
    cancel_requested INTEGER NOT NULL,
    cancel_key TEXT,
    reprint_of TEXT,
    content_bytes INTEGER NOT NULL,
    content_preview TEXT NOT NULL
  );
  -- One index per manager sort key, each ending in seq (the tie-break), and one per filter.
  CREATE INDEX prints_by_created ON prints (created_at, seq);
  CREATE INDEX prints_by_updated ON prints (updated_at, seq);
  CREATE INDEX prints_by_terminal ON prints (terminal_id, seq);
  CREATE INDEX prints_by_terminal_created ON prints (terminal_id, created_at, seq);
  CREATE INDEX prints_by_status ON prints (status, seq);
  CREATE INDEX prints_by_subtype ON prints (subtype, seq);
  CREATE INDEX prints_by_reference ON prints (reference_key, seq);
  CREATE INDEX prints_by_attempts ON prints (attempts, seq);
  CREATE INDEX prints_by_error ON prints (last_error_code, seq);
  -- What the queue resumes at start: small, whatever the history holds.
  CREATE INDEX prints_unfinished ON prints (seq) WHERE final = 0;

  CREATE TABLE print_transitions (
    id INTEGER PRIMARY KEY,
    print_id TEXT NOT NULL,
    status TEXT NOT NULL,
    at INTEGER NOT NULL,
    reason TEXT
  );
  CREATE INDEX print_transitions_by_print ON print_transitions (print_id, id);

  -- Up to 1 MB each: apart from the print's row, so listing and paging never read them.
  CREATE TABLE print_contents (
    print_id TEXT PRIMARY KEY NOT NULL,
    content TEXT NOT NULL
  );

  -- Point payment orders (spec 2.6, 6): the idempotency key is written before the first request, the
  -- platform's order id once it answers. Amounts are decimal strings (no binary floating point).
  CREATE TABLE payment_orders (
    id TEXT PRIMARY KEY NOT NULL,
    platform_order_id TEXT UNIQUE,
    idempotency_key TEXT NOT NULL UNIQUE,
    terminal_id TEXT NOT NULL,
    external_reference TEXT NOT NULL,
    amount TEXT NOT NULL,
    currency TEXT NOT NULL,
    status TEXT NOT NULL,
    status_detail TEXT,
    -- JSON array of the platform's payment ids.
    payment_ids TEXT NOT NULL DEFAULT '[]',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX payment_orders_by_terminal ON payment_orders (terminal_id, created_at);
  CREATE INDEX payment_orders_by_status ON payment_orders (status, created_at);
  CREATE INDEX payment_orders_by_created ON payment_orders (created_at);

  CREATE TABLE payment_order_transitions (
    id INTEGER PRIMARY KEY,
    order_id TEXT NOT NULL,
    status TEXT NOT NULL,
    status_detail TEXT,
    at INTEGER NOT NULL,
    reason TEXT
  );
  CREATE INDEX payment_order_transitions_by_order ON payment_order_transitions (order_id, id);

  -- A sale: what the cashier charged, paid by one payment order, its receipt printed as a print.
  CREATE TABLE sales (
    id TEXT PRIMARY KEY NOT NULL,
    order_id TEXT,
    receipt_print_id TEXT,
    terminal_id TEXT NOT NULL,
    amount TEXT NOT NULL,
    currency TEXT NOT NULL,
    -- JSON: the items sold, as the checkout screen built them.
    lines TEXT NOT NULL DEFAULT '[]',
    status TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX sales_by_created ON sales (created_at);
  CREATE INDEX sales_by_order ON sales (order_id);

  -- Facts about the history itself, e.g. that the old journal was imported (never twice).
  CREATE TABLE history_meta (
    key TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
  );
  `,
  tables: {
    prints: { kind: 'prints', holds: 'records' },
    print_transitions: { kind: 'prints', holds: 'parts' },
    print_contents: { kind: 'prints', holds: 'parts' },
    payment_orders: { kind: 'paymentOrders', holds: 'records' },
    payment_order_transitions: { kind: 'paymentOrders', holds: 'parts' },
    sales: { kind: 'terminalSales', holds: 'parts' },
    history_meta: { kind: 'meta', holds: 'records' },
  },
} as const satisfies Migration;
