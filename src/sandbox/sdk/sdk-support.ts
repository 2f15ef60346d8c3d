import { MercadoPagoConfig } from 'mercadopago';
// The SDK has no base-URL option: every call is `${AppConfig.BASE_URL}${endpoint}` (utils/restClient).
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { createManualClock, type ManualClock } from '../../shared/clock';
import { createSandbox, type Sandbox } from '../app';
import { COUNTER } from '../oauth/testing';

/** A sandbox on a real socket with the official Node SDK pointed at it (imported by *.test.ts only). */
export interface SdkSandbox {
  readonly sandbox: Sandbox;
  readonly clock: ManualClock;
  readonly baseUrl: string;
  readonly accessToken: string;
  /** A client config for the SDK's resource classes. */
  config(): MercadoPagoConfig;
  /** A raw call with the bearer token, for what the SDK does not expose. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

const officialBaseUrl = AppConfig.BASE_URL;
/** BASE_URL is declared readonly but is a plain static the RestClient reads on every call. */
const pointSdkAt = (url: string): void => {
  (AppConfig as { BASE_URL: string }).BASE_URL = url;
};

export async function startSdkSandbox(options: { testToken?: boolean } = {}): Promise<SdkSandbox> {
  const clock = createManualClock(Date.parse('2026-03-01T12:00:00Z'));
  const sandbox = await createSandbox({ clock, tokenRateLimit: null });
  const baseUrl = await sandbox.listen();
  pointSdkAt(baseUrl);
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', ...COUNTER, ...(options.testToken === true ? { test_token: true } : {}) }),
  });
  const accessToken = ((await response.json()) as { access_token: string }).access_token;
  return {
    sandbox,
    clock,
    baseUrl,
    accessToken,
    config: () => new MercadoPagoConfig({ accessToken, options: { timeout: 5_000 } }),
    call: (method, path, body, headers = {}) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      }),
    async close() {
      pointSdkAt(officialBaseUrl);
      await sandbox.close();
    },
  };
}
