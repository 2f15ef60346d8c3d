import { z } from 'zod';
import type { Clock, TimerHandle } from '../../shared/clock';
import { amountCents, formatCents } from '../../shared/platform/orders';
import { createLifecycleWriter, type LifecycleWriter } from '../../shared/lifecycle/kit';
import type { PersistentSlice } from '../context';
import { SandboxError } from '../errors';
import { platformId } from '../orders/service';
import { INITIAL_ONLINE_STATUS, onlineTransition, type OnlineOrderEvent, type OutcomeEvent, ONLINE_ORDER_LIFECYCLE } from './lifecycle';
import {
  StoredOnlineOrder,
  type AddTransactionsRequest,
  type CreateOnlineOrderRequest,
  type OnlineOrderStatus,
  type PaymentInput,
  type StoredTransaction,
  type UpdateTransactionRequest,
} from './schemas';

/** How long an `automatic_async` authorization waits before the platform captures it by itself. */
export const AUTO_CAPTURE_DELAY_MS = 60_000;

/** What charging a transaction gave: the `/v1/payments` record (none when the card token was refused) and the order event it means. */
export interface ChargeOutcome {
  readonly event: OutcomeEvent;
  /** The order's and the transaction's status_detail. */
  readonly detail: string;
  readonly paymentId?: number;
  readonly ticketUrl?: string;
  readonly qrCode?: string;
}

/** The `/v1/payments` side of online orders (wired in routes.ts): every charge, capture, cancel and refund is a payment's. */
export interface OnlineLedger {
  /** `baseUrl` is where a pix or ticket payment's page is. */
  charge(order: StoredOnlineOrder, transaction: StoredTransaction, baseUrl: string): ChargeOutcome;
  capture(paymentId: number): void;
  cancel(paymentId: number): void;
  refund(paymentId: number, cents: number): void;
}

export interface OnlineOwner {
  userId: number;
  clientId: string;
  liveMode: boolean;
  currency: string;
  countryCode: string;
}

export interface OnlineOrderChange {
  readonly order: StoredOnlineOrder;
  readonly event: OnlineOrderEvent;
}

const OnlineSnapshot = z.object({ orders: z.array(StoredOnlineOrder) });

/** The status_detail an order takes on entering each status, unless the move gives its own. */
const STATUS_DETAILS: Readonly<Record<OnlineOrderStatus, string>> = {
  created: 'created',
  processing: 'in_process',
  action_required: 'waiting_capture',
  processed: 'accredited',
  failed: 'failed',
  canceled: 'canceled',
  refunded: 'refunded',
};

const conflict = (code: string, message: string, status: string): SandboxError =>
  new SandboxError(409, code, message, [{ code, description: `order status is ${status}`, data: { status } }]);

const badValue = (property: string, description: string): SandboxError =>
  new SandboxError(400, 'property_value', description, [{ code: 'property_value', description, data: { property } }]);

/**
 * Owns every online order. Status changes go only through the lifecycle writer; the payments behind them go
 * through the ledger first, so an order never shows processed without its payment.
 */
export class OnlineOrderService {
  private readonly orders = new Map<string, StoredOnlineOrder>();
  private readonly listeners = new Set<(change: OnlineOrderChange) => void>();
  private readonly captureTimers = new Map<string, TimerHandle>();
  private readonly writer: LifecycleWriter<string, OnlineOrderStatus, OnlineOrderEvent, string | undefined, StoredOnlineOrder> = createLifecycleWriter(
    ONLINE_ORDER_LIFECYCLE,
    {
      read: (id: string) => this.orders.get(id),
      statusOf: (order) => order.status,
      commit: (order, { on, to }, detail) => {
        order.status = to;
        order.status_detail = detail ?? STATUS_DETAILS[to];
        order.updatedAt = this.clock.now();
        this.emit({ order, event: on });
        return order;
      },
    },
  );

  constructor(
    private readonly clock: Clock,
    private readonly ledger: OnlineLedger,
  ) {}

  /** Automatic mode charges at once; manual mode waits for `process`. */
  create(owner: OnlineOwner, request: CreateOnlineOrderRequest, baseUrl: string): StoredOnlineOrder {
    const mode = request.processing_mode ?? 'automatic';
    const payments = request.transactions?.payments ?? [];
    if (mode === 'automatic' && payments.length === 0) {
      throw new SandboxError(400, 'required_properties', 'transactions.payments is required in automatic processing mode.', [
        { code: 'required_properties', description: 'an automatic order is processed at once: send its payment', data: { property: 'transactions.payments' } },
      ]);
    }
    const cents = amountCents(request.total_amount);
    checkTotal(cents, payments);
    const now = this.clock.now();
    const order: StoredOnlineOrder = {
      id: platformId('ORD'),
      ...owner,
      external_reference: request.external_reference,
      ...(request.description === undefined ? {} : { description: request.description }),
      processing_mode: mode,
      capture_mode: request.capture_mode ?? 'automatic',
      cents,
      payer: request.payer,
      config: request.config,
      status: INITIAL_ONLINE_STATUS,
      status_detail: STATUS_DETAILS[INITIAL_ONLINE_STATUS],
      createdAt: now,
      updatedAt: now,
      payments: payments.map(newTransaction),
      refunds: [],
    };
    this.orders.set(order.id, order);
    if (mode === 'automatic') this.charge(order, baseUrl);
    return order;
  }

