import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Clock, TimerHandle } from '../../shared/clock';
import {
  amountCents,
  CreatePointOrderRequest,
  DEFAULT_ORDER_EXPIRATION,
  durationMs,
  formatCents,
  OrderStatus,
  PrintOnTerminal,
  type PointOrder,
} from '../../shared/platform/orders';
import { createLifecycleWriter, type LifecycleWriter, type Written } from '../../shared/lifecycle/kit';
import type { PersistentSlice } from '../context';
import { SandboxError } from '../errors';
import { IdempotencyRecord, IdempotencyStore } from '../idempotency';
import { INITIAL_ORDER_STATUS, isOpenOrderStatus, ORDER_LIFECYCLE, OrderEvent, orderTransition, type OrderTransitionResult } from './lifecycle';

/** The status_detail an order takes on entering each status, unless the event gives its own (a decline reason). */
const STATUS_DETAILS: Readonly<Record<OrderStatus, string>> = {
  created: 'created',
  at_terminal: 'at_terminal',
  processed: 'accredited',
  failed: 'failed',
  action_required: 'check_on_terminal',
  expired: 'expired',
  canceled: 'canceled',
  refunded: 'refunded',
};

const StoredRefund = z.object({ id: z.string(), payment_id: z.number().int(), cents: z.number().int(), at: z.number() });

export const StoredOrder = z.object({
  id: z.string(),
  userId: z.number().int(),
  clientId: z.string(),
  liveMode: z.boolean(),
  siteCurrency: z.string(),
  countryCode: z.string(),
  terminal_id: z.string(),
  external_reference: z.string(),
  description: z.string().optional(),
  expiration_time: z.string(),
  expiresAt: z.number(),
  cents: z.number().int(),
  print_on_terminal: PrintOnTerminal,
  ticket_number: z.string().optional(),
  payment_method: CreatePointOrderRequest.shape.config.shape.payment_method,
  status: OrderStatus,
  status_detail: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  transactionId: z.string(),
  /** The `/v1/payments` record of the charge, once the terminal charged a card (approved or declined). */
  paymentId: z.number().int().optional(),
  refunds: z.array(StoredRefund),
  history: z.array(z.object({ status: OrderStatus, event: z.union([z.literal('create'), OrderEvent]), at: z.number() })),
});
export type StoredOrder = z.infer<typeof StoredOrder>;

const OrdersSnapshot = z.object({ orders: z.array(StoredOrder), idempotency: z.array(IdempotencyRecord) });

export interface OrderChange {
  readonly order: StoredOrder;
  readonly from: OrderStatus | undefined;
  readonly event: 'create' | OrderEvent;
}

/** Who is charged and refunded: the checkout slice's `/v1/payments` records (wired in routes.ts). */
export interface PaymentLedger {
  /** Records the card payment of an order; returns its `/v1/payments` id. */
  charge(order: StoredOrder, outcome: { approved: boolean; statusDetail: string }): number;
  refund(paymentId: number, cents: number): void;
}

export interface OrderOwner {
  userId: number;
  clientId: string;
  liveMode: boolean;
  currency: string;
  countryCode: string;
}

/** How long the terminal takes to act on a cancel requested over the API while it is charging. */
export const TERMINAL_CANCEL_DELAY_MS = 1_000;

const ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `PREFIX` and 26 Crockford base-32 characters, the form of the platform's order and transaction ids. */
export function platformId(prefix: 'ORD' | 'PAY' | 'REF'): string {
  return prefix + [...randomBytes(26)].map((byte) => ID_ALPHABET[byte % 32]).join('');
}

/**
 * Owns every point order and its idempotency keys. Status changes go only through `move`, the one
 * writer built on the lifecycle table; expiry runs on the injected clock.
 */
