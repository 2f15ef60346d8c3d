import type { Migration } from './migration';

/**
 * Version 5: outbox entries the store database refused (store-outbox.ts `setAside`). An entry the store
 * cannot take (a value its column cannot hold, a payload that does not parse) is moved here with the
 * store's reason, so the entries after it publish; Settings lists them with a Retry, which moves one back
 * under its own seq (its version in the store, so a newer copy of the record published since still wins).
 */
export const STORE_OUTBOX_ASIDE = {
  sql: `
  CREATE TABLE store_outbox_aside (
    seq INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('print', 'order', 'sale')),
    record_id TEXT NOT NULL,
    payload TEXT NOT NULL,
    code TEXT NOT NULL,
    reason TEXT NOT NULL,
    set_aside_at INTEGER NOT NULL
  );
  CREATE INDEX store_outbox_aside_by_record ON store_outbox_aside (record_id);
  `,
  tables: {
    store_outbox_aside: { kind: 'storeOutbox', holds: 'records' },
  },
} as const satisfies Migration;
