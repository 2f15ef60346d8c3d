import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlatformErrorBody } from '../../shared/platform/errors';
import { Chargeback, MerchantOrder, Payment, PaymentIntent } from '../../shared/platform/payments';
import { Preference } from '../../shared/platform/preferences';
import { INTENT_STEP_MS } from './operations';
import { startTestSandbox, type TestSandbox } from './test-support';

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

async function preference(body: Record<string, unknown> = {}): Promise<Preference> {
  const response = await t.call('POST', '/checkout/preferences', {
    body: { items: [{ title: 'Mug', quantity: 2, unit_price: 10.25, currency_id: 'ARS' }], ...body },
  });
  expect(response.status, response.body).toBe(201);
  return Preference.parse(response.json());
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
      issuer_id: 310,
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

describe('paying a preference, merchant orders and chargebacks', () => {
  it('creates a payment in a merchant order that groups the preference payments', async () => {
    const pref = await preference({ external_reference: 'ORDER-9', back_urls: { success: 'https://shop.example/ok?x=1' }, auto_return: 'approved' });
    const rejected = await t.call('POST', `/__sandbox/preferences/${pref.id}/pay`, { body: { status: 'rejected' }, token: null });
    expect(rejected.status, rejected.body).toBe(201);
    expect(rejected.json()).toMatchObject({ return_url: null, auto_return: false });
    const approved = (
      await t.call('POST', `/__sandbox/preferences/${pref.id}/pay`, { body: { status: 'approved', payer_email: 'ana@example.com' }, token: null })
    ).json<{
      payment: unknown;
      merchant_order: unknown;
      return_url: string;
      auto_return: boolean;
    }>();
    const payment = Payment.parse(approved.payment);
    expect(payment).toMatchObject({ status: 'approved', transaction_amount: 20.5, external_reference: 'ORDER-9', payer: { email: 'ana@example.com' } });
    const order = MerchantOrder.parse((await t.call('GET', `/merchant_orders/${payment.order?.id}`)).json());
    expect(order).toMatchObject({
      preference_id: pref.id,
      status: 'closed',
      order_status: 'paid',
      total_amount: 20.5,
      paid_amount: 20.5,
      external_reference: 'ORDER-9',
    });
    expect(order.payments.map((entry) => entry.status)).toEqual(['rejected', 'approved']);
    expect(approved.auto_return).toBe(true);
    const back = new URL(approved.return_url);
    expect(back.origin + back.pathname).toBe('https://shop.example/ok');
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      x: '1',
      payment_id: String(payment.id),
      collection_id: String(payment.id),
      status: 'approved',
      collection_status: 'approved',
      external_reference: 'ORDER-9',
      merchant_order_id: String(order.id),
      preference_id: pref.id,
    });
    expect((await t.call('GET', `/merchant_orders/${order.id}`, { token: t.otherToken })).status).toBe(404);
  });

  it('opens a chargeback on an approved payment only', async () => {
    const pref = await preference();
    const { payment } = (await t.call('POST', `/__sandbox/preferences/${pref.id}/pay`, { body: { status: 'approved' }, token: null })).json<{
      payment: Payment;
    }>();
    const response = await t.call('POST', `/__sandbox/payments/${payment.id}/chargeback`, { body: { amount: 5 }, token: null });
    expect(response.status, response.body).toBe(201);
    const chargeback = Chargeback.parse(response.json());
    expect(chargeback).toMatchObject({ payment_id: payment.id, amount: 5, status: 'opened', currency_id: 'ARS' });
    expect(Chargeback.parse((await t.call('GET', `/v1/chargebacks/${chargeback.id}`)).json())).toEqual(chargeback);
    expect((await t.call('GET', `/v1/chargebacks/${chargeback.id}`, { token: t.otherToken })).status).toBe(404);
    expect(Payment.parse((await t.call('GET', `/v1/payments/${payment.id}`)).json()).status).toBe('charged_back');
    expect(MerchantOrder.parse((await t.call('GET', `/merchant_orders/${payment.order?.id}`)).json()).order_status).toBe('reverted');

    const again = await t.call('POST', `/__sandbox/payments/${payment.id}/chargeback`, { token: null });
    expect(again.status).toBe(409);
    expect((await t.call('POST', `/__sandbox/payments/${payment.id}/chargeback`, { body: { amount: 'all' }, token: null })).status).toBe(400);
    expect((await t.call('POST', '/__sandbox/payments/1/chargeback', { token: null })).status).toBe(404);
  });

  it('refuses to pay an expired preference', async () => {
    const pref = await preference({ expires: true, date_of_expiration: new Date(t.clock.now() + 60_000).toISOString() });
    await t.clock.advance(60_001);
    const response = await t.call('POST', `/__sandbox/preferences/${pref.id}/pay`, { body: { status: 'approved' }, token: null });
    expect(response.status).toBe(409);
    expect(PlatformErrorBody.parse(response.json()).error).toBe('preference_expired');
  });

  it('validates the control body', async () => {
    const pref = await preference();
    const response = await t.call('POST', `/__sandbox/preferences/${pref.id}/pay`, { body: { status: 'maybe' }, token: null });
    expect(response.status).toBe(400);
    expect((await t.call('POST', '/__sandbox/preferences/1001-none/pay', { body: { status: 'approved' }, token: null })).status).toBe(404);
  });
});

