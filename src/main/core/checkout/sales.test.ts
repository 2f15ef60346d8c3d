import { describe, expect, it } from 'vitest';
import type { CheckoutSale, CheckoutPayment } from '../../../shared/ipc/channels/checkout';
import type { MerchantOrder, Payment } from '../../../shared/platform/payments';
import { applyMerchantOrder, applyPayment, deriveSaleStatus } from './sales';

const NOW = '2026-01-15T12:10:00.000Z';

const sale: CheckoutSale = {
  preferenceId: '1001-abc',
  externalReference: 'SALE-1',
  environment: 'sandbox',
  industry: 'retail',
  createdAt: '2026-01-15T12:00:00.000Z',
  updatedAt: '2026-01-15T12:00:00.000Z',
  items: [{ title: 'Mug', quantity: 1, unitPrice: 10 }],
  total: 10,
  currencyId: 'ARS',
  payerEmail: null,
  initPoint: 'http://127.0.0.1/checkout/pay/1001-abc',
  sandboxInitPoint: 'http://127.0.0.1/checkout/pay/1001-abc?sandbox=true',
  notificationUrl: 'http://127.0.0.1:1/notifications',
  status: 'created',
  merchantOrderId: null,
  payments: [],
  chargebacks: [],
  report: null,
};

function payment(status: Payment['status'], updatedAt: string): Payment {
  return {
    id: 1310000001,
    status,
    status_detail: 'x',
    transaction_amount: 10,
    currency_id: 'ARS',
    date_last_updated: updatedAt,
    order: { id: 21000000001, type: 'mercadopago' },
  } as Payment;
}

const entry = (status: CheckoutPayment['status']): CheckoutPayment => ({ id: '1', status, statusDetail: null, amount: 1, currencyId: 'ARS', updatedAt: NOW });

describe('sales follow the platform, never the arrival order', () => {
  it('derives the status from payments and chargebacks', () => {
    expect(deriveSaleStatus([], [])).toBe('created');
    expect(deriveSaleStatus([entry('pending')], [])).toBe('pending');
    expect(deriveSaleStatus([entry('rejected'), entry('pending')], [])).toBe('pending');
    expect(deriveSaleStatus([entry('rejected'), entry('approved')], [])).toBe('approved');
    expect(deriveSaleStatus([entry('rejected')], [])).toBe('rejected');
    expect(deriveSaleStatus([entry('cancelled')], [])).toBe('cancelled');
    expect(deriveSaleStatus([entry('charged_back')], [])).toBe('chargeback');
    expect(deriveSaleStatus([entry('approved')], [{ id: 'c', paymentId: '1', status: 'won', amount: 1, reason: 'fraud', updatedAt: NOW }])).toBe('approved');
  });

  it('keeps the newer view of a payment, whatever order the views arrive in', () => {
    const approved = applyPayment(sale, payment('approved', '2026-01-15T12:00:01.000Z'), NOW);
    const chargedBack = applyPayment(approved, payment('charged_back', '2026-01-15T12:00:05.000Z'), NOW);
    expect(chargedBack.status).toBe('chargeback');
    expect(applyPayment(chargedBack, payment('approved', '2026-01-15T12:00:01.000Z'), NOW)).toBe(chargedBack);
    // Same date: the further status wins.
    expect(applyPayment(applyPayment(sale, payment('charged_back', NOW), NOW), payment('approved', NOW), NOW).payments[0]?.status).toBe('charged_back');
  });

  it('does not let a merchant order snapshot older than the payment undo it', () => {
    const chargedBack = applyPayment(sale, payment('charged_back', '2026-01-15T12:00:05.000Z'), NOW);
    const order = {
      id: 21000000001,
      preference_id: sale.preferenceId,
      payments: [
        {
          id: 1310000001,
          transaction_amount: 10,
          total_paid_amount: 10,
          amount_refunded: 0,
          currency_id: 'ARS',
          status: 'approved',
          status_detail: 'accredited',
          operation_type: 'regular_payment',
          date_approved: null,
          date_created: NOW,
          last_modified: '2026-01-15T12:00:01.000Z',
        },
      ],
    } as MerchantOrder;
    const after = applyMerchantOrder(chargedBack, order, NOW);
    expect(after.payments[0]?.status).toBe('charged_back');
    expect(after.merchantOrderId).toBe('21000000001');
  });

  it('returns the same sale when nothing changed, so no event is sent', () => {
    const approved = applyPayment(sale, payment('approved', NOW), NOW);
    expect(applyPayment(approved, payment('approved', NOW), '2026-01-15T13:00:00.000Z')).toBe(approved);
  });
});