  findForUser(userId: number, id: string): StoredOnlineOrder | undefined {
    const order = this.orders.get(id);
    return order?.userId === userId ? order : undefined;
  }

  list(): StoredOnlineOrder[] {
    return [...this.orders.values()];
  }

  process(order: StoredOnlineOrder, baseUrl: string): StoredOnlineOrder {
    if (order.processing_mode !== 'manual') {
      throw conflict(
        'invalid_processing_mode',
        'Only an order in processing_mode manual is processed by this call; an automatic one was processed at creation.',
        order.status,
      );
    }
    this.require(order, 'approve', 'cannot_process_order');
    if (order.payments.length === 0) {
      throw new SandboxError(400, 'required_properties', 'The order has no payment to process: add one with POST /v1/orders/{id}/transactions.', [
        { code: 'required_properties', description: 'transactions.payments is empty', data: { property: 'transactions.payments' } },
      ]);
    }
    checkTotal(order.cents, order.payments);
    this.charge(order, baseUrl);
    return order;
  }

  capture(order: StoredOnlineOrder): StoredOnlineOrder {
    const result = this.require(order, 'capture', 'cannot_capture_order');
    if (order.status_detail !== 'waiting_capture')
      throw conflict('cannot_capture_order', `Only an authorized order can be captured; this one is ${order.status_detail}.`, order.status);
    for (const transaction of order.payments) {
      if (transaction.paymentId !== undefined) this.ledger.capture(transaction.paymentId);
      setTransaction(transaction, 'processed', 'accredited');
    }
    this.clearCapture(order.id);
    delete order.captureAt;
    this.write(order, 'capture', result, 'accredited');
    return order;
  }

  cancel(order: StoredOnlineOrder): StoredOnlineOrder {
    const result = this.require(order, 'cancel', 'cannot_cancel_order');
    if (
      order.status === 'action_required' &&
      order.status_detail !== 'waiting_capture' &&
      order.status_detail !== 'waiting_transfer' &&
      order.status_detail !== 'waiting_payment'
    ) {
      throw conflict('cannot_cancel_order', `An order in ${order.status_detail} cannot be canceled.`, order.status);
    }
    for (const transaction of order.payments) {
      if (transaction.paymentId !== undefined) this.ledger.cancel(transaction.paymentId);
      setTransaction(transaction, 'canceled', 'canceled_transaction');
    }
    this.clearCapture(order.id);
    delete order.captureAt;
    this.write(order, 'cancel', result, 'canceled');
    return order;
  }

  /** Refunds `cents` of one transaction (all that is left of the order when no part is named). */
  refund(order: StoredOnlineOrder, part: { transactionId: string; cents: number } | undefined): StoredOnlineOrder {
    const remaining = order.cents - order.refunds.reduce((sum, refund) => sum + refund.cents, 0);
    const cents = part?.cents ?? remaining;
    const event = cents >= remaining ? 'refund_total' : 'refund_partial';
    const result = this.require(order, event, 'cannot_refund_order');
    const transaction = part === undefined ? order.payments[0] : this.transaction(order, part.transactionId);
    if (cents > remaining) {
      throw new SandboxError(400, 'refund_amount_exceeds', `The refund amount ${formatCents(cents)} exceeds the ${formatCents(remaining)} left to refund.`, [
        { code: 'refund_amount_exceeds', description: `at most ${formatCents(remaining)} can be refunded`, data: { property: 'transactions[0].amount' } },
      ]);
    }
    if (transaction?.paymentId === undefined) throw new Error(`processed order ${order.id} has no payment`);
    this.ledger.refund(transaction.paymentId, cents);
    order.refunds.push({ id: platformId('REF'), transaction_id: transaction.id, payment_id: transaction.paymentId, cents });
    if (event === 'refund_total') setTransaction(transaction, 'refunded', 'refunded');
    else transaction.status_detail = 'partially_refunded';
    this.write(order, event, result, event === 'refund_total' ? 'refunded' : 'partially_refunded');
    return order;
  }

  addTransactions(order: StoredOnlineOrder, request: AddTransactionsRequest): StoredTransaction[] {
    this.requireEditable(order);
    if (order.payments.length > 0) {
      throw conflict('transaction_already_exists', 'The order already has its payment; update or delete it instead.', order.status);
    }
    checkTotal(order.cents, request.payments);
    const added = request.payments.map(newTransaction);
    order.payments.push(...added);
    order.updatedAt = this.clock.now();
    return added;
  }

  updateTransaction(order: StoredOnlineOrder, transactionId: string, request: UpdateTransactionRequest): StoredTransaction {
    this.requireEditable(order);
    const transaction = this.transaction(order, transactionId);
    transaction.method = { ...transaction.method, ...request.payment_method };
    order.updatedAt = this.clock.now();
    return transaction;
  }

