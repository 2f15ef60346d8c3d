import { z } from 'zod';
import { TerminalSale } from '../../../../shared/ipc/channels/terminal-sales';

/** A cancel or a refund on its way: its key is on disk before its first request, and every retry reuses it. */
export const PendingOperation = z.object({
  kind: z.enum(['cancel', 'refund']),
  idempotencyKey: z.string().min(1),
  /** A partial refund's amount; null refunds what remains. */
  amount: z.string().nullable(),
});
export type PendingOperation = z.infer<typeof PendingOperation>;

/**
 * What the sales service keeps of a terminal sale (the `sale_records` table, one JSON record per sale,
 * parsed when read back): the renderer's view plus the keys that make every request exactly-once. Its
 * payment order and its summary row are written from it (sales-history.ts).
 */
export const SaleRecord = TerminalSale.omit({ pending: true }).extend({
  /** The create's X-Idempotency-Key, written before the first create leaves, never replaced. */
  idempotencyKey: z.string().min(1),
  /** The order's payment transaction id (needed for a partial refund). */
  transactionId: z.string().nullable(),
  /** The transaction's `reference_id`: the payment in `GET /v1/payments/{id}`, read once for the card's details. */
  paymentId: z.string().nullable().default(null),
  pendingOperation: PendingOperation.nullable(),
  // Absent in records written before the receipt showed the card (docs/decisions.md "Charge on the terminal").
  cardLastFour: z.string().nullable().default(null),
  authorizationCode: z.string().nullable().default(null),
});
export type SaleRecord = z.infer<typeof SaleRecord>;

/** A record as read back; a damaged one is skipped by the caller rather than stopping every sale. */
export function parseSaleRecord(text: string): SaleRecord {
  return SaleRecord.parse(JSON.parse(text));
}
