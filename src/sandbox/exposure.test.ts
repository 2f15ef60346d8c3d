import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../shared/clock';
import { Preference } from '../shared/platform/preferences';
import { createSandbox, type Sandbox } from './app';
import { hostnameOf } from './exposure';
import { startTestSandbox, type TestSandbox } from './checkout/test-support';
import { createNotificationDispatcher } from './notifications/dispatcher';
import { COUNTER, expectError, postToken } from './oauth/testing';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0)) await item.close();
});

async function sandboxWith(options: Parameters<typeof createSandbox>[0] = {}): Promise<Sandbox> {
  const sandbox = await createSandbox({ clock: createManualClock(), tokenRateLimit: null, ...options });
  open.push(sandbox);
  return sandbox;
}

async function testSandbox(): Promise<TestSandbox> {
  const t = await startTestSandbox();
  open.push(t);
  return t;
}

const PREFERENCE = { items: [{ title: 'Coffee', quantity: 1, unit_price: 10 }] };

describe('Host names (DNS rebinding)', () => {
  it('answers loopback names and refuses any other Host with 421', async () => {
    const sandbox = await sandboxWith();
    for (const host of ['localhost:3333', '127.0.0.1:3333', '[::1]:3333']) {
      expect((await sandbox.app.inject({ method: 'GET', url: '/__sandbox/health', headers: { host } })).statusCode, host).toBe(200);
    }
    const refused = await sandbox.app.inject({
      method: 'POST',
      url: '/__sandbox/reset',
      headers: { host: 'evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expectError(refused, 421, 'misdirected_request');
  });

  it('answers the public URL host, and any host only when allowed', async () => {
    const publicSandbox = await sandboxWith({ publicUrl: 'http://sandbox.test:4000' });
    expect((await publicSandbox.app.inject({ method: 'GET', url: '/__sandbox/health', headers: { host: 'sandbox.test:4000' } })).statusCode).toBe(200);
    const anyHost = await sandboxWith({ allowAnyHost: true });
    expect((await anyHost.app.inject({ method: 'GET', url: '/__sandbox/health', headers: { host: 'evil.example' } })).statusCode).toBe(200);
  });

  it('reads each Host the same way however many distinct ones arrived before (the parsed names are cached, boundedly)', async () => {
    expect(hostnameOf('LocalHost:3333')).toBe('localhost');
    expect(hostnameOf('[::1]:80')).toBe('[::1]');
    expect(hostnameOf('bad host')).toBeUndefined();
    const sandbox = await sandboxWith();
    for (let index = 0; index < 200; index++) {
      const host = index % 2 === 0 ? `evil${index}.example` : `127.0.0.${index % 250}:3333`;
      const status = (await sandbox.app.inject({ method: 'GET', url: '/__sandbox/health', headers: { host } })).statusCode;
      expect(status, host).toBe(index % 2 === 0 ? 421 : 200);
    }
    expect(hostnameOf('LocalHost:3333')).toBe('localhost');
    expect(hostnameOf('bad host')).toBeUndefined();
  });
});

describe('control requests another site could send', () => {
  it('refuse form and text bodies and foreign origins, so a web page cannot wipe the tokens', async () => {
    const sandbox = await sandboxWith();
    const token = (await postToken(sandbox, { grant_type: 'client_credentials', ...COUNTER })).json<{ access_token: string }>().access_token;
    const list = () => sandbox.app.inject({ method: 'GET', url: '/terminals/v1/list', headers: { authorization: `Bearer ${token}` } });
    expectError(
      await sandbox.app.inject({ method: 'POST', url: '/__sandbox/reset', headers: { 'content-type': 'text/plain' }, payload: 'x' }),
      415,
      'unsupported_media_type',
    );
    expectError(
      await sandbox.app.inject({ method: 'POST', url: '/__sandbox/reset', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' }),
      415,
      'unsupported_media_type',
    );
    expectError(await sandbox.app.inject({ method: 'POST', url: '/__sandbox/reset', headers: { origin: 'http://localhost:5173' } }), 403, 'forbidden');
    expect((await list()).statusCode).toBe(200);

    expect((await sandbox.app.inject({ method: 'POST', url: '/__sandbox/reset', headers: { origin: 'http://localhost:80' } })).statusCode).toBe(200);
    expect((await list()).statusCode).toBe(401);
  });

  it('accept JSON, the control header, and a bodyless call from a program (no Origin)', async () => {
    const sandbox = await sandboxWith();
    expect(
      (await sandbox.app.inject({ method: 'POST', url: '/__sandbox/reset', headers: { 'content-type': 'application/json' }, payload: '{}' })).statusCode,
    ).toBe(200);
    expect(
      (await sandbox.app.inject({ method: 'POST', url: '/__sandbox/reset', headers: { 'x-sandbox-control': '1', 'content-type': 'text/plain' }, payload: 'x' }))
        .statusCode,
    ).toBe(200);
    expect((await sandbox.app.inject({ method: 'POST', url: '/__sandbox/reset' })).statusCode).toBe(200);
  });
});

describe('init_point', () => {
  it('comes from the configured public address, not from the Host header', async () => {
    const sandbox = await sandboxWith({ publicUrl: 'http://sandbox.test:4000/' });
    const token = (await postToken(sandbox, { grant_type: 'client_credentials', ...COUNTER })).json<{ access_token: string }>().access_token;
    const created = await sandbox.app.inject({
      method: 'POST',
      url: '/checkout/preferences',
      headers: { authorization: `Bearer ${token}`, host: '127.0.0.2:9' },
      payload: PREFERENCE,
    });
    expect(Preference.parse(created.json()).init_point).toMatch(/^http:\/\/sandbox\.test:4000\/checkout\/pay\//);
  });

  it('is the listening address when none is configured', async () => {
    const sandbox = await sandboxWith();
    const baseUrl = await sandbox.listen();
    const token = (await postToken(sandbox, { grant_type: 'client_credentials', ...COUNTER })).json<{ access_token: string }>().access_token;
    const created = await sandbox.app.inject({
      method: 'POST',
      url: '/checkout/preferences',
      headers: { authorization: `Bearer ${token}`, host: 'localhost:1' },
      payload: PREFERENCE,
    });
    expect(Preference.parse(created.json()).init_point.startsWith(`${baseUrl}/checkout/pay/`)).toBe(true);
  });
});

describe('notification deliveries', () => {
  it('are not sent to a host other than loopback by default', async () => {
    const t = await testSandbox();
    const paid = await t.call('POST', '/v1/payments', {
      body: { transaction_amount: 10, payment_method_id: 'visa', payer: { email: 'a@b.co' }, notification_url: 'http://10.20.30.40:8080/ipn' },
      headers: { 'x-idempotency-key': 'remote-1' },
    });
    expect(paid.status).toBe(201);
    await t.services.notifications.dispatcher.whenIdle();
    const [delivery] = t.services.notifications.dispatcher.list();
    expect(delivery?.attempts[0]).toMatchObject({
      outcome: 'network_error',
      status_code: null,
      error: expect.stringContaining('10.20.30.40 is not a loopback host'),
    });
  });

  it("when allowed, do not copy another host's network error into the log", async () => {
    const reasons: string[] = [];
    const dispatcher = createNotificationDispatcher({
      clock: createManualClock(),
      secretFor: () => undefined,
      allowRemoteTargets: true,
      fetch: (input) => {
        reasons.push(String(input));
        return Promise.reject(
          new TypeError('fetch failed', { cause: Object.assign(new Error('getaddrinfo ENOTFOUND billing.internal.corp'), { code: 'ENOTFOUND' }) }),
        );
      },
    });
    open.push({ close: () => Promise.resolve(dispatcher.stop()) });
    dispatcher.enqueue({
      channel: 'ipn',
      topic: 'payment',
      resourceId: '1',
      action: 'payment.created',
      userId: 1001,
      clientId: COUNTER.client_id,
      liveMode: false,
      url: 'http://billing.internal.corp/ipn',
      urlSource: 'object',
    });
    await dispatcher.whenIdle();
    expect(reasons).toHaveLength(1);
    const [record] = dispatcher.list();
    expect(record?.attempts[0]?.error).toBe('the receiver could not be reached');
  });
});

describe('pages', () => {
  it('the consent page may not be framed', async () => {
    const sandbox = await sandboxWith();
    const page = await sandbox.app.inject({
      method: 'GET',
      url: `/authorization?response_type=code&client_id=${COUNTER.client_id}&redirect_uri=${encodeURIComponent('http://127.0.0.1/callback')}`,
    });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