export class OrderService {
  readonly idempotency: IdempotencyStore;
  private readonly orders = new Map<string, StoredOrder>();
  /** Writes a move with its status_detail: the status's own unless the caller gives one (a decline reason, a partial refund). */
  private readonly writer: LifecycleWriter<string, OrderStatus, OrderEvent, string | undefined, StoredOrder> = createLifecycleWriter(ORDER_LIFECYCLE, {
    read: (id: string) => this.orders.get(id),
    statusOf: (order) => order.status,
    commit: (order, { from, on, to }, detail) => {
      const now = this.clock.now();
      order.status = to;
      order.status_detail = detail ?? STATUS_DETAILS[to];
      order.updatedAt = now;
      order.history.push({ status: to, event: on, at: now });
      if (!isOpenOrderStatus(to)) this.clearExpiry(order.id);
      this.emit({ order, from, event: on });
      return order;
    },
  });
  private readonly expiryTimers = new Map<string, TimerHandle>();
  private readonly cancelTimers = new Map<string, TimerHandle>();
  private readonly listeners = new Set<(change: OrderChange) => void>();
  /** Other things that may be waiting for a terminal (print actions): spec 7.2's one waiting order is shared. */
  private readonly queueGuards: Array<(terminalId: string) => string | undefined> = [];

  constructor(
    private readonly clock: Clock,
    private readonly ledger: PaymentLedger,
  ) {
    this.idempotency = new IdempotencyStore(clock);
  }

  addQueueGuard(guard: (terminalId: string) => string | undefined): void {
    this.queueGuards.push(guard);
  }

  create(owner: OrderOwner, request: CreatePointOrderRequest): StoredOrder {
    const terminalId = request.config.point.terminal_id;
    const waiting = this.waitingFor(terminalId)?.id ?? this.queueGuards.map((guard) => guard(terminalId)).find((id) => id !== undefined);
    if (waiting !== undefined) throw alreadyQueued(terminalId, waiting);
    const now = this.clock.now();
    const expiration = request.expiration_time ?? DEFAULT_ORDER_EXPIRATION;
    const order: StoredOrder = {
      id: platformId('ORD'),
      userId: owner.userId,
      clientId: owner.clientId,
      liveMode: owner.liveMode,
      siteCurrency: owner.currency,
      countryCode: owner.countryCode,
      terminal_id: terminalId,
      external_reference: request.external_reference,
      ...(request.description === undefined ? {} : { description: request.description }),
      expiration_time: expiration,
      expiresAt: now + (durationMs(expiration) ?? 0),
      cents: amountCents(request.transactions.payments[0]?.amount ?? '0'),
      print_on_terminal: request.config.point.print_on_terminal ?? 'seller_ticket',
      ...(request.config.point.ticket_number === undefined ? {} : { ticket_number: request.config.point.ticket_number }),
      payment_method: request.config.payment_method,
      status: INITIAL_ORDER_STATUS,
      status_detail: STATUS_DETAILS[INITIAL_ORDER_STATUS],
      createdAt: now,
      updatedAt: now,
      transactionId: platformId('PAY'),
      refunds: [],
      history: [{ status: INITIAL_ORDER_STATUS, event: 'create', at: now }],
    };
    this.orders.set(order.id, order);
    this.scheduleExpiry(order);
    this.emit({ order, from: undefined, event: 'create' });
    return order;
  }

  /** Another user's order is reported exactly like a missing one, so ids of others do not leak. */
  findForUser(userId: number, id: string): StoredOrder | undefined {
    const order = this.orders.get(id);
    return order?.userId === userId ? order : undefined;
  }

  find(id: string): StoredOrder | undefined {
    return this.orders.get(id);
  }

  list(): StoredOrder[] {
    return [...this.orders.values()];
  }

  /** The terminal's order waiting to be picked up, if any. */
  waitingFor(terminalId: string): StoredOrder | undefined {
    return this.list().find((order) => order.terminal_id === terminalId && order.status === 'created');
  }

  /** The order the terminal is charging (at_terminal, or action_required until checked), if any. */
  atTerminal(terminalId: string): StoredOrder | undefined {
    return this.list().find((order) => order.terminal_id === terminalId && isOpenOrderStatus(order.status) && order.status !== 'created');
  }

