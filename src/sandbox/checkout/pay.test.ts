import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlatformErrorBody } from '../../shared/platform/errors';
import { Chargeback, MerchantOrder, Payment } from '../../shared/platform/payments';
import { Preference } from '../../shared/platform/preferences';
import { startTestSandbox, type TestSandbox } from './test-support';

let t: TestSandbox;
beforeEach(async () => {
  t = await startTestSandbox();
});
afterEach(async () => {
  await t.close();
});

async function preference(body: Record<string, unknown> = {}): Promise<Preference> {
  const response = await t.call('POST', '/checkout/preferences', {
    body: { items: [{ title: 'Mug', quantity: 2, unit_price: 10.25, currency_id: 'ARS' }], ...body },
  });
  expect(response.status, response.body).toBe(201);
  return Preference.parse(response.json());
}

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