describe('terminal payment intents (topic point_integration_ipn)', () => {
  it('goes OPEN → ON_TERMINAL → PROCESSING → FINISHED with an approved payment', async () => {
    const created = await t.call('POST', '/__sandbox/payment-intents', {
      body: { device_id: 'NEWLAND_N950__SBX0000001', amount: 2550, description: 'Coffee', external_reference: 'T-1' },
      token: null,
    });
    expect(created.status, created.body).toBe(201);
    const intent = PaymentIntent.parse(created.json());
    const states: string[] = [intent.state];
    for (let step = 0; step < 3; step++) {
      await t.clock.advance(INTENT_STEP_MS);
      states.push(PaymentIntent.parse((await t.call('GET', `/point/integration-api/payment-intents/${intent.id}`)).json()).state);
    }
    expect(states).toEqual(['OPEN', 'ON_TERMINAL', 'PROCESSING', 'FINISHED']);
    const finished = PaymentIntent.parse((await t.call('GET', `/point/integration-api/payment-intents/${intent.id}`)).json());
    const payment = Payment.parse((await t.call('GET', `/v1/payments/${finished.payment.id}`)).json());
    expect(payment).toMatchObject({ status: 'approved', transaction_amount: 25.5, external_reference: 'T-1', point_of_interaction: { type: 'POINT' } });
    expect((await t.call('GET', `/point/integration-api/payment-intents/${intent.id}`, { token: t.otherToken })).status).toBe(404);
  });

  it('can end CANCELED at the terminal, without a payment', async () => {
    const intent = PaymentIntent.parse(
      (
        await t.call('POST', '/__sandbox/payment-intents', { body: { device_id: 'NEWLAND_N950__SBX0000002', amount: 100, outcome: 'canceled' }, token: null })
      ).json(),
    );
    await t.clock.advance(10 * INTENT_STEP_MS);
    expect(PaymentIntent.parse((await t.call('GET', `/point/integration-api/payment-intents/${intent.id}`)).json())).toMatchObject({
      state: 'CANCELED',
      payment: { id: null },
    });
  });

  it('continues its states after a restart', async () => {
    const intent = PaymentIntent.parse(
      (await t.call('POST', '/__sandbox/payment-intents', { body: { device_id: 'NEWLAND_N950__SBX0000001', amount: 100 }, token: null })).json(),
    );
    await t.clock.advance(INTENT_STEP_MS);
    const snapshot = t.sandbox.snapshot();
    await t.close();
    t = await startTestSandbox({ clock: t.clock, state: snapshot });
    expect(PaymentIntent.parse((await t.call('GET', `/point/integration-api/payment-intents/${intent.id}`)).json()).state).toBe('ON_TERMINAL');
    await t.clock.advance(2 * INTENT_STEP_MS);
    expect(PaymentIntent.parse((await t.call('GET', `/point/integration-api/payment-intents/${intent.id}`)).json()).state).toBe('FINISHED');
  });

  it('refuses an unknown terminal and a bad amount', async () => {
    expect((await t.call('POST', '/__sandbox/payment-intents', { body: { device_id: 'NOPE__1', amount: 100 }, token: null })).status).toBe(404);
    const bad = await t.call('POST', '/__sandbox/payment-intents', { body: { device_id: 'NEWLAND_N950__SBX0000001', amount: 12.5 }, token: null });
    expect(PlatformErrorBody.parse(bad.json()).cause).toEqual([
      { code: 'property_type', description: 'amount must be an integer', data: { property: 'amount' } },
    ]);
  });
});
