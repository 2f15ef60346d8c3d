import { randomUUID } from 'node:crypto';
import type { Clock, TimerHandle } from '../../../shared/clock';
import type { Language } from '../../../shared/ipc/channels/app';
import { type ChargeRequest, type RefundRequest, SETTLED_SALE_STATUSES, type Sale, type SaleStatus } from '../../../shared/ipc/channels/orders';
import { amountCents, DEFAULT_ORDER_EXPIRATION, formatCents, type CreatePointOrderRequest, type PointOrder } from '../../../shared/platform/orders';
import type { z } from 'zod';
import { PlatformError } from '../platform/errors';
import type { OrdersClient } from '../platform/orders-client';
import { silentLogger, type Logger } from '../ports';
import { BudgetClosedError, RequestBudget } from '../print-queue/request-budget';
import { SaleError } from './errors';
import { toSale, type OrderStore, type PendingOperation, type SaleRecord } from './order-store';
import { canMove, isCancelable } from './transitions';

export interface OrdersPolicy {
  /** Between two reads of an order while it may still change. */
  pollMs: number;
  /** Before asking again after a failure that may pass (no answer, 5xx, 409 already_queued_order_for_terminal). */
  retryMs: number;
  /** Per terminal, as the print queue's budget (docs/decisions.md "Print queue"). */
  requestsPerMinute: number;
  /** The order's expiration_time (docs: PT15M when not sent). */
  expiration: string;
}

export const DEFAULT_ORDERS_POLICY: Readonly<OrdersPolicy> = Object.freeze({
  pollMs: 1_500,
  retryMs: 3_000,
  requestsPerMinute: 40,
  expiration: DEFAULT_ORDER_EXPIRATION,
});

export interface OrdersServiceOptions {
  store: OrderStore;
  /** The current environment's Orders API. */
  orders: () => OrdersClient;
  clock: Clock;
  onChange(sale: Sale): void;
  /**
   * Enqueues Counter's receipt of an approved sale and resolves with the print's id. Called until it
   * resolves once; it must itself find a receipt already enqueued for the sale (keyed by the sale id), so a
   * crash between the enqueue and the save below still prints once.
   */
  printReceipt(sale: SaleRecord): Promise<string>;
  language(): Language;
  policy?: Partial<OrdersPolicy>;
  newKey?: () => string;
  logger?: Logger;
}

export interface OrdersService {
  charge(request: z.output<typeof ChargeRequest>): Sale;
  get(id: string): Sale;
  list(): Sale[];
  cancel(id: string): Sale;
  refund(request: z.output<typeof RefundRequest>): Sale;
  /** A notification about this platform order arrived: read it now instead of at the next poll. */
  hurry(platformOrderId: string): void;
  /** Resumes every sale the last run left unfinished, with the keys it had written. */
  start(): void;
  close(): void;
}

type StepResult = { next: 'poll' | 'retry' | 'now' } | { next: 'done' };

/**
 * Sales charged on a terminal, exactly once: a sale and its create key are on disk before the first
 * create; a cancel or refund key before its first request; every retry — after a fault, a 409
 * already_queued_order_for_terminal or a restart — repeats the same key, and no second key is ever made
 * for an operation that may still arrive. Status only moves forward (transitions.ts). One loop per
 * unsettled sale polls within the terminal's request budget.
 */
