import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Payment as PaymentClient } from 'mercadopago';
import { Payment } from '../../shared/platform/payments';
import { PaymentSearchResponse } from '../../shared/platform/search';
import { startSdkSandbox, type SdkSandbox } from '../sdk/sdk-support';
import { paymentAnswer } from './view';

let t: SdkSandbox;
beforeAll(async () => {
  t = await startSdkSandbox();
});
afterAll(async () => {
  await t.close();
});

describe('a payment as the platform answers it', () => {
  it('answers order {} and the members the official suite expects on a capture; Counter still reads order as null', async () => {
    const payments = new PaymentClient(t.config());
    const created = await payments.create({
      body: { transaction_amount: 110, installments: 1, token: 'sbx-APRO', payment_method_id: 'visa', capture: false, payer: { email: 'buyer@example.com' } },
    });
    expect(created.order).toEqual({});
    const captured = await payments.capture({ id: created.id ?? 0, transaction_amount: 40 });
    expect(captured).toMatchObject({
      order: {},
      transaction_amount: 40,
      acquirer_reconciliation: [],
      build_version: expect.any(String),
      charges_details: [],
      fee_details: [],
      money_release_status: 'pending',
      payment_method: { id: 'visa', type: 'credit_card' },
      processing_mode: 'aggregator',
      taxes_amount: 0,
      shipping_amount: 0,
      refunds: [],
    });
    // What Counter's core parses: `{}` is "no merchant order", the null every reader handles.
    const read = await t.call('GET', `/v1/payments/${created.id ?? 0}`);
    expect(Payment.parse(await read.json()).order).toBeNull();
    const search = await t.call('GET', '/v1/payments/search?limit=50');
    const results = PaymentSearchResponse.parse(await search.json()).results;
    expect(results.find((payment) => payment.id === created.id)?.order).toBeNull();
  });

  it('keeps a merchant order as it is', () => {
    const stored = { ...Payment.parse(JSON.parse(JSON.stringify(paymentAnswer(samplePayment(), 0)))), order: { id: 42, type: 'mercadopago' } };
    expect(paymentAnswer(stored, 0).order).toEqual({ id: 42, type: 'mercadopago' });
    expect(Payment.parse(paymentAnswer(stored, 0)).order).toEqual({ id: 42, type: 'mercadopago' });
  });
});

function samplePayment(): Payment {
  return {
    id: 1,
    date_created: '2026-03-01T12:00:00.000Z',
    date_approved: null,
    date_last_updated: '2026-03-01T12:00:00.000Z',
    money_release_date: null,
    operation_type: 'regular_payment',
    payment_method_id: 'visa',
    payment_type_id: 'credit_card',
    status: 'rejected',
    status_detail: 'cc_rejected_other_reason',
    currency_id: 'ARS',
    description: null,
    live_mode: false,
    collector_id: 1001,
    payer: { id: null, email: 'buyer@example.com', identification: { type: null, number: null }, type: 'guest' },
    metadata: {},
    order: null,
    external_reference: null,
    transaction_amount: 10,
    transaction_amount_refunded: 0,
    installments: 1,
    issuer_id: null,
    notification_url: null,
    transaction_details: { net_received_amount: 0, total_paid_amount: 10, installment_amount: 10 },
  };
}
