import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Payment } from '../../shared/platform/payments';
import { PaymentSearchResponse } from '../../shared/platform/search';
import { startTestSandbox, type TestSandbox } from '../checkout/test-support';

let t: TestSandbox;
beforeEach(async () => {
  t = await startTestSandbox();
});
afterEach(async () => {
  await t.close();
});

describe('control calls a reconciliation is tested with', () => {
  it('makes a payment the counter never saw, found by the payment search of its window and reference', async () => {
    const made = await t.call('POST', '/__sandbox/payments/elsewhere', { body: { user_id: 1001, amount: 12.5, external_reference: 'ELSEWHERE-1' } });
    expect(made.status, made.body).toBe(201);
    const payment = Payment.parse(made.json());
    expect(payment).toMatchObject({ status: 'approved', transaction_amount: 12.5, external_reference: 'ELSEWHERE-1', collector_id: 1001 });
    const now = new Date(t.clock.now());
    const query = new URLSearchParams({
      range: 'date_created',
      begin_date: new Date(now.getTime() - 60_000).toISOString(),
      end_date: new Date(now.getTime() + 60_000).toISOString(),
      external_reference: 'ELSEWHERE-1',
      offset: '0',
      limit: '1000',
    });
    const found = PaymentSearchResponse.parse((await t.call('GET', `/v1/payments/search?${query.toString()}`)).json());
    expect(found.results.map((result) => result.id)).toEqual([payment.id]);
    expect((await t.call('POST', '/__sandbox/payments/elsewhere', { body: { user_id: 4242, amount: 1 } })).status).toBe(404);
  });

  it("changes a payment's amount, and refuses one below what was refunded", async () => {
    const payment = Payment.parse((await t.call('POST', '/__sandbox/payments/elsewhere', { body: { user_id: 1001, amount: 20 } })).json());
    const changed = await t.call('POST', `/__sandbox/payments/${payment.id}/amount`, { body: { amount: 25.5 } });
    expect(changed.status, changed.body).toBe(200);
    expect(Payment.parse((await t.call('GET', `/v1/payments/${payment.id}`)).json()).transaction_amount).toBe(25.5);
    expect((await t.call('POST', '/__sandbox/payments/999999999/amount', { body: { amount: 1 } })).status).toBe(404);
    expect((await t.call('POST', `/__sandbox/payments/${payment.id}/amount`, { body: { amount: -1 } })).status).toBe(400);
  });
});
