import { z } from 'zod';

/** What an entry of the store database's outbox is about (the `store_outbox.kind` column and its CHECK). */
export const OutboxKind = z.enum(['print', 'order', 'sale']);
export type OutboxKind = z.infer<typeof OutboxKind>;

/** One local change waiting to be copied to the store database. */
export interface OutboxEntry {
  /** Strictly increasing and never reused on a counter: it is also the row's version in the store database. */
  readonly seq: number;
  readonly kind: OutboxKind;
  readonly recordId: string;
  /** What the store publishes of the record after the change, as the store made it (parsed by the publisher when read back). */
  readonly payload: unknown;
}

/** An entry the store database refused, kept apart with its reason until someone retries it. */
export interface AsideEntry extends OutboxEntry {
  /** store_* code of the refusal, or the database's SQLSTATE. */
  readonly code: string;
  /** The store's own words (for IT). */
  readonly reason: string;
  /** Epoch ms. */
  readonly setAsideAt: number;
}
