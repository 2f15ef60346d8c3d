import { z } from 'zod';
import type { DatabaseSync } from './sqlite';

/**
 * A point payment order as the history keeps it (`payment_orders`, spec 2.6, 6): the idempotency key is
 * written before the first request, the platform's order id once it answers. Amounts are decimal strings
 * (no binary floating point); times are epoch milliseconds. Rows are parsed when read: a damaged cell is
 * a row that cannot be read, never a wrong order.
 */
export const PaymentOrderRow = z.object({
  id: z.string(),
  platform_order_id: z.string().nullable(),
  idempotency_key: z.string(),
  terminal_id: z.string(),
  external_reference: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.string(),
  status_detail: z.string().nullable(),
  payment_ids: z.string().transform((text, context) => {
    try {
      return z.array(z.string()).parse(JSON.parse(text));
    } catch {
      context.addIssue({ code: 'custom', message: 'payment_ids is not a JSON array of ids' });
      return z.NEVER;
    }
  }),
  created_at: z.number(),
  updated_at: z.number(),
});

export interface PaymentOrderRecord {
  id: string;
  platformOrderId: string | null;
  idempotencyKey: string;
  terminalId: string;
  externalReference: string;
  amount: string;
  /** Empty until known: the platform's answer is not kept yet. */
  currency: string;
  status: string;
  statusDetail: string | null;
  paymentIds: string[];
  createdAt: number;
  updatedAt: number;
}

/** One step of an order's history (`payment_order_transitions`), epoch milliseconds. */
export interface PaymentOrderTransition {
  status: string;
  statusDetail: string | null;
  at: number;
}

export const PaymentOrderTransitionRow = z.object({
  order_id: z.string(),
  status: z.string(),
  status_detail: z.string().nullable(),
  at: z.number(),
  reason: z.string().nullable(),
});

export interface PaymentOrders {
  /** Inside the caller's transaction: the order, and those of `history` it does not hold yet (they only grow). */
  write(order: PaymentOrderRecord, history: readonly PaymentOrderTransition[]): void;
  get(id: string): PaymentOrderRecord | undefined;
  transitions(id: string): PaymentOrderTransition[];
}

function orderOf(row: unknown): PaymentOrderRecord {
  const r = PaymentOrderRow.parse(row);
  return {
    id: r.id,
    platformOrderId: r.platform_order_id,
    idempotencyKey: r.idempotency_key,
    terminalId: r.terminal_id,
    externalReference: r.external_reference,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    statusDetail: r.status_detail,
    paymentIds: r.payment_ids,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The payment orders of a history; a terminal sale writes its order in its own transaction (sales-history.ts). */
export function createPaymentOrders(db: DatabaseSync): PaymentOrders {
  const upsert = db.prepare(`
    INSERT INTO payment_orders (id, platform_order_id, idempotency_key, terminal_id, external_reference, amount, currency, status, status_detail, payment_ids, created_at, updated_at)
    VALUES (:id, :orderId, :key, :terminal, :reference, :amount, :currency, :status, :detail, :payments, :created, :updated)
    ON CONFLICT (id) DO UPDATE SET platform_order_id = :orderId, status = :status, status_detail = :detail, payment_ids = :payments, updated_at = :updated`);
  const transitionCount = db.prepare('SELECT COUNT(*) AS n FROM payment_order_transitions WHERE order_id = ?');
  const insertTransition = db.prepare('INSERT INTO payment_order_transitions (order_id, status, status_detail, at) VALUES (?, ?, ?, ?)');
  const selectOne = db.prepare('SELECT * FROM payment_orders WHERE id = ?');
  const selectTransitions = db.prepare('SELECT * FROM payment_order_transitions WHERE order_id = ? ORDER BY id');
  return {
    write(order, history) {
      upsert.run({
        id: order.id,
        orderId: order.platformOrderId,
        key: order.idempotencyKey,
        terminal: order.terminalId,
        reference: order.externalReference,
        amount: order.amount,
        currency: order.currency,
        status: order.status,
        detail: order.statusDetail,
        payments: JSON.stringify(order.paymentIds),
        created: order.createdAt,
        updated: order.updatedAt,
      });
      const known = Number((transitionCount.get(order.id) as { n: number }).n);
      for (const transition of history.slice(known)) insertTransition.run(order.id, transition.status, transition.statusDetail, transition.at);
    },
    get(id) {
      const row = selectOne.get(id);
      return row === undefined ? undefined : orderOf(row);
    },
    transitions: (id) =>
      selectTransitions.all(id).map((row) => {
        const r = PaymentOrderTransitionRow.parse(row);
        return { status: r.status, statusDetail: r.status_detail, at: r.at };
      }),
  };
}
