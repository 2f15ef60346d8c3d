import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Payment } from '../../../shared/platform/payments';
import { MerchantOrderSearchResponse, PaymentSearchResponse } from '../../../shared/platform/search';
import { COUNTER_APP, startTestSandbox, type TestSandbox } from '../../testing/harness';
import { sampleSale } from '../history/test-sales';
import type { PaymentReader } from './platform-payments';
import { testDay } from './test-day';

let t: TestSandbox;
beforeEach(async () => {
  t = await startTestSandbox();
});
afterEach(async () => {
  await t.close();
});

async function post(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${t.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.ok, `${path} answered ${response.status}`).toBe(true);
  return response.json();
}

/** The platform's payment search as Counter's account reads it. */
async function sandboxReader(): Promise<PaymentReader> {
  const tokenResponse = await post('/oauth/token', {
    grant_type: 'client_credentials',
    client_id: COUNTER_APP.clientId,
    client_secret: COUNTER_APP.clientSecret,
  });
  const token = (tokenResponse as { access_token: string }).access_token;
  return {
    pace: () => Promise.resolve(),
    async search(query) {
      const params = new URLSearchParams(Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]));
      const response = await fetch(`${t.baseUrl}/v1/payments/search?${params.toString()}`, { headers: { authorization: `Bearer ${token}` } });
      return PaymentSearchResponse.parse(await response.json());
    },
    async searchMerchantOrders(query) {
      const params = new URLSearchParams(Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]));
      const response = await fetch(`${t.baseUrl}/merchant_orders/search?${params.toString()}`, { headers: { authorization: `Bearer ${token}` } });
      return MerchantOrderSearchResponse.parse(await response.json());
    },
  };
}

describe('reconciliation against the sandbox, with the differences its control calls plant', () => {
  it('finds the payment made elsewhere and the amount changed on the platform, and matches the rest', async () => {
    const accounts = (await (await fetch(`${t.baseUrl}/__sandbox/accounts`)).json()) as { applications: Array<{ client_id: string; owner_user_id: number }> };
    const owner = accounts.applications.find((application) => application.client_id === COUNTER_APP.clientId)?.owner_user_id;
    const reader = await sandboxReader();
    const { service, terminalSales } = testDay({ overrides: { clock: t.clock, payments: () => reader } });
    const shift = await service.open({ personId: null, personName: 'Ana', floatCents: null });
    await t.clock.advance(1_000);
    const at = new Date(t.clock.now()).toISOString();
    terminalSales.save(sampleSale('sale-a', { status: 'processed', amount: '24.00', createdAt: at }));
    terminalSales.save(sampleSale('sale-b', { status: 'processed', amount: '10.00', createdAt: at }));
    await post('/__sandbox/payments/elsewhere', { user_id: owner, amount: 24, external_reference: 'ref-sale-a' });
    const b = Payment.parse(await post('/__sandbox/payments/elsewhere', { user_id: owner, amount: 10, external_reference: 'ref-sale-b' }));
    await post('/__sandbox/payments/elsewhere', { user_id: owner, amount: 7, external_reference: 'ELSEWHERE-1' });
    await post(`/__sandbox/payments/${b.id}/amount`, { amount: 12 });
    await t.clock.advance(60_000);

    const result = await service.reconcile(shift.id);
    expect(result.matched).toBe(1);
    expect(result.differences.map((difference) => [difference.kind, difference.externalReference, difference.counterCents, difference.platformCents])).toEqual([
      ['amount_differs', 'ref-sale-b', 1000, 1200],
      ['paid_unknown', 'ELSEWHERE-1', null, 700],
    ]);
  });
});
