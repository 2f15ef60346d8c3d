import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MercadoPagoConfig, Preference } from 'mercadopago';
// The SDK has no base-URL option: every call is `${AppConfig.BASE_URL}${endpoint}` (utils/restClient), so
// the tests point that one static at the sandbox.
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { createManualClock } from '../../shared/clock';
import { createSandbox, type Sandbox } from '../app';
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

  it.each(['/v1/payments/1/', '/terminals/v1/actions/abc/', '/checkout/preferences/x/'])('routes %s like the same path without the slash', async (path) => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { message: string };
    expect(body.message).not.toMatch(/^Route /);
  });
});
