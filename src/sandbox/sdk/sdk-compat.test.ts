import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MercadoPagoConfig, MerchantOrder, Payment, Preference } from 'mercadopago';
// The SDK has no base-URL option: every call is `${AppConfig.BASE_URL}${endpoint}` (utils/restClient), so
// the tests point that one static at the sandbox.
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { createManualClock } from '../../shared/clock';
import { createSandbox, type Sandbox } from '../app';
import { ChargebackSearchResponse, MerchantOrderSearchResponse, PaymentSearchResponse, PreferenceSearchResponse } from '../../shared/platform/search';
import { COUNTER } from '../oauth/testing';

let sandbox: Sandbox;
let baseUrl: string;
let accessToken: string;
const officialBaseUrl = AppConfig.BASE_URL;
/** BASE_URL is declared readonly but is a plain static the RestClient reads on every call. */
const pointSdkAt = (url: string): void => {
  (AppConfig as { BASE_URL: string }).BASE_URL = url;
};

beforeAll(async () => {
  sandbox = await createSandbox({ clock: createManualClock(Date.parse('2026-03-01T12:00:00Z')), tokenRateLimit: null });
  baseUrl = await sandbox.listen();
  pointSdkAt(baseUrl);
  const response = await fetch(`${baseUrl}/oauth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', ...COUNTER }),
  });
  expect(response.status).toBe(200);
  accessToken = ((await response.json()) as { access_token: string }).access_token;
});

afterAll(async () => {
  pointSdkAt(officialBaseUrl);
  await sandbox.close();
});

const sdkConfig = (): MercadoPagoConfig => new MercadoPagoConfig({ accessToken, options: { timeout: 5_000 } });

describe('the sandbox through the official Node SDK', () => {
  it('creates a preference with Preference.create, which posts to /checkout/preferences/ with a trailing slash', async () => {
    const created = await new Preference(sdkConfig()).create({
      body: { items: [{ id: 'sku-1', title: 'Coffee', quantity: 2, unit_price: 150, currency_id: 'ARS' }], external_reference: 'order-7' },
    });
    expect(created.id).toMatch(/^1001-/);
    expect(created.init_point).toBe(`${baseUrl}/checkout/pay/${created.id ?? ''}`);
    const read = await new Preference(sdkConfig()).get({ preferenceId: created.id ?? '' });
    expect(read.external_reference).toBe('order-7');
  });

  it('accepts POST /v1/payments/ and /terminals/v1/actions/ with the slash', async () => {
    const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', 'x-idempotency-key': crypto.randomUUID() };
    const payment = await fetch(`${baseUrl}/v1/payments/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ transaction_amount: 10, payment_method_id: 'visa', payer: { email: 'a@b.co' } }),
    });
    expect(payment.status).toBe(201);
    const action = await fetch(`${baseUrl}/terminals/v1/actions/`, { method: 'POST', headers, body: '{}' });
    expect(action.status).toBe(400);
    expect(((await action.json()) as { error: string }).error).toBe('required_properties');
  });

  it.each(['/v1/payments/1/', '/terminals/v1/actions/abc/', '/checkout/preferences/x/'])('routes %s like the same path without the slash', async (path) => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { message: string };
    expect(body.message).not.toMatch(/^Route /);
  });
});

