import type { TerminalSale } from '../../../shared/ipc/channels/terminal-sales';
import type { SaleRecord } from '../history/records/terminal-sale';

/**
 * Where sales live. `save` commits the record, and no request leaves for the platform before it is on
 * disk (the transport's write-ahead gate): the service writes a sale (and any key) before the request
 * that uses it, so a crash leaves at most a request the next run repeats with the same key.
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
