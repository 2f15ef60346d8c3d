import type { JournalPrint } from './records/print';
import type { OutboxKind } from './records/outbox';
import type { SaleRecord } from './records/terminal-sale';
import type { DatabaseSync } from './sqlite';

/**
 * The history's record behind each kind of change: a print, and a terminal sale for both its payment
 * order and its sale. Whoever hears the change makes of it what it needs (the store makes what it
 * publishes, store/records.ts).
 */
export interface ChangedRecords {
  print: Readonly<JournalPrint>;
  order: Readonly<SaleRecord>;
  sale: Readonly<SaleRecord>;
}

/**
 * Who hears of every change the history writes, inside the transaction that writes it: the store
 * database's outbox (store/store-service.ts) appends there, so a change is in the history and in the
 * outbox together or in neither.
 */
export interface HistoryChanges {
  /**
   * Inside the write's transaction; must not await. `record` gives the record as it is after the change
   * (called only when the store database is on, so a counter without one pays nothing).
   */
  record<Kind extends OutboxKind>(kind: Kind, recordId: string, record: () => ChangedRecords[Kind]): void;
  /** After a commit: whatever waits for changes may look now (never awaited by the writer). */
  committed(): void;
  /** The database is about to close: stop reading it. */
  closed(): void;
}

/** Made for each database the history opens (each environment has its own). */
export type HistoryChangesFactory = (db: DatabaseSync) => HistoryChanges;
