import type { TerminalSale } from '../../../shared/ipc/channels/terminal-sales';

/** A cancel or a refund on its way: its key is on disk before its first request, and every retry reuses it. */
export interface PendingOperation {
  kind: 'cancel' | 'refund';
  idempotencyKey: string;
  /** A partial refund's amount; null refunds what remains. */
  amount: string | null;
}

/** What the orders service keeps of a sale: the renderer's view plus the keys that make every request exactly-once. */
export interface SaleRecord extends Omit<TerminalSale, 'pending'> {
  /** The create's X-Idempotency-Key, written before the first create leaves, never replaced. */
  idempotencyKey: string;
  /** The order's payment transaction id (needed for a partial refund). */
  transactionId: string | null;
  /** The transaction's `reference_id`: the payment in `GET /v1/payments/{id}`, read once for the card's details. */
  paymentId: string | null;
  pendingOperation: PendingOperation | null;
}

/**
 * Where sales live. `save` returns only once the record is durable: the service writes a sale (and any
 * key) before the request that uses it, so a crash leaves at most a request the next run repeats with
 * the same key.
 */
export interface OrderStore {
  save(record: SaleRecord): void;
  get(id: string): SaleRecord | undefined;
  /** Newest first. */
  list(limit?: number): SaleRecord[];
  /** Sales whose order may still change or that have an operation in flight: resumed at start. */
  unfinished(): SaleRecord[];
  close(): void;
}

export function toSale(record: SaleRecord): TerminalSale {
  const { idempotencyKey: _key, transactionId: _transaction, paymentId: _payment, pendingOperation, ...sale } = record;
  return { ...sale, pending: pendingOperation?.kind ?? null };
}
