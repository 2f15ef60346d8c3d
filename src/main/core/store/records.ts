import { z } from 'zod';
import type { ChangedRecords } from '../history/history-changes';
import type { OutboxKind } from '../history/records/outbox';
import { JournalPrint } from '../history/records/print';
import type { SaleRecord } from '../history/records/terminal-sale';
import { MadeBy } from '../../../shared/staff/made-by';

/**
 * What a counter publishes to the store database, made from its history's records and parsed when read
 * back from the outbox (a boundary: it comes from disk). Times stay epoch milliseconds, as in the
 * counter's own history.
 */

/** A print as the whole store sees it: everything but the keys that only matter to its own counter. */
export const PublishedPrint = JournalPrint.omit({ seq: true, rev: true, idempotencyKey: true, cancelKey: true, firstSentAt: true });
export type PublishedPrint = z.infer<typeof PublishedPrint>;

export function publishedPrint(print: Readonly<JournalPrint>): PublishedPrint {
  return PublishedPrint.parse(print);
}

/**
 * Empty until known: a sale's currency is not kept yet (history/sales-history.ts UNKNOWN_CURRENCY), and
 * the store shows what the counter knows rather than a guess.
 */
const Currency = z.union([z.literal(''), z.string().length(3)]);

/** A payment order on a terminal (the Orders work); amounts in the currency's units, two decimals. */
export const PublishedOrder = z.object({
  id: z.string().min(1),
  terminalId: z.string().min(1),
  externalReference: z.string(),
  amount: z.number().nonnegative(),
  currency: Currency,
  status: z.string().min(1),
  statusDetail: z.string().nullable(),
  paymentIds: z.array(z.string()),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Who charged it (and who approved); absent in entries queued before Counter kept it. */
  madeBy: MadeBy.nullable().default(null),
});
export type PublishedOrder = z.infer<typeof PublishedOrder>;

export const PublishedSale = z.object({
  id: z.string().min(1),
  orderId: z.string().nullable(),
  total: z.number().nonnegative(),
  currency: Currency,
  status: z.string().min(1),
  paymentIds: z.array(z.string()),
  items: z.array(z.record(z.string(), z.unknown())),
  createdAt: z.number(),
  updatedAt: z.number(),
  madeBy: MadeBy.nullable().default(null),
});
export type PublishedSale = z.infer<typeof PublishedSale>;

export const OUTBOX_PAYLOADS = { print: PublishedPrint, order: PublishedOrder, sale: PublishedSale } as const;

/** The order as its counter's history keeps it: the sale's own id, as the history's `payment_orders` row. */
export function publishedOrder(record: Readonly<SaleRecord>): PublishedOrder {
  return PublishedOrder.parse({
    id: record.id,
    terminalId: record.terminalId,
    externalReference: record.externalReference,
    amount: Number(record.amount),
    currency: '',
    status: record.status,
    statusDetail: record.statusDetail,
    paymentIds: record.transactionId === null ? [] : [record.transactionId],
    createdAt: Date.parse(record.createdAt),
    updatedAt: Date.parse(record.updatedAt),
    madeBy: record.madeBy ?? null,
  });
}

/** The sale settled by the order of the same id (the history's `sales.order_id` is the sale's id too). */
export function publishedSale(record: Readonly<SaleRecord>): PublishedSale {
  return PublishedSale.parse({
    id: record.id,
    orderId: record.id,
    total: Number(record.amount),
    currency: '',
    status: record.status,
    paymentIds: record.transactionId === null ? [] : [record.transactionId],
    items: record.items,
    createdAt: Date.parse(record.createdAt),
    updatedAt: Date.parse(record.updatedAt),
    madeBy: record.madeBy ?? null,
  });
}

const PUBLISHED: { readonly [Kind in OutboxKind]: (record: ChangedRecords[Kind]) => unknown } = {
  print: publishedPrint,
  order: publishedOrder,
  sale: publishedSale,
};

/** What the store publishes of a record the history changed (history/history-changes.ts): the outbox entry's payload. */
export function publishedRecord<Kind extends OutboxKind>(kind: Kind, record: ChangedRecords[Kind]): unknown {
  return PUBLISHED[kind](record);
}
