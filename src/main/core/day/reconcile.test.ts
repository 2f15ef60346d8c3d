import { describe, expect, it } from 'vitest';
import type { Payment } from '../../../shared/platform/payments';
import type { PaymentSearchParams } from '../platform/payments-client';
import { createPacer, paymentsInWindow, platformInWindow, SEARCH_MAX_OFFSET, SEARCH_PAGE, type PaymentReader } from './platform-payments';
import { reconcile, type KnownSale } from './reconcile';
import { samplePayment } from './test-day';

const at = '2026-11-20T10:00:00.000Z';
const known = (saleId: string, patch: Partial<KnownSale> = {}): KnownSale => ({
  saleId,
  externalReference: `ref-${saleId}`,
  tender: 'card',
  paid: true,
  amountCents: 2400,
  refundCents: 0,
  at,
  ...patch,
});

describe('reconciliation of a shift with the platform', () => {
  it('finds each kind of difference, and nothing else', () => {
    const sales = [
      known('ok'),
      known('never-paid'),
      known('lost', { paid: false }),
      known('other-amount'),
      known('refund', { refundCents: 0 }),
      known('declined', { paid: false }),
    ];
    const payments = [
      samplePayment(1, { external_reference: 'ref-ok' }),
      samplePayment(2, { external_reference: 'ref-lost' }),
      samplePayment(3, { external_reference: 'ref-other-amount', transaction_amount: 25 }),
      samplePayment(4, { external_reference: 'ref-refund', transaction_amount_refunded: 24, status: 'refunded' }),
      samplePayment(5, { external_reference: 'ref-declined', status: 'rejected' }),
      samplePayment(6, { external_reference: null, transaction_amount: 3 }),
      // After the close and not one of the shift's sales: the next shift's.
      samplePayment(7, { external_reference: 'next', date_created: '2026-11-20T12:00:00.000Z' }),
    ];
    const result = reconcile(sales, payments, { until: '2026-11-20T11:00:00.000Z' });
    expect(result.matched).toBe(1);
    expect(result.differences.map((difference) => [difference.kind, difference.saleId, difference.counterCents, difference.platformCents])).toEqual([
      ['not_paid', 'never-paid', 2400, null],
      ['paid_unknown', 'lost', null, 2400],
      ['amount_differs', 'other-amount', 2400, 2500],
      ['refund_differs', 'refund', 0, 2400],
      ['paid_unknown', null, null, 300],
    ]);
    expect(new Set(result.differences.map((difference) => difference.key)).size).toBe(5);
  });

  it('reads every page of a window, past the furthest offset, once each payment', async () => {
    const total = SEARCH_MAX_OFFSET + 2 * SEARCH_PAGE + 17;
    const all: Payment[] = Array.from({ length: total }, (_, index) =>
      samplePayment(index + 1, { date_created: new Date(Date.UTC(2026, 10, 20) + index * 1000).toISOString() }),
    );
    const queries: PaymentSearchParams[] = [];
    const reader = {
      pace: () => Promise.resolve(),
      searchMerchantOrders: () => Promise.resolve({ elements: [], next_offset: 0, total: 0 }),
      search(query: PaymentSearchParams) {
        queries.push(query);
        if (query.offset + query.limit > SEARCH_MAX_OFFSET + SEARCH_PAGE) throw new Error('offset beyond the search');
        const found = all.filter((payment) => payment.date_created >= (query.begin_date ?? '') && payment.date_created <= (query.end_date ?? '~'));
        return Promise.resolve({
          paging: { total: found.length, limit: query.limit, offset: query.offset },
          results: found.slice(query.offset, query.offset + query.limit),
        });
      },
    };
    const read = await paymentsInWindow(reader, all[0]?.date_created ?? '', '2026-12-01T00:00:00.000Z');
    expect(read.payments.map((payment) => payment.id)).toEqual(all.map((payment) => payment.id));
    expect(read.pages).toBe(queries.length);
    expect(read.pages).toBeLessThanOrEqual(Math.ceil(total / SEARCH_PAGE) + 1);
  });

  it('adds the payments the merchant orders of the window list and the payment search did not', async () => {
    const listed = samplePayment(1, { external_reference: 'ref-a' });
    const order = {
      id: 77,
      external_reference: 'ref-b',
      date_created: '2026-11-20T10:00:00.000Z',
      payments: [
        { id: 1, transaction_amount: 24, amount_refunded: 0, status: 'approved' },
        { id: 2, transaction_amount: 9.5, amount_refunded: 0, status: 'approved' },
      ],
    };
    const reader = {
      pace: () => Promise.resolve(),
      search: () => Promise.resolve({ paging: { total: 1, limit: SEARCH_PAGE, offset: 0 }, results: [listed] }),
      searchMerchantOrders: () =>
        Promise.resolve({ elements: [order], next_offset: 1, total: 1 }) as unknown as ReturnType<PaymentReader['searchMerchantOrders']>,
    };
    const read = await platformInWindow(reader, '2026-11-20T09:00:00.000Z', '2026-11-20T11:00:00.000Z');
    expect(read.pages).toBe(2);
    expect(read.payments.map((payment) => [payment.id, payment.external_reference, payment.transaction_amount])).toEqual([
      [1, 'ref-a', 24],
      [2, 'ref-b', 9.5],
    ]);
  });

  it('paces requests one interval apart, the first at once', async () => {
    let now = 0;
    const waits: number[] = [];
    const pace = createPacer(
      1500,
      () => now,
      (ms) => {
        waits.push(ms);
        now += ms;
        return Promise.resolve();
      },
    );
    await pace();
    await pace();
    now += 200;
    await pace();
    expect(waits).toEqual([1500, 1300]);
  });
});
