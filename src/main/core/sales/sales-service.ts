import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../shared/clock';
import type { Language } from '../../../shared/ipc/channels/app';
import { type ChargeRequest, type RefundRequest, type ResolveSaleRequest, type TerminalSale } from '../../../shared/ipc/channels/terminal-sales';
import { amountOfCents, centsOfAmount, itemsTotalCents, MAX_AMOUNT_CENTS } from '../../../shared/money/amounts';
import { DEFAULT_ORDER_EXPIRATION, type PointOrder } from '../../../shared/platform/orders';
import type { z } from 'zod';
import type { OrdersClient } from '../platform/orders-client';
import { silentLogger, type Logger } from '../ports';
import { RequestBudget } from '../print-queue/request-budget';
import { SaleError } from './errors';
import type { SaleRecord } from '../history/records/terminal-sale';
import { toSale, type OrderStore } from './sale-store';
import { createSaleBook } from './sale-book';
import { createSaleLoops } from './sale-loops';
import { createSaleSteps, type PaymentCard } from './sale-steps';
import { isCancelableSale } from '../../../shared/lifecycle/terminal-sale';

export interface SalesPolicy {
  /** Between two reads of an order while it may still change. */
  pollMs: number;
  /** Before asking again after a failure that may pass (no answer, 5xx, 409 already_queued_order_for_terminal). */
  retryMs: number;
  /** Per terminal, as the print queue's budget (docs/decisions.md "Print queue"). */
  requestsPerMinute: number;
  /** The order's expiration_time (docs: PT15M when not sent). */
  expiration: string;
}

export const DEFAULT_SALES_POLICY: Readonly<SalesPolicy> = Object.freeze({
  pollMs: 1_500,
  retryMs: 3_000,
  requestsPerMinute: 40,
  expiration: DEFAULT_ORDER_EXPIRATION,
});

export interface SalesServiceOptions {
  store: OrderStore;
  /** The current environment's Orders API. */
  orders: () => OrdersClient;
  /** Reads an approved payment's card (last four digits, authorization code) for the receipt. */
  paymentCard?(paymentId: string): Promise<PaymentCard>;
  clock: Clock;
  onChange(sale: TerminalSale): void;
  /**
   * Enqueues Counter's receipt of an approved sale and resolves with the print's id. Called until it
   * resolves once; it must itself find a receipt already enqueued for the sale (keyed by the sale id), so a
   * crash between the enqueue and the save below still prints once.
   */
  printReceipt(sale: SaleRecord): Promise<string>;
  language(): Language;
  policy?: Partial<SalesPolicy>;
  newKey?: () => string;
  logger?: Logger;
  /** Who makes a charge now (the staff's caller of the call being handled), kept with the sale. */
  actor?: () => SaleRecord['madeBy'];
}

export interface SalesService {
  charge(request: z.output<typeof ChargeRequest>): TerminalSale;
  get(id: string): TerminalSale;
  list(): TerminalSale[];
  cancel(id: string): TerminalSale;
  refund(request: z.output<typeof RefundRequest>): TerminalSale;
  /**
   * The platform notified this order and it was read back: taken now (forward only) rather than at the
   * next poll, and the sale's loop woken for what follows (the card, the receipt).
   */
  notified(order: PointOrder): void;
  /**
   * A person's decision on an `unconfirmed` sale: look the order up again (and adopt it if found), or
   * close it as not charged, after checking the terminal and the payments.
   */
  resolve(request: z.output<typeof ResolveSaleRequest>): Promise<TerminalSale>;
  /** Resumes every sale the last run left unfinished, with the keys it had written. */
  start(): void;
  close(): void;
}

/** The amount a charge asks for, in cents: typed, or the items' total; refused when no payment may be that large. */
function chargedCents(request: z.output<typeof ChargeRequest>): number {
  const total =
    request.amount !== undefined
      ? centsOfAmount(request.amount)
      : itemsTotalCents(request.items.map((item) => ({ quantity: item.quantity, unitPriceCents: centsOfAmount(item.unitPrice) })));
  if (total === 'too_large' || total > MAX_AMOUNT_CENTS) throw new SaleError('amount_too_large', 'the total is larger than one payment may be');
  return total;
}

function newSaleRecord(request: z.output<typeof ChargeRequest>, id: string, key: string, at: string, madeBy: SaleRecord['madeBy']): SaleRecord {
  return {
    madeBy: madeBy ?? null,
    id,
    terminalId: request.terminalId,
    externalReference: id.slice(0, 36),
    amount: amountOfCents(chargedCents(request)),
    currency: null,
    items: request.items,
    printOnTerminal: request.printOnTerminal ? 'seller_ticket' : 'no_ticket',
    orderId: null,
    status: 'created',
    statusDetail: null,
    paymentMethod: null,
    cardLastFour: null,
    authorizationCode: null,
    refundedAmount: '0.00',
    refunds: [],
    receiptPrintId: null,
    lastError: null,
    createdAt: at,
    updatedAt: at,
    history: [{ status: 'created', detail: null, at }],
    idempotencyKey: key,
    transactionId: null,
    paymentId: null,
    pendingOperation: null,
  };
}

