import { CheckoutSale } from '../../../shared/ipc/channels/checkout';
import type { Logger } from '../ports';
import { historyMeta, MARKERS } from './meta';
import { type DatabaseSync, immediateTransaction } from './sqlite';

/**
 * How many checkout sales a history keeps: the oldest goes when a new one would make more (as the settings
 * file kept them), unless an open shift began before it.
 */
export const DEFAULT_MAX_CHECKOUT_SALES = 200;

/**
 * The checkout's sales of one environment (`checkout_sales`, migration 004): preferences and the payments
 * they became (core/checkout). Newest first; bounded to `maxSales`. Every call is synchronous, so a caller
 * can read, change and write a sale in one step.
 */
export interface CheckoutSales {
  /** Newest first. */
  list(limit?: number): CheckoutSale[];
  get(preferenceId: string): CheckoutSale | undefined;
  /** Every sale kept, newest first. */
  all(): CheckoutSale[];
  /** Adds a sale or replaces the one with its preference id, in one transaction with the bound. */
  put(sale: CheckoutSale): void;
  /**
   * The sales kept before elsewhere (the settings file's `checkout.sales.{environment}`), once: in one
   * transaction with the marker, so a crash mid-import leaves neither and the next start imports them all;
   * never twice (`read` is not even called then). Sales already known by preference id are left as they are.
   */
  importOnce(read: () => readonly CheckoutSale[]): { imported: number; alreadyDone: boolean };
}

/** Newest first by ISO time; among equal times the order given (stable), as the list in the settings file was kept. */
const byNewest = (sales: readonly CheckoutSale[]): CheckoutSale[] => [...sales].sort((left, right) => right.createdAt.localeCompare(left.createdAt));

export function createCheckoutSales(db: DatabaseSync, options: { logger?: Logger; maxSales?: number } = {}): CheckoutSales {
  const maxSales = options.maxSales ?? DEFAULT_MAX_CHECKOUT_SALES;
  const meta = historyMeta(db);
  // OR REPLACE: a rewritten sale takes a new rowid, the last among sales of the same time (see migration 004).
  const upsert = db.prepare('INSERT OR REPLACE INTO checkout_sales (preference_id, created_at, sale) VALUES (?, ?, ?)');
  const insertNew = db.prepare('INSERT OR IGNORE INTO checkout_sales (preference_id, created_at, sale) VALUES (?, ?, ?)');
  const newest = db.prepare('SELECT preference_id, sale FROM checkout_sales ORDER BY created_at DESC, rowid ASC LIMIT ?');
  const one = db.prepare('SELECT preference_id, sale FROM checkout_sales WHERE preference_id = ?');
  // A sale made since the oldest open shift began is kept past the bound: that shift's X and Z count it.
  const trim = db.prepare(`
    DELETE FROM checkout_sales
    WHERE preference_id NOT IN (SELECT preference_id FROM checkout_sales ORDER BY created_at DESC, rowid ASC LIMIT ?)
      AND created_at < coalesce((SELECT strftime('%Y-%m-%dT%H:%M:%fZ', min(opened_at) / 1000.0, 'unixepoch') FROM shifts WHERE status = 'open'), '~')`);

  /** A sale as read back; a damaged one is left out (and logged) rather than hide every other sale. */
  function parse(row: Record<string, unknown>): CheckoutSale[] {
    try {
      return [CheckoutSale.parse(JSON.parse(String(row['sale'])))];
    } catch (error) {
      options.logger?.warn('a checkout sale of the history could not be read', { preferenceId: String(row['preference_id']), error: String(error) });
      return [];
    }
  }

  const transaction = (run: () => void): void => immediateTransaction(db, run);

  const list = (limit = maxSales): CheckoutSale[] => newest.all(limit).flatMap(parse);
  return {
    list,
    all: () => list(maxSales),
    get(preferenceId) {
      const row = one.get(preferenceId);
      return row === undefined ? undefined : parse(row)[0];
    },
    put(sale) {
      transaction(() => {
        upsert.run(sale.preferenceId, sale.createdAt, JSON.stringify(sale));
        trim.run(maxSales);
      });
    },
    importOnce(read) {
      if (meta.has(MARKERS.checkoutSalesImport)) return { imported: 0, alreadyDone: true };
      const sales = read();
      let imported = 0;
      transaction(() => {
        // In the list's order: among sales of the same time, the first listed takes the lowest rowid and stays first.
        for (const sale of byNewest(sales)) imported += Number(insertNew.run(sale.preferenceId, sale.createdAt, JSON.stringify(sale)).changes);
        trim.run(maxSales);
        meta.mark(MARKERS.checkoutSalesImport);
      });
      return { imported, alreadyDone: false };
    },
  };
}
