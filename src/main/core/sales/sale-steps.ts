import { SETTLED_SALE_STATUSES } from '../../../shared/lifecycle/terminal-sale';
import { PlatformError } from '../platform/errors';
import type { OrdersClient } from '../platform/orders-client';
import type { Logger } from '../ports';
import type { RequestBudget } from '../print-queue/request-budget';
import type { PendingOperation, SaleRecord } from '../history/records/terminal-sale';
import { createOrderSteps, mayPass } from './order-steps';
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

/**
 * One thing to do for a sale at a time, in order: create, a pending cancel or refund, the card's details,
 * the receipt, a poll. Each request goes through the terminal's budget; each answer is written before the next.
 */
export function createSaleSteps(options: SaleStepsOptions): { step(id: string): Promise<StepResult>; lookUp(id: string): Promise<StepResult> } {
  const { book, logger } = options;
  const cardReads = new Map<string, number>();
  const { create, lookUp } = createOrderSteps(options);

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