export function createOrdersService(options: OrdersServiceOptions): OrdersService {
  const policy: Readonly<OrdersPolicy> = { ...DEFAULT_ORDERS_POLICY, ...options.policy };
  const { store, clock } = options;
  const logger = options.logger ?? silentLogger;
  const newKey = options.newKey ?? randomUUID;
  const budgets = new Map<string, RequestBudget>();
  const loops = new Map<string, { wake(): void }>();
  let closed = false;

  const nowIso = (): string => new Date(clock.now()).toISOString();
  const budgetOf = (terminalId: string): RequestBudget => {
    let budget = budgets.get(terminalId);
    if (budget === undefined) {
      budget = new RequestBudget(clock, policy.requestsPerMinute, 60_000);
      budgets.set(terminalId, budget);
    }
    return budget;
  };

  function load(id: string): SaleRecord {
    const record = store.get(id);
    if (record === undefined) throw new SaleError('sale_not_found', `no sale ${id}`);
    return record;
  }

  /** Read, change and write in one synchronous step: no await between, so two paths never overwrite each other. */
  function update(id: string, change: (record: SaleRecord) => void): SaleRecord {
    const record = load(id);
    change(record);
    record.updatedAt = nowIso();
    store.save(record);
    options.onChange(toSale(record));
    return record;
  }

  function move(record: SaleRecord, status: SaleStatus, detail: string | null): void {
    if (status === record.status || !canMove(record.status, status)) return;
    record.status = status;
    record.history.push({ status, detail, at: nowIso() });
  }

  /** Takes what the platform says of the order, unless it would move the sale back. */
  function applyOrder(id: string, order: PointOrder): SaleRecord {
    return update(id, (record) => {
      if (order.status !== record.status && !canMove(record.status, order.status)) return;
      move(record, order.status, order.status_detail);
      const payment = order.transactions.payments[0];
      record.orderId = order.id;
      record.statusDetail = order.status_detail;
      record.transactionId = payment?.id ?? record.transactionId;
      record.paymentMethod = payment?.payment_method?.id ?? record.paymentMethod;
      record.refundedAmount = payment?.refunded_amount ?? record.refundedAmount;
      record.refunds = (order.transactions.refunds ?? []).map((refund) => ({ id: refund.id, amount: refund.amount }));
      record.lastError = null;
    });
  }

  function noteError(id: string, error: PlatformError): void {
    update(id, (record) => {
      record.lastError = { code: error.code, message: error.cashierMessage(options.language()), at: nowIso() };
    });
  }

  const mayPass = (error: PlatformError): boolean => error.retryable || error.code === 'already_queued_order_for_terminal';

  async function create(record: SaleRecord): Promise<StepResult> {
    const body: CreatePointOrderRequest = {
      type: 'point',
      external_reference: record.externalReference,
      expiration_time: policy.expiration,
      transactions: { payments: [{ amount: record.amount }] },
      config: { point: { terminal_id: record.terminalId, print_on_terminal: record.printOnTerminal } },
    };
    try {
      applyOrder(record.id, await options.orders().create(body, { idempotencyKey: record.idempotencyKey }));
      return { next: 'poll' };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      noteError(record.id, error);
      if (mayPass(error)) return { next: 'retry' };
      // A refusal (4xx) of the request itself: nothing was created, the cashier sees why.
      update(record.id, (stored) => move(stored, 'failed', error.code));
      return { next: 'done' };
    }
  }

  async function runOperation(record: SaleRecord, operation: PendingOperation, orderId: string): Promise<StepResult> {
    const orders = options.orders();
    try {
      const call = { idempotencyKey: operation.idempotencyKey };
      const order =
        operation.kind === 'cancel'
          ? await orders.cancel(orderId, call)
          : await orders.refund(
              orderId,
              operation.amount === null || record.transactionId === null ? {} : { transactions: [{ id: record.transactionId, amount: operation.amount }] },
              call,
            );
      applyOrder(record.id, order);
      update(record.id, (stored) => (stored.pendingOperation = null));
      return { next: 'now' };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      noteError(record.id, error);
      if (mayPass(error)) return { next: 'retry' };
      // Refused (e.g. 409 cannot_cancel_order: the terminal took it first): dropped; the poll shows what happened.
      update(record.id, (stored) => (stored.pendingOperation = null));
      return { next: 'now' };
    }
  }

  async function printReceipt(record: SaleRecord): Promise<StepResult> {
    try {
      const printId = await options.printReceipt(record);
      update(record.id, (stored) => (stored.receiptPrintId = printId));
      return { next: 'now' };
    } catch (error) {
      logger.warn('the receipt of a sale could not be enqueued yet', { sale: record.id, error: error instanceof Error ? error.message : String(error) });
      return { next: 'retry' };
    }
  }

  const needsReceipt = (record: SaleRecord): boolean =>
    record.status === 'processed' && record.printOnTerminal === 'no_ticket' && record.receiptPrintId === null;

  /** One thing to do for the sale, in order: create, pending cancel/refund, receipt, poll. */
  async function step(id: string): Promise<StepResult> {
    const record = load(id);
    if (needsReceipt(record)) return printReceipt(record);
    const settled = SETTLED_SALE_STATUSES.includes(record.status);
    if (settled && record.pendingOperation === null) return { next: 'done' };
    await budgetOf(record.terminalId).acquire();
    const fresh = load(id);
    if (fresh.orderId === null) return create(fresh);
    if (fresh.pendingOperation !== null) return runOperation(fresh, fresh.pendingOperation, fresh.orderId);
    if (SETTLED_SALE_STATUSES.includes(fresh.status)) return { next: 'now' };
    try {
      applyOrder(id, await options.orders().get(fresh.orderId));
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      noteError(id, error);
      return { next: 'retry' };
    }
    return { next: 'poll' };
  }

  function drive(id: string): void {
    if (closed || loops.has(id)) {
      loops.get(id)?.wake();
      return;
    }
    let timer: TimerHandle | undefined;
    let wakeUp: (() => void) | undefined;
    const wake = (): void => {
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      wakeUp?.();
    };
    loops.set(id, { wake });
    void (async () => {
      try {
        for (;;) {
          const result = await step(id).catch((error: unknown): StepResult => {
            if (error instanceof BudgetClosedError || closed) return { next: 'done' };
            // A bug or a disk failure: logged, and tried again later rather than leaving the sale behind.
            logger.error('a sale step failed', { sale: id, error: error instanceof Error ? error.message : String(error) });
            return { next: 'retry' };
          });
          if (result.next === 'done' || closed) return;
          if (result.next === 'now') continue;
          await new Promise<void>((resolve) => {
            wakeUp = resolve;
            timer = clock.setTimeout(resolve, result.next === 'poll' ? policy.pollMs : policy.retryMs);
          });
          wakeUp = undefined;
          if (closed) return;
        }
      } finally {
        loops.delete(id);
      }
    })();
  }

  function charge(request: z.output<typeof ChargeRequest>): Sale {
    const itemsCents = request.items.reduce((sum, item) => sum + amountCents(item.unitPrice) * item.quantity, 0);
    const amount = request.amount ?? formatCents(itemsCents);
    const id = `sale-${newKey()}`;
    const at = nowIso();
    const record: SaleRecord = {
      id,
      terminalId: request.terminalId,
      externalReference: id.slice(0, 36),
      amount,
      items: request.items,
      printOnTerminal: request.printOnTerminal ? 'seller_ticket' : 'no_ticket',
      orderId: null,
      status: 'created',
      statusDetail: null,
      paymentMethod: null,
      refundedAmount: '0.00',
      refunds: [],
      receiptPrintId: null,
      lastError: null,
      createdAt: at,
      updatedAt: at,
      history: [{ status: 'created', detail: null, at }],
      idempotencyKey: newKey(),
      transactionId: null,
      pendingOperation: null,
    };
    // On disk with its key before the first request (docs/decisions.md "Charge on the terminal").
    store.save(record);
    options.onChange(toSale(record));
    drive(id);
    return toSale(record);
  }

  function cancel(id: string): Sale {
    const record = load(id);
    if (record.pendingOperation?.kind === 'cancel') return toSale(record);
    if (!isCancelable(record.status) || record.pendingOperation !== null) throw new SaleError('sale_not_cancelable', `sale ${id} is ${record.status}`);
    const saved = update(id, (stored) => (stored.pendingOperation = { kind: 'cancel', idempotencyKey: newKey(), amount: null }));
    drive(id);
    return toSale(saved);
  }

  function refund(request: z.output<typeof RefundRequest>): Sale {
    const record = load(request.id);
    if (record.pendingOperation !== null) throw new SaleError('sale_busy', `sale ${request.id} has a ${record.pendingOperation.kind} on its way`);
    if (record.status !== 'processed' || record.orderId === null) throw new SaleError('sale_not_refundable', `sale ${request.id} is ${record.status}`);
    const remaining = amountCents(record.amount) - amountCents(record.refundedAmount);
    const asked = request.amount === undefined ? remaining : amountCents(request.amount);
    if (asked > remaining) throw new SaleError('refund_amount_exceeds', `at most ${formatCents(remaining)} can be refunded`);
    // The whole rest goes as a total refund (no body), as the Orders API refunds it.
    const amount = asked === remaining ? null : formatCents(asked);
    const saved = update(request.id, (stored) => (stored.pendingOperation = { kind: 'refund', idempotencyKey: newKey(), amount }));
    drive(request.id);
    return toSale(saved);
  }

  return {
    charge,
    cancel,
    refund,
    get: (id) => toSale(load(id)),
    list: () => store.list().map(toSale),
    hurry(platformOrderId) {
      for (const record of store.unfinished()) if (record.orderId === platformOrderId) drive(record.id);
    },
    start() {
      for (const record of store.unfinished()) drive(record.id);
    },
    close() {
      closed = true;
      for (const loop of loops.values()) loop.wake();
      for (const budget of budgets.values()) budget.close();
      store.close();
    },
  };
}
