import type { Payment } from '../../../shared/platform/payments';
import type { MerchantOrderSearchResponse, PaymentSearchResponse } from '../../../shared/platform/search';
import type { MerchantOrderSearchParams, PaymentSearchParams } from '../platform/payments-client';
import type { PlatformPayment } from './reconcile';

/** The largest page the payment search gives, and the furthest offset it pages to. */
export const SEARCH_PAGE = 1000;
export const SEARCH_MAX_OFFSET = 10_000;

export interface PaymentReader {
  search(query: PaymentSearchParams): Promise<PaymentSearchResponse>;
  searchMerchantOrders(query: MerchantOrderSearchParams): Promise<MerchantOrderSearchResponse>;
  /** Resolves when the next request may leave (the rate the platform allows). */
  pace(): Promise<void>;
}

/**
 * Every payment created in [from, until], oldest first, read page by page within the rate limit. Past the
 * search's furthest offset the next pages start again from the last payment's time (ids already read are
 * skipped), so a day larger than one search can hold is still read whole.
 */
export async function paymentsInWindow(reader: PaymentReader, from: string, until: string): Promise<{ payments: Payment[]; pages: number }> {
  const seen = new Set<number>();
  const payments: Payment[] = [];
  let begin = from;
  let offset = 0;
  let pages = 0;
  for (;;) {
    await reader.pace();
    const page = await reader.search({
      range: 'date_created',
      begin_date: begin,
      end_date: until,
      sort: 'date_created',
      criteria: 'asc',
      offset,
      limit: SEARCH_PAGE,
    });
    pages++;
    for (const payment of page.results) {
      if (seen.has(payment.id)) continue;
      seen.add(payment.id);
      payments.push(payment);
    }
    const next = offset + page.results.length;
    if (page.results.length === 0 || next >= page.paging.total) return { payments, pages };
    if (next + SEARCH_PAGE <= SEARCH_MAX_OFFSET) {
      offset = next;
      continue;
    }
    const last = page.results.at(-1)?.date_created ?? until;
    // A whole window of payments created in the same millisecond cannot be paged further: stop rather than loop.
    if (last === begin) return { payments, pages };
    begin = last;
    offset = 0;
  }
}

/** A pacer that lets one request leave every `intervalMs`, the first at once. */
export function createPacer(intervalMs: number, now: () => number = Date.now, wait: (ms: number) => Promise<void> = sleep): () => Promise<void> {
  let next = 0;
  return async () => {
    const at = now();
    const leave = Math.max(at, next);
    next = leave + intervalMs;
    if (leave > at) await wait(leave - at);
  };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The merchant orders created in [from, until], page by page within the same pace: each lists its payments
 * (id, status, amounts) under the order's external reference, so a payment the payment search did not
 * list (its own date outside the window, an index behind) is still seen. At most the search's furthest offset.
 */
export async function merchantOrderPayments(reader: PaymentReader, from: string, until: string): Promise<{ payments: PlatformPayment[]; pages: number }> {
  const payments: PlatformPayment[] = [];
  let offset = 0;
  let pages = 0;
  for (;;) {
    await reader.pace();
    const page = await reader.searchMerchantOrders({ date_created_from: from, date_created_to: until, offset, limit: SEARCH_PAGE });
    pages++;
    for (const order of page.elements)
      for (const payment of order.payments)
        payments.push({
          id: payment.id,
          status: payment.status,
          external_reference: order.external_reference,
          transaction_amount: payment.transaction_amount,
          transaction_amount_refunded: payment.amount_refunded,
          date_created: order.date_created,
        });
    const next = offset + page.elements.length;
    if (page.elements.length === 0 || next >= page.total || next + SEARCH_PAGE > SEARCH_MAX_OFFSET) return { payments, pages };
    offset = next;
  }
}

/** The window's payments, from the payment search and from its merchant orders, each payment once (the search's record first). */
export async function platformInWindow(reader: PaymentReader, from: string, until: string): Promise<{ payments: PlatformPayment[]; pages: number }> {
  const searched = await paymentsInWindow(reader, from, until);
  const ordered = await merchantOrderPayments(reader, from, until);
  const seen = new Set(searched.payments.map((payment) => payment.id));
  const extra = ordered.payments.filter((payment) => !seen.has(payment.id));
  return { payments: [...searched.payments, ...extra], pages: searched.pages + ordered.pages };
}
