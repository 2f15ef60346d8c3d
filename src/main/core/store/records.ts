import { z } from 'zod';
import { JournalPrint } from '../print-queue/records';

/**
 * What a counter publishes to the store database, parsed when read back from the outbox (a boundary:
 * it comes from disk). Times stay epoch milliseconds, as in the counter's own history.
 */
export const OutboxKind = z.enum(['print', 'order', 'sale']);
export type OutboxKind = z.infer<typeof OutboxKind>;

/** A print as the whole store sees it: everything but the keys that only matter to its own counter. */
export const PublishedPrint = JournalPrint.omit({ seq: true, rev: true, idempotencyKey: true, cancelKey: true, firstSentAt: true });
export type PublishedPrint = z.infer<typeof PublishedPrint>;

export function publishedPrint(print: Readonly<JournalPrint>): PublishedPrint {
  return PublishedPrint.parse(print);
}

/** A payment order on a terminal (the Orders work); amounts in the currency's units, two decimals. */
export const PublishedOrder = z.object({
  id: z.string().min(1),
  terminalId: z.string().min(1),
  externalReference: z.string(),
  amount: z.number().nonnegative(),
  currency: z.string().min(3).max(3),
  status: z.string().min(1),
  statusDetail: z.string().nullable(),
  paymentIds: z.array(z.string()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type PublishedOrder = z.infer<typeof PublishedOrder>;

export const PublishedSale = z.object({
  id: z.string().min(1),
  orderId: z.string().nullable(),
  total: z.number().nonnegative(),
  currency: z.string().min(3).max(3),
  status: z.string().min(1),
  paymentIds: z.array(z.string()),
  items: z.array(z.record(z.string(), z.unknown())),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type PublishedSale = z.infer<typeof PublishedSale>;

export const OUTBOX_PAYLOADS = { print: PublishedPrint, order: PublishedOrder, sale: PublishedSale } as const;
