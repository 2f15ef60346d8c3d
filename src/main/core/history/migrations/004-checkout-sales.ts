import type { Migration } from './migration';

/**
 * Version 4: the checkout's sales (checkout-sales.ts), kept before in the settings file (electron-store,
 * key `checkout.sales.{environment}`) and imported from there once (docs/decisions.md "Checkout sales").
 * One JSON record per sale, zod-checked when read; `created_at` is the sale's own ISO time, so newest
 * first is `created_at DESC`, and among equal times the sale written last comes last (its rowid, which
 * INSERT OR REPLACE renews), as the list in the settings file ordered them.
 */
export const CHECKOUT_SALES = {
  sql: `
  CREATE TABLE checkout_sales (
    preference_id TEXT PRIMARY KEY NOT NULL,
    created_at TEXT NOT NULL,
    sale TEXT NOT NULL
  );
  CREATE INDEX checkout_sales_by_created ON checkout_sales (created_at);
  `,
  tables: {
    checkout_sales: { kind: 'checkoutSales', holds: 'records' },
  },
} as const satisfies Migration;
