import { ZodError } from 'zod';
import type { CreatePointOrderRequest } from '../../../shared/platform/orders';
import { resendVerdict } from '../creates/resend-rule';
import type { SaleRecord } from '../history/records/terminal-sale';
import { PlatformError } from '../platform/errors';
import { findOrderOf } from './look-up';
import type { SaleStepsOptions, StepResult } from './sale-steps';

/** A failure that leaves the request's outcome to a retry under the same key (a transient one, or the terminal busy). */
export const mayPass = (error: PlatformError): boolean => error.retryable || error.code === 'already_queued_order_for_terminal';

/**
 * A sale's create, exactly once: sent (and resent) under its one key while the platform remembers it;
 * past that, the order is looked up by the sale's reference and adopted, or a person decides.
 */
export function createOrderSteps(options: Pick<SaleStepsOptions, 'book' | 'orders' | 'now' | 'expiration'>) {
  const { book } = options;

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

  return { create, lookUp };
}
