import type { OutboxKind } from '../store/records';
import type { DatabaseSync } from './sqlite';

/**
 * Who hears of every change the history writes, inside the transaction that writes it: the store
 * database's outbox (store/store-service.ts) appends there, so a change is in the history and in the
 * outbox together or in neither. Generic over the record kind so payment orders and sales written to
 * the same database plug in the same way (`record('sale', id, () => publishedSale(sale))`).
 */
export interface HistoryChanges {
  /**
   * Inside the write's transaction; must not await. `payload` makes the record as it is after the change
   * (called only when the store database is on, so a counter without one pays nothing).
   */
  record(kind: OutboxKind, recordId: string, payload: () => unknown): void;
  /** After a commit: whatever waits for changes may look now (never awaited by the writer). */
  committed(): void;
  /** The database is about to close: stop reading it. */
  closed(): void;
}

/** Made for each database the history opens (each environment has its own). */
export type HistoryChangesFactory = (db: DatabaseSync) => HistoryChanges;
