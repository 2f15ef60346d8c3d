import { SETTLED_SALE_STATUSES } from '../../../shared/lifecycle/terminal-sale';
import type { CreatePointOrderRequest } from '../../../shared/platform/orders';
import { ZodError } from 'zod';
import { resendVerdict } from '../creates/resend-rule';
import { PlatformError } from '../platform/errors';
import type { OrdersClient } from '../platform/orders-client';
import type { Logger } from '../ports';
import type { RequestBudget } from '../print-queue/request-budget';
import type { PendingOperation, SaleRecord } from '../history/records/terminal-sale';
import { findOrderOf } from './look-up';
import type { SaleBook } from './sale-book';

export type StepResult = { next: 'poll' | 'retry' | 'now' } | { next: 'done' };

/** The card of an approved payment, as `GET /v1/payments/{id}` gives it. */
export interface PaymentCard {
  lastFour: string | null;
  authorizationCode: string | null;
}

export interface SaleStepsOptions {
  book: SaleBook;
  /** Milliseconds since the epoch (the service's clock). */
  now(): number;
  orders(): OrdersClient;
  budgetOf(terminalId: string): RequestBudget;
  printReceipt(sale: SaleRecord): Promise<string>;
  /** Reads the payment's card; absent: the receipt shows the brand only. */
  paymentCard?(paymentId: string): Promise<PaymentCard>;
  expiration: string;
  logger: Logger;
}

/** Tries of the card read before the receipt prints without it: a receipt is never held back for long. */
const CARD_READS = 3;

const mayPass = (error: PlatformError): boolean => error.retryable || error.code === 'already_queued_order_for_terminal';

/**
 * One thing to do for a sale at a time, in order: create, a pending cancel or refund, the card's details,
 * the receipt, a poll. Each request goes through the terminal's budget; each answer is written before the next.
 */
export function createSaleSteps(options: SaleStepsOptions): { step(id: string): Promise<StepResult>; lookUp(id: string): Promise<StepResult> } {
  const { book, logger } = options;
  const cardReads = new Map<string, number>();

  /**
   * Instead of a resend once the create's key may be forgotten (creates/resend-rule.ts): the order is
   * looked up by the sale's reference and adopted; not found, the sale waits for a person's decision.
   */
  async function lookUp(record: Readonly<SaleRecord>): Promise<StepResult> {
    try {
      const order = await findOrderOf(options.orders(), record, options.now());
      if (order !== undefined) {
        book.applyOrder(record.id, order);
        return { next: 'poll' };
      }
      book.move(record.id, 'unconfirmed', 'unconfirmed', 'not_found');
      return { next: 'done' };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      book.noteError(record.id, error);
      return { next: 'retry' };
    }
  }

  async function create(record: Readonly<SaleRecord>): Promise<StepResult> {
    // The sale was written (with its key) just before its first create: its age is the key's, or more.
    if (resendVerdict({ firstSentAt: Date.parse(record.createdAt), now: options.now(), lookUp: 'possible' }) !== 'resend') return lookUp(record);
    const body: CreatePointOrderRequest = {
      type: 'point',
      external_reference: record.externalReference,
      expiration_time: options.expiration,
      transactions: { payments: [{ amount: record.amount }] },
      config: { point: { terminal_id: record.terminalId, print_on_terminal: record.printOnTerminal } },
    };
    try {
      book.applyOrder(record.id, await options.orders().create(body, { idempotencyKey: record.idempotencyKey }));
      return { next: 'poll' };
    } catch (error) {
      // A body Counter itself cannot send (a check before the request): nothing left, nothing was charged.
      if (error instanceof ZodError) return refused(record, 'sale_invalid');
      if (!(error instanceof PlatformError)) throw error;
      book.noteError(record.id, error);
      if (mayPass(error)) return { next: 'retry' };
      // A refusal (4xx) of the request itself: nothing was created, the cashier sees why.
      return refused(record, error.code);
    }
  }

  function refused(record: Readonly<SaleRecord>, code: string): StepResult {
    book.move(record.id, 'refused', 'not_sent', code);
    return { next: 'done' };
  }

  async function runOperation(record: Readonly<SaleRecord>, operation: PendingOperation, orderId: string): Promise<StepResult> {
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
      book.applyOrder(record.id, order, operation.kind === 'cancel' ? 'cancel_confirmed' : 'refund_confirmed');
      book.update(record.id, { pendingOperation: null });
      return { next: 'now' };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      book.noteError(record.id, error);
      if (mayPass(error)) return { next: 'retry' };
      // Refused (e.g. 409 cannot_cancel_order: the terminal took it first): dropped; the poll shows what happened.
      book.update(record.id, { pendingOperation: null });
      return { next: 'now' };
    }
  }

  async function readCard(record: Readonly<SaleRecord>, paymentId: string, read: (id: string) => Promise<PaymentCard>): Promise<StepResult> {
    const tries = (cardReads.get(record.id) ?? 0) + 1;
    cardReads.set(record.id, tries);
    try {
      const card = await read(paymentId);
      book.update(record.id, { cardLastFour: card.lastFour, authorizationCode: card.authorizationCode });
      return { next: 'now' };
    } catch (error) {
      logger.warn('the card of an approved sale could not be read', { sale: record.id, tries, error: error instanceof Error ? error.message : String(error) });
      return { next: tries >= CARD_READS ? 'now' : 'retry' };
    }
  }

  async function printReceipt(record: Readonly<SaleRecord>): Promise<StepResult> {
    try {
      const printId = await options.printReceipt(record);
      book.update(record.id, { receiptPrintId: printId });
      return { next: 'now' };
    } catch (error) {
      logger.warn('the receipt of a sale could not be enqueued yet', { sale: record.id, error: error instanceof Error ? error.message : String(error) });
      return { next: 'retry' };
    }
  }

  const needsReceipt = (record: Readonly<SaleRecord>): boolean =>
    record.status === 'processed' && record.printOnTerminal === 'no_ticket' && record.receiptPrintId === null;
  const needsCard = (record: Readonly<SaleRecord>): boolean =>
    needsReceipt(record) && record.paymentId !== null && record.cardLastFour === null && (cardReads.get(record.id) ?? 0) < CARD_READS;

  async function step(id: string): Promise<StepResult> {
    const record = book.load(id);
    if (needsCard(record) && options.paymentCard !== undefined && record.paymentId !== null) {
      await options.budgetOf(record.terminalId).acquire();
      return readCard(record, record.paymentId, options.paymentCard);
    }
    if (needsReceipt(record)) return printReceipt(record);
    const settled = SETTLED_SALE_STATUSES.includes(record.status);
    if (settled && record.pendingOperation === null) return { next: 'done' };
    await options.budgetOf(record.terminalId).acquire();
    const fresh = book.load(id);
    if (fresh.orderId === null) return create(fresh);
    if (fresh.pendingOperation !== null) return runOperation(fresh, fresh.pendingOperation, fresh.orderId);
    if (SETTLED_SALE_STATUSES.includes(fresh.status)) return { next: 'now' };
    try {
      book.applyOrder(id, await options.orders().get(fresh.orderId));
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      book.noteError(id, error);
      return { next: 'retry' };
    }
    return { next: 'poll' };
  }

  return { step, lookUp: async (id) => lookUp(book.load(id)) };
}