  lastEnded(terminalId: string): StoredOrder | undefined {
    return this.list()
      .filter((order) => order.terminal_id === terminalId && !isOpenOrderStatus(order.status))
      .sort((left, right) => right.updatedAt - left.updatedAt)[0];
  }

  /**
   * The one door for status changes. `detail` overrides the status_detail (a decline reason); an approve or
   * decline records the card payment before the order moves, so the order never shows processed without it.
   */
  apply(id: string, event: OrderEvent, detail?: string): OrderTransitionResult {
    const order = this.orders.get(id);
    if (order === undefined) throw new Error(`no order ${id}`);
    const result = orderTransition(order.status, event);
    if (!result.ok) return result;
    if (event === 'approve' || event === 'decline') {
      order.paymentId = this.ledger.charge(order, { approved: event === 'approve', statusDetail: detail ?? STATUS_DETAILS[result.to] });
    }
    return this.take(order, event, result, detail);
  }

  /** The one writer of an order's status: a move the table does not list is refused and changes nothing. */
  move(id: string, event: OrderEvent, to: OrderStatus, detail?: string): Written<StoredOrder> {
    return this.writer.move(id, event, to, detail);
  }

  /**
   * Refunds `cents` of the order's payment (all that is left when undefined). Checks the amount against what
   * remains, then moves the order: partially_refunded while something remains, refunded when nothing does.
   */
  refund(order: StoredOrder, cents: number | undefined): OrderTransitionResult {
    const remaining = order.cents - this.refundedCents(order);
    const amount = cents ?? remaining;
    const event: OrderEvent = amount >= remaining ? 'refund_total' : 'refund_partial';
    const result = orderTransition(order.status, event);
    if (!result.ok) return result;
    if (amount > remaining) {
      throw new SandboxError(400, 'refund_amount_exceeds', `The refund amount ${formatCents(amount)} exceeds the ${formatCents(remaining)} left to refund.`, [
        { code: 'refund_amount_exceeds', description: `at most ${formatCents(remaining)} can be refunded`, data: { property: 'transactions[0].amount' } },
      ]);
    }
    if (order.paymentId === undefined) throw new Error(`processed order ${order.id} has no payment`);
    this.ledger.refund(order.paymentId, amount);
    order.refunds.push({ id: platformId('REF'), payment_id: order.paymentId, cents: amount, at: this.clock.now() });
    return this.take(order, event, result, event === 'refund_total' ? STATUS_DETAILS.refunded : 'partially_refunded');
  }

  /**
   * An API cancel of an order at the terminal (header `x-allow-cancelable-status: at_terminal`): the terminal
   * cancels it TERMINAL_CANCEL_DELAY_MS later, unless the payment ended first.
   */
  requestTerminalCancel(id: string): void {
    if (this.cancelTimers.has(id)) return;
    this.cancelTimers.set(
      id,
      this.clock.setTimeout(() => {
        this.cancelTimers.delete(id);
        if (this.orders.get(id)?.status === 'at_terminal') this.apply(id, 'cancel_terminal');
      }, TERMINAL_CANCEL_DELAY_MS),
    );
  }

  refundedCents(order: StoredOrder): number {
    return order.refunds.reduce((sum, refund) => sum + refund.cents, 0);
  }