/** A preference paid through the control API: one payment and one merchant order. */
async function paidPreference(
  externalReference: string,
  outcome: 'approved' | 'rejected' = 'approved',
): Promise<{ preferenceId: string; paymentId: number; orderId: number }> {
  const created = await new Preference(sdkConfig()).create({
    body: { items: [{ id: 'x', title: 'Tea', quantity: 1, unit_price: 40, currency_id: 'ARS' }], external_reference: externalReference },
  });
  const preferenceId = created.id ?? '';
  const response = await fetch(`${baseUrl}/__sandbox/preferences/${preferenceId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: outcome }),
  });
  const paid = (await response.json()) as { payment: { id: number }; merchant_order: { id: number } };
  return { preferenceId, paymentId: paid.payment.id, orderId: paid.merchant_order.id };
}

describe('searches and updates the SDKs make', () => {
  it('Payment.search by external_reference and status, sorted, paged, shaped { paging, results }', async () => {
    const first = await paidPreference('search-pay');
    const second = await paidPreference('search-pay');
    const rejected = await paidPreference('search-pay', 'rejected');
    await paidPreference('someone-else');
    const found = PaymentSearchResponse.parse(
      await new Payment(sdkConfig()).search({ options: { external_reference: 'search-pay', sort: 'date_created', criteria: 'asc' } }),
    );
    expect(found.paging).toEqual({ total: 3, limit: 30, offset: 0 });
    expect(found.results.map((payment) => payment.id)).toEqual([first.paymentId, second.paymentId, rejected.paymentId]);
    const approved = PaymentSearchResponse.parse(
      await new Payment(sdkConfig()).search({ options: { external_reference: 'search-pay', status: 'approved', criteria: 'desc', limit: 1, offset: 1 } }),
    );
    expect(approved.paging).toEqual({ total: 2, limit: 1, offset: 1 });
    expect(approved.results.map((payment) => payment.id)).toEqual([first.paymentId]);
  });

  it('answers a bad search parameter with 400 and its name, not "payment not found"', async () => {
    const response = await fetch(`${baseUrl}/v1/payments/search?limit=lots`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('limit must be a whole number');
  });

  it('MerchantOrder.search by preference_id, shaped { elements, next_offset, total }', async () => {
    const paid = await paidPreference('search-order');
    const found = MerchantOrderSearchResponse.parse(await new MerchantOrder(sdkConfig()).search({ options: { preference_id: paid.preferenceId } }));
    expect(found.total).toBe(1);
    expect(found.next_offset).toBe(1);
    expect(found.elements[0]?.id).toBe(paid.orderId);
  });

  it('chargebacks search by payment_id', async () => {
    const paid = await paidPreference('search-chargeback');
    await fetch(`${baseUrl}/__sandbox/payments/${paid.paymentId}/chargeback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const response = await fetch(`${baseUrl}/v1/chargebacks/search?payment_id=${paid.paymentId}`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(response.status).toBe(200);
    const found = ChargebackSearchResponse.parse(await response.json());
    expect(found.paging.total).toBe(1);
    expect(found.results[0]?.payment_id).toBe(paid.paymentId);
  });

  it('Preference.update replaces the members sent and keeps the rest; Preference.search finds it', async () => {
    const created = await new Preference(sdkConfig()).create({
      body: { items: [{ id: 'a', title: 'Cake', quantity: 1, unit_price: 90 }], external_reference: 'before-update' },
    });
    const id = created.id ?? '';
    const updated = await new Preference(sdkConfig()).update({
      id,
      updatePreferenceRequest: { items: [{ id: 'a', title: 'Cake', quantity: 1, unit_price: 90 }], external_reference: 'after-update' },
    });
    expect(updated).toMatchObject({ id, external_reference: 'after-update', init_point: created.init_point });
    expect((await new Preference(sdkConfig()).get({ preferenceId: id })).external_reference).toBe('after-update');

    const found = PreferenceSearchResponse.parse(await new Preference(sdkConfig()).search({ options: { external_reference: 'after-update' } }));
    expect(found.total).toBe(1);
    expect(found.elements[0]).toMatchObject({ id, items: ['Cake'], collector_id: 1001 });
  });

  it('refuses an update that breaks a rule of the create (auto_return without back_urls.success)', async () => {
    const created = await new Preference(sdkConfig()).create({ body: { items: [{ id: 'a', title: 'Pie', quantity: 1, unit_price: 10 }] } });
    const response = await fetch(`${baseUrl}/checkout/preferences/${created.id ?? ''}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ auto_return: 'approved' }),
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('back_urls.success');
  });
});
