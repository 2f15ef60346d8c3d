import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlatformErrorBody } from '../../shared/platform/errors';
import { Payment, Refund } from '../../shared/platform/payments';
import { startTestSandbox, type TestSandbox } from '../checkout/test-support';

let t: TestSandbox;
beforeEach(async () => {
  t = await startTestSandbox();
});
afterEach(async () => {
  await t.close();
});

const paymentBody = (extra: Record<string, unknown> = {}) => ({
  transaction_amount: 1234.5,
  token: 'sbx-card-APRO',
  description: 'Mug',
  installments: 3,
  payment_method_id: 'visa',
  issuer_id: 310,
  payer: { email: 'buyer@example.com', identification: { type: 'DNI', number: '30123456' } },
  external_reference: 'ORDER-7',
  ...extra,
});

async function createPayment(body: unknown, headers: Record<string, string> = {}, token?: string) {
  return t.call('POST', '/v1/payments', { body, headers, ...(token === undefined ? {} : { token }) });
}

describe('POST /v1/payments (spec 2.6) and GET /v1/payments/{id}', () => {
  it('creates a payment with the 2.6 fields and reads it back', async () => {
    const response = await createPayment(paymentBody());
    expect(response.status, response.body).toBe(201);
    const payment = Payment.parse(response.json());
    expect(payment).toMatchObject({
      status: 'approved',
      status_detail: 'accredited',
      transaction_amount: 1234.5,
      currency_id: 'ARS',
      installments: 3,
      issuer_id: '310',
      payment_method_id: 'visa',
      payment_type_id: 'credit_card',
      collector_id: 1001,
      external_reference: 'ORDER-7',
      order: null,
      payer: { email: 'buyer@example.com', identification: { type: 'DNI', number: '30123456' } },
      date_created: new Date(t.clock.now()).toISOString(),
      date_approved: new Date(t.clock.now()).toISOString(),
      transaction_details: { total_paid_amount: 1234.5, installment_amount: 411.5 },
    });
    const read = await t.call('GET', `/v1/payments/${payment.id}`);
    expect(read.status).toBe(200);
    expect(read.json()).toEqual(response.json());
  });

  it.each([
    ['sbx-OTHE', 'visa', 'rejected', 'cc_rejected_other_reason'],
    ['sbx-FUND', 'master', 'rejected', 'cc_rejected_insufficient_amount'],
    ['sbx-CONT', 'visa', 'pending', 'pending_contingency'],
    [undefined, 'rapipago', 'pending', 'pending_waiting_payment'],
  ])('token %s with %s gives %s/%s', async (token, method, status, detail) => {
    const body: Record<string, unknown> = paymentBody({ payment_method_id: method });
    if (token === undefined) delete body['token'];
    else body['token'] = token;
    const payment = Payment.parse((await createPayment(body)).json());
    expect(payment).toMatchObject({ status, status_detail: detail, date_approved: null });
  });

  it('names every offending field', async () => {
    const response = await createPayment({ transaction_amount: '10', installments: 1.5, payer: { identification: { type: 'DNI' } }, notification_url: 'nope' });
    expect(response.status).toBe(400);
    const error = PlatformErrorBody.parse(response.json());
    expect(error).toMatchObject({ error: 'bad_request', message: 'invalid payment' });
    expect(error.cause.map(({ code, description }) => ({ code, description }))).toEqual(
      expect.arrayContaining([
        { code: 'property_type', description: 'transaction_amount must be a number' },
        { code: 'property_type', description: 'installments must be an integer' },
        { code: 'required_properties', description: 'payment_method_id is required' },
        { code: 'property_value', description: 'notification_url must be an absolute http or https URL' },
        { code: 'required_properties', description: 'payer.email is required' },
        { code: 'required_properties', description: 'payer.identification.number is required' },
      ]),
    );
    expect(error.cause).toHaveLength(6);
  });

  it("answers 401 without a token and 404 for another account's payment", async () => {
    expect((await t.call('POST', '/v1/payments', { body: paymentBody(), token: null })).status).toBe(401);
    const payment = Payment.parse((await createPayment(paymentBody())).json());
    expect((await t.call('GET', `/v1/payments/${payment.id}`, { token: t.otherToken })).status).toBe(404);
    expect((await t.call('GET', '/v1/payments/abc')).status).toBe(404);
  });
});