  deleteTransaction(order: StoredOnlineOrder, transactionId: string): void {
    this.requireEditable(order);
    const transaction = this.transaction(order, transactionId);
    order.payments = order.payments.filter((candidate) => candidate !== transaction);
    order.updatedAt = this.clock.now();
  }

  subscribe(listener: (change: OnlineOrderChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stop(): void {
    for (const handle of this.captureTimers.values()) this.clock.clearTimeout(handle);
    this.captureTimers.clear();
  }

  slice(): PersistentSlice {
    return {
      save: () => OnlineSnapshot.parse({ orders: this.list() }),
      load: (data) => {
        const snapshot = OnlineSnapshot.parse(data);
        this.stop();
        this.orders.clear();
        for (const order of snapshot.orders) {
          this.orders.set(order.id, order);
          this.scheduleCapture(order);
        }
      },
      reset: () => {
        this.stop();
        this.orders.clear();
      },
    };
  }

  /** Charges the order's payment and moves the order by the answer. */
  private charge(order: StoredOnlineOrder, baseUrl: string): void {
    const [transaction] = order.payments;
    if (transaction === undefined) return;
    const outcome = this.ledger.charge(order, transaction, baseUrl);
    const step = onlineTransition(order.status, outcome.event);
    if (!step.ok) throw conflict('cannot_process_order', step.reason, order.status);
    if (outcome.paymentId !== undefined) transaction.paymentId = outcome.paymentId;
    if (outcome.ticketUrl !== undefined) transaction.ticketUrl = outcome.ticketUrl;
    if (outcome.qrCode !== undefined) transaction.qrCode = outcome.qrCode;
    setTransaction(transaction, step.to, outcome.detail);
    if (outcome.event === 'authorize' && order.capture_mode === 'automatic_async') order.captureAt = this.clock.now() + AUTO_CAPTURE_DELAY_MS;
    this.write(order, outcome.event, step, outcome.detail);
    this.scheduleCapture(order);
  }

  private require(order: StoredOnlineOrder, event: OnlineOrderEvent, code: string): { ok: true; to: OnlineOrderStatus } {
    const step = onlineTransition(order.status, event);
    if (!step.ok) throw conflict(code, step.reason, order.status);
    return step;
  }

  /** Transactions change only while the order is created: afterwards they are the payment's record. */
  private requireEditable(order: StoredOnlineOrder): void {
    if (order.status !== 'created')
      throw conflict('order_not_editable', `The transactions of an order change only while it is created; this one is ${order.status}.`, order.status);
  }

  private transaction(order: StoredOnlineOrder, id: string): StoredTransaction {
    const transaction = order.payments.find((candidate) => candidate.id === id);
    if (transaction === undefined) {
      throw new SandboxError(404, 'transaction_not_found', `Transaction ${id} is not a payment of order ${order.id}.`, [
        { code: 'transaction_not_found', description: 'no payment transaction with this id in the order' },
      ]);
    }
    return transaction;
  }

  private write(order: StoredOnlineOrder, event: OnlineOrderEvent, step: { to: OnlineOrderStatus }, detail: string): void {
    const written = this.writer.move(order.id, event, step.to, detail);
    if (!written.ok) throw conflict('invalid_order_status', written.reason, order.status);
  }

  private scheduleCapture(order: StoredOnlineOrder): void {
    this.clearCapture(order.id);
    if (order.captureAt === undefined || order.status !== 'action_required') return;
    this.captureTimers.set(
      order.id,
      this.clock.setTimeout(
        () => {
          this.captureTimers.delete(order.id);
          if (order.status === 'action_required' && order.status_detail === 'waiting_capture') this.capture(order);
        },
        Math.max(0, order.captureAt - this.clock.now()),
      ),
    );
  }

  private clearCapture(id: string): void {
    const handle = this.captureTimers.get(id);
    if (handle !== undefined) this.clock.clearTimeout(handle);
    this.captureTimers.delete(id);
  }

  private emit(change: OnlineOrderChange): void {
    for (const listener of this.listeners) listener(change);
  }
}

function newTransaction(payment: PaymentInput): StoredTransaction {
  return { id: platformId('PAY'), cents: amountCents(payment.amount), method: payment.payment_method, status: 'created', status_detail: 'created' };
}

function setTransaction(transaction: StoredTransaction, status: StoredTransaction['status'], detail: string): void {
  transaction.status = status;
  transaction.status_detail = detail;
}

/** The platform checks that the payments add up to the order's total_amount. */
function checkTotal(cents: number, payments: ReadonlyArray<{ amount: string } | { cents: number }>): void {
  if (payments.length === 0) return;
  const sum = payments.reduce((total, payment) => total + ('cents' in payment ? payment.cents : amountCents(payment.amount)), 0);
  if (sum !== cents) throw badValue('total_amount', `total_amount ${formatCents(cents)} must equal the sum of the payments' amounts, ${formatCents(sum)}.`);
}
