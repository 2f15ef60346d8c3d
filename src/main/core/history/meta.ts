import type { DatabaseSync } from './sqlite';

/**
 * The history's facts about itself (`history_meta`): one row per marker, e.g. that an import was done,
 * written in the transaction of what it marks, so the thing and its marker are there together or not at all.
 */
export const MARKERS = {
  /** The old segment journal was imported (migrate-journal.ts). */
  journalImport: 'journal-import',
  /** The old separate sales database was imported (migrate-sales.ts). */
  salesImport: 'sales-import',
  /** The checkout sales of the settings file were imported (checkout-sales.ts). */
  checkoutSalesImport: 'checkout-sales-import',
  /**
   * Every earlier print and sale is in the store outbox or the store (backfill.ts), marked with this
   * history's environment. Renamed when the store learnt environments, so a history published before then
   * is published once more, this time saying which environment it is.
   */
  storeBackfill: 'store_backfill_environment',
  /** The `--seed-prints` seeder wrote this history (seed.ts). */
  seedPrints: 'seed-prints',
} as const;

/** Markers by name: the MARKERS, or one a caller of an import names itself. */
export interface HistoryMeta {
  has(marker: string): boolean;
  /** Sets the marker (dated now); inside the caller's transaction when one is open. */
  mark(marker: string): void;
  forget(marker: string): void;
}

export function historyMeta(db: DatabaseSync): HistoryMeta {
  const select = db.prepare('SELECT 1 FROM history_meta WHERE key = ?');
  const insert = db.prepare('INSERT OR REPLACE INTO history_meta (key, value) VALUES (?, ?)');
  const remove = db.prepare('DELETE FROM history_meta WHERE key = ?');
  return {
    has: (marker) => select.get(marker) !== undefined,
    mark: (marker) => void insert.run(marker, new Date().toISOString()),
    forget: (marker) => void remove.run(marker),
  };
}