describe('X-Idempotency-Key on POST /v1/payments', () => {
  it('replays the same key with the same body, refuses it with another body, and keys are per user', async () => {
    const key = { 'x-idempotency-key': 'pay-0001' };
    const first = await createPayment(paymentBody(), key);
    // Same body with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(paymentBody()).reverse());
    const again = await createPayment(reordered, key);
    expect(again.status).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');

    const different = await createPayment(paymentBody({ transaction_amount: 99 }), key);
    expect(different.status).toBe(409);
    expect(PlatformErrorBody.parse(different.json()).error).toBe('idempotency_key_already_used');

    const otherUser = await createPayment(paymentBody({ transaction_amount: 99 }), key, t.otherToken);
    expect(otherUser.status).toBe(201);
    expect(Payment.parse(otherUser.json()).collector_id).toBe(2002);

    const withoutKey = [await createPayment(paymentBody()), await createPayment(paymentBody())].map((response) => Payment.parse(response.json()).id);
    expect(new Set(withoutKey).size).toBe(2);
  });

  it('replays the first answer byte for byte, after a refund changed the payment and after a restart', async () => {
    const key = { 'x-idempotency-key': 'pay-0003' };
    const body = paymentBody({ additional_info: { items: [{ id: 'mug', quantity: 2, unit_price: 617.25 }], payer: { first_name: 'Ana' } } });
    const first = await createPayment(body, key);
    expect(first.status).toBe(201);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const id = Payment.parse(first.json()).id;
    expect((await t.call('POST', `/v1/payments/${id}/refunds`, { body: { amount: 100 } })).status).toBe(201);
    const refunded = Payment.parse((await t.call('GET', `/v1/payments/${id}`)).json());
    expect(refunded.transaction_amount_refunded).toBe(100);
    // What the answer shares with the stored payment (nested objects) may change in place too.
    const stored = t.services.payments.get(id)?.payment;
    if (stored === undefined) throw new Error('payment not stored');
    stored.payer.email = 'changed@example.com';
    stored.transaction_details.net_received_amount = 0;

    const again = await createPayment(body, key);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);

    const restarted = await startTestSandbox({ clock: t.clock, state: t.sandbox.snapshot() });
    try {
      const afterRestart = await restarted.call('POST', '/v1/payments', { body, headers: key });
      expect(afterRestart.headers['idempotent-replayed']).toBe('true');
      expect(afterRestart.body).toBe(first.body);
    } finally {
      await restarted.close();
    }
  });

  it('forgets a key after 24 hours', async () => {
    const key = { 'x-idempotency-key': 'pay-0002' };
    const first = Payment.parse((await createPayment(paymentBody(), key)).json());
    await t.clock.advance(24 * 3_600_000 - 1);
    expect(Payment.parse((await createPayment(paymentBody(), key)).json()).id).toBe(first.id);
    await t.clock.advance(1);
    const later = await createPayment(paymentBody({ transaction_amount: 5 }), key);
    expect(later.status).toBe(201);
    expect(Payment.parse(later.json()).id).not.toBe(first.id);
  });
});

describe('POST /v1/payments/{id}/refunds', () => {
  it('numbers refunds across every payment, and goes on from there after a restart', async () => {
    const refund = async (sandbox: TestSandbox, paymentId: number, amount: number) =>
      Refund.parse((await sandbox.call('POST', `/v1/payments/${paymentId}/refunds`, { body: { amount } })).json()).id;
    const first = Payment.parse((await createPayment(paymentBody())).json()).id;
    const second = Payment.parse((await createPayment(paymentBody())).json()).id;
    const ids = [await refund(t, first, 1), await refund(t, second, 1), await refund(t, first, 2)];
    expect(ids.map((id) => id - ids[0]!)).toEqual([0, 1, 2]);

    const restarted = await startTestSandbox({ clock: t.clock, state: t.sandbox.snapshot() });
    try {
      expect(await refund(restarted, second, 3)).toBe(ids[0]! + 3);
      expect(await refund(restarted, first, 3)).toBe(ids[0]! + 4);
    } finally {
      await restarted.close();
    }
  });
});