/**
 * Sales charged on a terminal, exactly once: a sale and its create key are on disk before the first
 * create; a cancel or refund key before its first request; every retry — after a fault, a 409
 * already_queued_order_for_terminal or a restart — repeats the same key, and no second key is ever made
 * for an operation that may still arrive. Status only moves forward (shared/lifecycle/terminal-sale.ts). One loop per
 * unsettled sale (sale-loops.ts) runs its steps (sale-steps.ts) within the terminal's request budget.
 */
export function createSalesService(options: SalesServiceOptions): SalesService {
  const policy: Readonly<SalesPolicy> = { ...DEFAULT_SALES_POLICY, ...options.policy };
  const { store, clock } = options;
  const logger = options.logger ?? silentLogger;
  const newKey = options.newKey ?? randomUUID;
  const budgets = new Map<string, RequestBudget>();
  const budgetOf = (terminalId: string): RequestBudget => {
    let budget = budgets.get(terminalId);
    if (budget === undefined) {
      budget = new RequestBudget(clock, policy.requestsPerMinute, 60_000);
      budgets.set(terminalId, budget);
    }
    return budget;
  };
  const book = createSaleBook({ store, clock, language: options.language, onChange: options.onChange });
  const steps = createSaleSteps({
    book,
    now: () => clock.now(),
    orders: options.orders,
    budgetOf,
    printReceipt: options.printReceipt,
    ...(options.paymentCard === undefined ? {} : { paymentCard: options.paymentCard }),
    expiration: policy.expiration,
    logger,
  });
  const loops = createSaleLoops({ clock, step: steps.step, pollMs: policy.pollMs, retryMs: policy.retryMs, logger });

  function charge(request: z.output<typeof ChargeRequest>): TerminalSale {
    const id = `sale-${newKey()}`;
    const record = newSaleRecord(request, id, newKey(), book.nowIso(), options.actor?.() ?? null);
    // On disk with its key before the first request (docs/decisions.md "Charge on the terminal"); the
    // screen hears of it once the create is on its way, so telling it costs the create nothing.
    book.insert(record, { announce: false });
    loops.drive(id);
    options.onChange(toSale(record));
    return toSale(record);
  }

  function cancel(id: string): TerminalSale {
    const record = book.load(id);
    if (record.pendingOperation?.kind === 'cancel') return toSale(record);
    if (!isCancelableSale(record.status) || record.pendingOperation !== null) throw new SaleError('sale_not_cancelable', `sale ${id} is ${record.status}`);
    const saved = book.update(id, { pendingOperation: { kind: 'cancel', idempotencyKey: newKey(), amount: null } });
    loops.drive(id);
    return toSale(saved);
  }

  function refund(request: z.output<typeof RefundRequest>): TerminalSale {
    const record = book.load(request.id);
    if (record.pendingOperation !== null) throw new SaleError('sale_busy', `sale ${request.id} has a ${record.pendingOperation.kind} on its way`);
    if (record.status !== 'processed' || record.orderId === null) throw new SaleError('sale_not_refundable', `sale ${request.id} is ${record.status}`);
    const remaining = centsOfAmount(record.amount) - centsOfAmount(record.refundedAmount);
    const asked = request.amount === undefined ? remaining : centsOfAmount(request.amount);
    if (asked > remaining) throw new SaleError('refund_amount_exceeds', `at most ${amountOfCents(remaining)} can be refunded`);
    // The whole rest goes as a total refund (no body), as the Orders API refunds it.
    const amount = asked === remaining ? null : amountOfCents(asked);
    const saved = book.update(request.id, { pendingOperation: { kind: 'refund', idempotencyKey: newKey(), amount } });
    loops.drive(request.id);
    return toSale(saved);
  }

  async function resolve(request: z.output<typeof ResolveSaleRequest>): Promise<TerminalSale> {
    const record = book.load(request.id);
    if (record.status !== 'unconfirmed') throw new SaleError('sale_not_unconfirmed', `sale ${request.id} is ${record.status}`);
    if (request.decision === 'not_charged') book.move(request.id, 'closed_by_person', 'canceled', 'not_charged');
    else {
      await budgetOf(record.terminalId).acquire();
      await steps.lookUp(request.id);
      loops.drive(request.id);
    }
    return toSale(book.load(request.id));
  }

  return {
    charge,
    cancel,
    refund,
    get: (id) => toSale(book.load(id)),
    list: () => store.list().map(toSale),
    notified(order) {
      for (const record of store.unfinished()) {
        // An unconfirmed sale has no order id yet: its own reference finds it.
        const ours = record.orderId === order.id || (record.orderId === null && record.externalReference === order.external_reference);
        if (!ours) continue;
        book.applyOrder(record.id, order);
        loops.drive(record.id);
      }
    },
    resolve,
    start() {
      for (const record of store.unfinished()) loops.drive(record.id);
    },
    close() {
      loops.close();
      for (const budget of budgets.values()) budget.close();
      store.close();
    },
  };
}