  subscribe(listener: (change: OrderChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stop(): void {
    for (const handle of [...this.expiryTimers.values(), ...this.cancelTimers.values()]) this.clock.clearTimeout(handle);
    this.expiryTimers.clear();
    this.cancelTimers.clear();
  }

  slice(onLoaded: () => void): PersistentSlice {
    return {
      save: () => OrdersSnapshot.parse({ orders: this.list(), idempotency: this.idempotency.list() }),
      load: (data) => {
        const snapshot = OrdersSnapshot.parse(data);
        this.stop();
        this.orders.clear();
        for (const order of snapshot.orders) {
          this.orders.set(order.id, order);
          this.scheduleExpiry(order);
        }
        this.idempotency.load(snapshot.idempotency);
        onLoaded();
      },
      reset: () => {
        this.stop();
        this.orders.clear();
        this.idempotency.reset();
        onLoaded();
      },
    };
  }

  /** Writes the step the table gave; were the writer to refuse it still, the refusal is the answer. */
  private take(order: StoredOrder, event: OrderEvent, step: OrderTransitionResult & { ok: true }, detail: string | undefined): OrderTransitionResult {
    const from = order.status;
    const written = this.move(order.id, event, step.to, detail);
    return written.ok ? step : { ok: false, from, event, reason: written.reason };
  }

  /** The documented 15 minutes (or expiration_time): an order not paid by then expires, picked up or not. */
  private scheduleExpiry(order: StoredOrder): void {
    this.clearExpiry(order.id);
    if (!isOpenOrderStatus(order.status)) return;
    this.expiryTimers.set(
      order.id,
      this.clock.setTimeout(() => {
        this.expiryTimers.delete(order.id);
        this.apply(order.id, 'expire');
      }, order.expiresAt - this.clock.now()),
    );
  }

  private clearExpiry(id: string): void {
    const handle = this.expiryTimers.get(id);
    if (handle !== undefined) this.clock.clearTimeout(handle);
    this.expiryTimers.delete(id);
  }

  private emit(change: OrderChange): void {
    for (const listener of this.listeners) listener(change);
  }
}

/** Spec 7.2's 409, for a payment order or a print action already waiting for the terminal. */
export function alreadyQueued(terminalId: string, waitingId: string): SandboxError {
  return new SandboxError(
    409,
    'already_queued_order_for_terminal',
    `The terminal ${terminalId} already has a waiting order; wait until it reaches the terminal, or cancel it, before sending another.`,
    [{ code: 'already_queued_order_for_terminal', description: `${waitingId} is waiting for terminal ${terminalId}`, data: { waiting_id: waitingId } }],
  );
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** The body of every answer about an order (create 201, get, cancel, refund). */
export function orderView(order: StoredOrder): PointOrder {
  const refunded = order.refunds.reduce((sum, refund) => sum + refund.cents, 0);
  const charged = order.paymentId !== undefined;
  const transactionStatus = order.status === 'refunded' ? 'refunded' : order.status;
  return {
    id: order.id,
    type: 'point',
    processing_mode: 'automatic',
    external_reference: order.external_reference,
    ...(order.description === undefined ? {} : { description: order.description }),
    expiration_time: order.expiration_time,
    country_code: order.countryCode,
    user_id: String(order.userId),
    status: order.status,
    status_detail: order.status_detail,
    currency: order.siteCurrency,
    total_amount: formatCents(order.cents),
    created_date: iso(order.createdAt),
    last_updated_date: iso(order.updatedAt),
    integration_data: { application_id: order.clientId },
    transactions: {
      payments: [
        {
          id: order.transactionId,
          amount: formatCents(order.cents),
          refunded_amount: formatCents(refunded),
          status: transactionStatus,
          status_detail: order.status_detail,
          ...(charged
            ? {
                reference_id: String(order.paymentId),
                payment_method: { id: 'visa', type: 'credit_card', installments: order.payment_method?.default_installments ?? 1 },
              }
            : {}),
        },
      ],
      ...(order.refunds.length === 0
        ? {}
        : {
            refunds: order.refunds.map((refund) => ({
              id: refund.id,
              transaction_id: order.transactionId,
              reference_id: String(refund.payment_id),
              amount: formatCents(refund.cents),
              status: 'processed',
            })),
          }),
    },
    config: {
      point: {
        terminal_id: order.terminal_id,
        print_on_terminal: order.print_on_terminal,
        ...(order.ticket_number === undefined ? {} : { ticket_number: order.ticket_number }),
      },
      payment_method: order.payment_method,
    },
  };
}
