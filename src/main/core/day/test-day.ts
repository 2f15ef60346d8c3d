import { createManualClock, type ManualClock } from '../../../shared/clock';
import type { CheckoutSale } from '../../../shared/ipc/channels/checkout';
import type { Payment } from '../../../shared/platform/payments';
import { createCheckoutSales } from '../history/checkout-sales';
import { createDaySources } from '../history/day-sources';
import { createSalesHistory } from '../history/sales-history';
import { migrated } from '../history/schema';
import { createShiftBook } from '../history/shifts';
import { sqlite, type DatabaseSync } from '../history/sqlite';
import { createDayService, type DayServiceOptions } from './day-service';
import type { PaymentReader } from './platform-payments';

/** A day service over an in-memory history, a manual clock and a fake print queue and payment search. */
export function testDay(options: { platformPayments?: Payment[]; overrides?: Partial<DayServiceOptions> } = {}) {
  const db: DatabaseSync = migrated(new (sqlite().DatabaseSync)(':memory:'));
  const clock: ManualClock = createManualClock(Date.UTC(2026, 10, 20, 9, 0, 0));
  const printed: Array<{ terminalId: string; content: string; externalReference: string }> = [];
  const book = createShiftBook(db);
  const sources = createDaySources(db);
  const payments = options.platformPayments ?? [];
  let searches = 0;
  const reader: PaymentReader = {
    pace: () => Promise.resolve(),
    searchMerchantOrders: () => Promise.resolve({ elements: [], next_offset: 0, total: 0 }),
    search: (query) => {
      searches++;
      const inWindow = payments.filter((payment) => payment.date_created >= (query.begin_date ?? '') && payment.date_created <= (query.end_date ?? '~'));
      return Promise.resolve({
        paging: { total: inWindow.length, limit: query.limit, offset: query.offset },
        results: inWindow.slice(query.offset, query.offset + query.limit),
      });
    },
  };
  const service = createDayService({
    clock,
    history: () => Promise.resolve({ book, sources }),
    counterId: () => 'counter-1',
    language: () => 'en',
    currency: () => null,
    print: (request) => {
      printed.push(request);
      return Promise.resolve(`print-${printed.length}`);
    },
    payments: () => reader,
    utcOffsetMinutes: () => 0,
    ...options.overrides,
  });
  return {
    db,
    clock,
    book,
    service,
    printed,
    searches: () => searches,
    terminalSales: createSalesHistory(db),
    checkoutSales: createCheckoutSales(db),
  };
}

/** A payment as the platform's search lists it. */
export function samplePayment(id: number, patch: Partial<Payment> = {}): Payment {
  const at = '2026-11-20T10:00:00.000Z';
  return {
    id,
    date_created: at,
    date_approved: at,
    date_last_updated: at,
    money_release_date: null,
    operation_type: 'regular_payment',
    payment_method_id: 'visa',
    payment_type_id: 'credit_card',
    status: 'approved',
    status_detail: 'accredited',
    currency_id: 'ARS',
    description: null,
    live_mode: false,
    collector_id: 1,
    payer: { id: null, email: 'buyer@example.com', identification: { type: null, number: null }, type: 'guest' },
    metadata: {},
    order: null,
    external_reference: null,
    transaction_amount: 24,
    transaction_amount_refunded: 0,
    installments: 1,
    issuer_id: null,
    notification_url: null,
    transaction_details: { net_received_amount: 24, total_paid_amount: 24, installment_amount: 24 },
    ...patch,
  };
}

/** A checkout sale paid through its link. */
export function sampleCheckoutSale(id: string, patch: Partial<CheckoutSale> = {}): CheckoutSale {
  const at = '2026-11-20T10:05:00.000Z';
  return {
    preferenceId: id,
    externalReference: `link-${id}`,
    environment: 'sandbox',
    industry: null,
    createdAt: at,
    updatedAt: at,
    items: [{ title: 'Tea', quantity: 1, unitPrice: 10.5 }],
    total: 10.5,
    currencyId: 'ARS',
    payerEmail: null,
    initPoint: 'https://example.com/pay',
    sandboxInitPoint: 'https://example.com/pay',
    notificationUrl: null,
    status: 'approved',
    merchantOrderId: null,
    payments: [{ id: '900', status: 'approved', statusDetail: 'accredited', amount: 10.5, currencyId: 'ARS', updatedAt: at }],
    chargebacks: [],
    report: null,
    ...patch,
  };
}
