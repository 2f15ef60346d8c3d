import type { Payment } from '../../../shared/platform/payments';
import type { PaymentSearchResponse } from '../../../shared/platform/search';
import type { PaymentSearchParams } from '../platform/payments-client';

/** The largest page the payment search gives, and the furthest offset it pages to. */
export const SEARCH_PAGE = 1000;
export const SEARCH_MAX_OFFSET = 10_000;

export interface PaymentReader {
  search(query: PaymentSearchParams): Promise<PaymentSearchResponse>;
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
