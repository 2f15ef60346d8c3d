import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../shared/clock';
import { PlatformErrorBody } from '../../shared/platform/errors';
import { IpnQuery, WebhookBody, WebhookQuery } from '../../shared/platform/notifications';
import { Payment } from '../../shared/platform/payments';
import { Preference } from '../../shared/platform/preferences';
import { COUNTER_APP, startTestSandbox, type TestSandbox } from '../checkout/test-support';
import { NotificationView } from './records';
import { attemptOffsets } from './schedule';
import { verifyWebhookSignature } from './signature';
import { startReceiver, type Receiver } from './test-receiver';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()?.close();
});

async function setup(options: { fallback?: number; ackTimeoutMs?: number } = {}): Promise<{ t: TestSandbox; receiver: Receiver }> {
  const t = await startTestSandbox({ ackTimeoutMs: options.ackTimeoutMs ?? 2_000 });
  const receiver = await startReceiver({ fallback: options.fallback ?? 200 });
  open.push(receiver, t);
  return { t, receiver };
}

async function pay(t: TestSandbox, notificationUrl?: string, extra: Record<string, unknown> = {}): Promise<Payment> {
  const response = await t.call('POST', '/v1/payments', {
    body: {
      transaction_amount: 1500,
      payment_method_id: 'visa',
      token: 'sbx-APRO',
      payer: { email: 'buyer@example.com' },
      ...(notificationUrl === undefined ? {} : { notification_url: notificationUrl }),
      ...extra,
    },
  });
  expect(response.status, response.body).toBe(201);
  return Payment.parse(response.json());
}

const idle = (t: TestSandbox): Promise<void> => t.services.notifications.dispatcher.whenIdle();

async function notifications(t: TestSandbox, query = ''): Promise<NotificationView[]> {
  const response = await t.call('GET', `/__sandbox/notifications${query}`, { token: null });
  expect(response.status, response.body).toBe(200);
  return response.json<{ results: unknown[] }>().results.map((result) => NotificationView.parse(result));
}

describe('IPN (spec 4.7): POST {url}?topic=…&id=…', () => {
  it('posts the topic and id in the query, keeps the URL own query, and sends no body', async () => {
    const { t, receiver } = await setup();
    const payment = await pay(t, `${receiver.url}/ipn?source_news=ipn&shop=7`);
    await idle(t);
    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/ipn');
    expect(IpnQuery.parse(Object.fromEntries(request?.query ?? []))).toEqual({ topic: 'payment', id: String(payment.id), shop: '7', source_news: 'ipn' });
    expect(request?.body).toBe('');
    expect(request?.headers['content-type']).toBeUndefined();
    expect(request?.headers['x-signature']).toBeUndefined();

    // What a receiver does next: read the resource back (4.6).
    const readBack = await t.call('GET', `/v1/payments/${request?.query.get('id') ?? ''}`);
    expect(Payment.parse(readBack.json()).status).toBe('approved');

    const [record] = await notifications(t);
    expect(record).toMatchObject({
      channel: 'ipn',
      topic: 'payment',
      resource_id: String(payment.id),
      status: 'delivered',
      url_source: 'object',
      next_attempt_at: null,
    });
    expect(record?.attempts).toEqual([
      expect.objectContaining({ number: 1, status_code: 200, outcome: 'acknowledged', error: null, manual: false, at: new Date(t.clock.now()).toISOString() }),
    ]);
    expect(record?.attempts[0]?.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it.each([200, 201])('is acknowledged by %i', async (status) => {
    const { t, receiver } = await setup({ fallback: status });
    await pay(t, `${receiver.url}/ipn?source_news=ipn`);
    await idle(t);
    const [record] = await notifications(t);
    expect(record).toMatchObject({ status: 'delivered', next_attempt_at: null });
  });

  it.each([500, 302, 204, 404])('is not acknowledged by %i: retried in 15 minutes', async (status) => {
    const { t, receiver } = await setup({ fallback: status });
    await pay(t, `${receiver.url}/ipn?source_news=ipn`);
    await idle(t);
    const [record] = await notifications(t);
    expect(record).toMatchObject({ status: 'pending', next_attempt_at: new Date(t.clock.now() + 15 * MINUTE).toISOString() });
    expect(record?.attempts[0]).toMatchObject({
      status_code: status,
      outcome: 'not_acknowledged',
      error: `HTTP ${status} is not an acknowledgement (200 or 201)`,
    });
    // A 302 is the receiver's answer, not an address to follow.
    expect(receiver.requests.map((request) => request.path)).toEqual(['/ipn']);
  });

  it('gives up waiting after the acknowledgement timeout', async () => {
    const { t, receiver } = await setup({ ackTimeoutMs: 150 });
    receiver.script('hang');
    await pay(t, `${receiver.url}/ipn?source_news=ipn`);
    await idle(t);
    const [record] = await notifications(t);
    expect(record?.attempts[0]).toMatchObject({ status_code: null, outcome: 'timeout', error: 'no answer within 150 ms' });
    expect(record?.attempts[0]?.duration_ms).toBeGreaterThanOrEqual(140);
    expect(record?.status).toBe('pending');
  });

  it('records a refused connection as a network error', async () => {
    const { t, receiver } = await setup();
    const deadUrl = receiver.url;
    await receiver.close();
    await pay(t, `${deadUrl}/ipn?source_news=ipn`);
    await idle(t);
    const [record] = await notifications(t);
    expect(record?.attempts[0]).toMatchObject({ outcome: 'network_error', status_code: null });
    expect(record?.attempts[0]?.error).toContain('ECONNREFUSED');
  });
});

describe('webhooks: JSON body signed with the application secret', () => {
  it('sends the documented body and an x-signature that an independent HMAC confirms', async () => {
    const { t, receiver } = await setup();
    const payment = await pay(t, `${receiver.url}/hooks?source_news=webhooks`);
    await idle(t);
    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    if (request === undefined) throw new Error('no webhook');
    expect(WebhookQuery.parse(Object.fromEntries(request.query))).toMatchObject({ 'data.id': String(payment.id), type: 'payment' });
    expect(request.headers['content-type']).toBe('application/json');
    const body = WebhookBody.parse(JSON.parse(request.body));
    expect(body).toMatchObject({
      live_mode: true,
      type: 'payment',
      user_id: 1001,
      api_version: 'v1',
      action: 'payment.created',
      data: { id: String(payment.id) },
    });
    expect(body.date_created).toBe(payment.date_created);

    const requestId = String(request.headers['x-request-id']);
    const signature = String(request.headers['x-signature']);
    const match = /^ts=(\d+),v1=([0-9a-f]{64})$/.exec(signature);
    expect(match, signature).not.toBeNull();
    const [, ts, v1] = match ?? [];
    expect(Number(ts)).toBe(Math.floor(t.clock.now() / 1000));
    const expected = createHmac('sha256', COUNTER_APP.client_secret).update(`id:${payment.id};request-id:${requestId};ts:${ts};`).digest('hex');
    expect(v1).toBe(expected);

    expect(
      await verifyWebhookSignature({ secret: COUNTER_APP.client_secret, signature, requestId, dataId: request.query.get('data.id') ?? undefined }),
    ).toEqual({ ok: true, ts: Number(ts) });
    expect(await verifyWebhookSignature({ secret: COUNTER_APP.client_secret, signature, requestId, dataId: '999' })).toEqual({ ok: false, reason: 'mismatch' });
    expect(await verifyWebhookSignature({ secret: 'another-secret', signature, requestId, dataId: String(payment.id) })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(await verifyWebhookSignature({ secret: COUNTER_APP.client_secret, signature: 'v1=abc', requestId, dataId: String(payment.id) })).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(
      await verifyWebhookSignature({
        secret: COUNTER_APP.client_secret,
        signature,
        requestId,
        dataId: String(payment.id),
        toleranceSeconds: 300,
        nowMs: t.clock.now() + 10 * MINUTE,
      }),
    ).toEqual({ ok: false, reason: 'stale' });
  });

  it('signs with the secret of the application whose token created the object', async () => {
    const { t, receiver } = await setup();
    await t.call('POST', '/v1/payments', {
      token: t.otherToken,
      body: { transaction_amount: 10, payment_method_id: 'visa', payer: { email: 'a@b.co' }, notification_url: `${receiver.url}/h?source_news=webhooks` },
    });
    await idle(t);
    const [request] = receiver.requests;
    const body = WebhookBody.parse(JSON.parse(request?.body ?? '{}'));
    expect(body.user_id).toBe(2002);
    const ok = await verifyWebhookSignature({
      secret: 'SBX-pkce-app-secret-44e9a1c3',
      signature: String(request?.headers['x-signature']),
      requestId: String(request?.headers['x-request-id']),
      dataId: body.data.id,
    });
    expect(ok.ok).toBe(true);
  });

  it('signs every attempt afresh: new request id and ts', async () => {
    const { t, receiver } = await setup({ fallback: 500 });
    await pay(t, `${receiver.url}/hooks?source_news=webhooks`);
    await idle(t);
    await t.clock.advance(15 * MINUTE);
    await idle(t);
    expect(receiver.requests).toHaveLength(2);
    const [first, second] = receiver.requests;
    expect(first?.headers['x-request-id']).not.toBe(second?.headers['x-request-id']);
    expect(String(second?.headers['x-signature'])).toMatch(new RegExp(`^ts=${Math.floor(t.clock.now() / 1000)},`));
    // The event itself is the same, so a receiver can deduplicate by its id.
    expect(WebhookBody.parse(JSON.parse(first?.body ?? '')).id).toBe(WebhookBody.parse(JSON.parse(second?.body ?? '')).id);
  });
});

describe('source_news and where notifications go (spec 6.2)', () => {
  it.each([
    ['?source_news=ipn', ['ipn']],
    ['?source_news=webhooks', ['webhook']],
    ['', ['ipn', 'webhook']],
    ['?source_news=other', ['ipn', 'webhook']],
  ] as const)('notification_url%s sends %j', async (query, channels) => {
    const { t, receiver } = await setup();
    await pay(t, `${receiver.url}/n${query}`);
    await idle(t);
    const kinds = receiver.requests.map((request) => (request.query.has('topic') ? 'ipn' : 'webhook')).sort();
    expect(kinds).toEqual([...channels].sort());
  });

  it("falls back to the account's URL, and an object's URL wins over it", async () => {
    const { t, receiver } = await setup();
    const set = await t.call('PUT', '/__sandbox/accounts/1001/notification-url', { body: { url: `${receiver.url}/account?source_news=ipn` }, token: null });
    expect(set.json()).toEqual({ user_id: 1001, url: `${receiver.url}/account?source_news=ipn` });
    expect((await t.call('GET', '/__sandbox/accounts/1001/notification-url', { token: null })).json()).toEqual(set.json());

    const viaAccount = await pay(t);
    await pay(t, `${receiver.url}/object?source_news=ipn`);
    await idle(t);
    expect(receiver.requests.map((request) => request.path)).toEqual(['/account', '/object']);
    expect(receiver.requests[0]?.query.get('id')).toBe(String(viaAccount.id));
    expect((await notifications(t)).map((record) => record.url_source)).toEqual(['account', 'object']);

    // Another account's URL is never used for 1001's objects; without any URL nothing is sent.
    await t.call('PUT', '/__sandbox/accounts/1001/notification-url', { body: { url: null }, token: null });
    await t.call('PUT', '/__sandbox/accounts/2002/notification-url', { body: { url: `${receiver.url}/kiosk` }, token: null });
    await pay(t);
    await idle(t);
    expect(receiver.requests).toHaveLength(2);
  });

  it('validates the account URL route', async () => {
    const { t } = await setup();
    const bad = await t.call('PUT', '/__sandbox/accounts/1001/notification-url', { body: { url: 'mailto:x@y.z' }, token: null });
    expect(bad.status).toBe(400);
    expect(PlatformErrorBody.parse(bad.json()).cause).toEqual([
      { code: 'property_value', description: 'url must be an absolute http or https URL', data: { property: 'url' } },
    ]);
    expect((await t.call('PUT', '/__sandbox/accounts/9999/notification-url', { body: { url: 'http://127.0.0.1/x' }, token: null })).status).toBe(404);
  });
});

describe('the retry schedule (spec 6.3) walked with the manual clock', () => {
  it('is 15 minutes between the first three attempts, then 1, 2, 4, 8, 16, 24, 24 hours, for 3 days', () => {
    expect(attemptOffsets().map((offset) => offset / MINUTE)).toEqual([0, 15, 30, 90, 210, 450, 930, 1890, 3330]);
  });

  it('retries a receiver that fails, redirects, answers 204 and times out, until it finally acknowledges', async () => {
    // Long enough that a busy machine's real answers are never mistaken for the scripted timeout.
    const { t, receiver } = await setup({ ackTimeoutMs: 1_000 });
    receiver.script(500, 'hang', 302, 204, 503, 500);
    const created = t.clock.now();
    await pay(t, `${receiver.url}/ipn?source_news=ipn`);
    await idle(t);
    expect(receiver.requests).toHaveLength(1);
    const offsets = attemptOffsets();
    for (let attempt = 2; attempt <= 7; attempt++) {
      const wait = (offsets[attempt - 1] ?? 0) - (offsets[attempt - 2] ?? 0);
      await t.clock.advance(wait - 1_000);
      await idle(t);
      expect(receiver.requests, `attempt ${attempt} must not run early`).toHaveLength(attempt - 1);
      await t.clock.advance(1_000);
      await idle(t);
      expect(receiver.requests, `attempt ${attempt} runs on time`).toHaveLength(attempt);
    }
    const [record] = await notifications(t);
    expect(record?.status).toBe('delivered');
    expect(record?.attempts.map((entry) => [Date.parse(entry.at) - created, entry.outcome, entry.status_code])).toEqual([
      [0, 'not_acknowledged', 500],
      [15 * MINUTE, 'timeout', null],
      [30 * MINUTE, 'not_acknowledged', 302],
      [90 * MINUTE, 'not_acknowledged', 204],
      [210 * MINUTE, 'not_acknowledged', 503],
      [450 * MINUTE, 'not_acknowledged', 500],
      [930 * MINUTE, 'acknowledged', 200],
    ]);
    await t.clock.advance(5 * 24 * HOUR);
    await idle(t);
    expect(receiver.requests).toHaveLength(7);
  });

  it('gives up after the last attempt within 3 days, and a resend can still deliver', async () => {
    const { t, receiver } = await setup({ fallback: 500 });
    await pay(t, `${receiver.url}/ipn?source_news=ipn`);
    await idle(t);
    const offsets = attemptOffsets();
    for (let index = 1; index < offsets.length; index++) {
      await t.clock.advance((offsets[index] ?? 0) - (offsets[index - 1] ?? 0));
      await idle(t);
    }
    expect(receiver.requests).toHaveLength(9);
    let [record] = await notifications(t, '?status=failed');
    expect(record).toMatchObject({ status: 'failed', next_attempt_at: null, gave_up_at: new Date(t.clock.now()).toISOString() });
    await t.clock.advance(10 * 24 * HOUR);
    await idle(t);
    expect(receiver.requests).toHaveLength(9);

    receiver.fallback = 201;
    const resend = await t.call('POST', `/__sandbox/notifications/${record?.id ?? ''}/resend`, { token: null });
    expect(resend.status).toBe(202);
    await idle(t);
    [record] = await notifications(t);
    expect(record).toMatchObject({ status: 'delivered' });
    expect(record?.attempts.at(-1)).toMatchObject({ number: 10, manual: true, outcome: 'acknowledged', status_code: 201 });
    expect((await t.call('POST', '/__sandbox/notifications/ntf_999999/resend', { token: null })).status).toBe(404);
  });

  it('a failed resend leaves the schedule as it was', async () => {
    const { t, receiver } = await setup({ fallback: 500 });
    await pay(t, `${receiver.url}/ipn?source_news=ipn`);
    await idle(t);
    const [before] = await notifications(t);
    await t.call('POST', `/__sandbox/notifications/${before?.id ?? ''}/resend`, { token: null });
    await idle(t);
    const [after] = await notifications(t);
    expect(after).toMatchObject({ status: 'pending', next_attempt_at: before?.next_attempt_at });
    expect(after?.attempts).toHaveLength(2);
  });
});

describe('every notified record', () => {
  it('notifies payment and merchant_order for a checkout payment, then updated on the next one', async () => {
    const { t, receiver } = await setup();
    const preference = Preference.parse(
      (
        await t.call('POST', '/checkout/preferences', {
          body: { items: [{ title: 'Mug', quantity: 2, unit_price: 10 }], notification_url: `${receiver.url}/n` },
        })
      ).json(),
    );
    const first = await t.call('POST', `/__sandbox/preferences/${preference.id}/pay`, { body: { status: 'rejected' }, token: null });
    expect(first.status, first.body).toBe(201);
    await t.call('POST', `/__sandbox/preferences/${preference.id}/pay`, { body: { status: 'approved' }, token: null });
    await idle(t);
    const webhooks = receiver.requests.filter((request) => request.body !== '').map((request) => WebhookBody.parse(JSON.parse(request.body)));
    expect(webhooks.map((hook) => [hook.type, hook.action])).toEqual([
      ['payment', 'payment.created'],
      ['topic_merchant_order_wh', 'merchant_order.created'],
      ['payment', 'payment.created'],
      ['topic_merchant_order_wh', 'merchant_order.updated'],
    ]);
    const ipnTopics = receiver.requests.filter((request) => request.query.has('topic')).map((request) => request.query.get('topic'));
    expect(ipnTopics).toEqual(['payment', 'merchant_order', 'payment', 'merchant_order']);

    const orders = await notifications(t, '?topic=merchant_order');
    expect(orders).toHaveLength(4);
    expect(await notifications(t, '?topic=merchant_order&channel=ipn')).toHaveLength(2);
    expect(await notifications(t, '?status=pending')).toHaveLength(0);
    expect((await t.call('GET', '/__sandbox/notifications?topic=refunds', { token: null })).status).toBe(400);
  });

  it('notifies chargebacks, and the payment and order it changes', async () => {
    const { t, receiver } = await setup();
    const preference = Preference.parse(
      (
        await t.call('POST', '/checkout/preferences', {
          body: { items: [{ title: 'Mug', quantity: 1, unit_price: 10 }], notification_url: `${receiver.url}/n?source_news=ipn` },
        })
      ).json(),
    );
    const paid = (await t.call('POST', `/__sandbox/preferences/${preference.id}/pay`, { body: { status: 'approved' }, token: null })).json<{
      payment: Payment;
    }>();
    await idle(t);
    const before = receiver.requests.length;
    const chargeback = await t.call('POST', `/__sandbox/payments/${paid.payment.id}/chargeback`, { token: null });
    expect(chargeback.status, chargeback.body).toBe(201);
    await idle(t);
    expect(receiver.requests.slice(before).map((request) => [request.query.get('topic'), request.query.get('id')])).toEqual([
      ['chargebacks', chargeback.json<{ id: string }>().id],
      ['payment', String(paid.payment.id)],
      ['merchant_order', String(paid.payment.order?.id)],
    ]);
  });

  it('notifies point_integration_ipn when a terminal payment intent finishes', async () => {
    const { t, receiver } = await setup();
    await t.call('PUT', '/__sandbox/accounts/1001/notification-url', { body: { url: `${receiver.url}/point?source_news=ipn` }, token: null });
    const intent = (await t.call('POST', '/__sandbox/payment-intents', { body: { device_id: 'NEWLAND_N950__SBX0000001', amount: 2550 }, token: null })).json<{
      id: string;
    }>();
    await t.clock.advance(3_000);
    await idle(t);
    expect(receiver.requests.map((request) => request.query.get('topic'))).toEqual(['payment', 'point_integration_ipn']);
    expect(receiver.requests[1]?.query.get('id')).toBe(intent.id);
  });
});

describe('durability and throughput', () => {
  it('keeps pending notifications across a restart with the snapshot and delivers them when due', async () => {
    const clock = createManualClock();
    const receiver = await startReceiver({ fallback: 500 });
    open.push(receiver);
    const first = await startTestSandbox({ clock });
    const payment = await pay(first, `${receiver.url}/ipn?source_news=ipn`);
    await idle(first);
    const snapshot = JSON.parse(JSON.stringify(first.sandbox.snapshot())) as Record<string, unknown>;
    await first.close();

    receiver.fallback = 200;
    const second = await startTestSandbox({ clock, state: snapshot });
    open.push(second);
    await idle(second);
    expect(receiver.requests).toHaveLength(1);
    await clock.advance(15 * MINUTE);
    await idle(second);
    expect(receiver.requests).toHaveLength(2);
    const [record] = await notifications(second);
    expect(record).toMatchObject({ status: 'delivered', resource_id: String(payment.id) });
    expect(record?.attempts.map((attempt) => attempt.outcome)).toEqual(['not_acknowledged', 'acknowledged']);
    // The record it announces survived too, and new ids do not collide with old ones.
    expect((await second.call('GET', `/v1/payments/${payment.id}`)).status).toBe(200);
    expect((await pay(second)).id).toBe(payment.id + 1);
  });

  it('sends at once on load what fell due while the sandbox was down', async () => {
    const clock = createManualClock();
    const receiver = await startReceiver({ fallback: 500 });
    open.push(receiver);
    const first = await startTestSandbox({ clock });
    await pay(first, `${receiver.url}/ipn?source_news=ipn`);
    await idle(first);
    // A manual clock is saved with the state and would be set back on load; on the system clock (which
    // has no slice) time goes on while the sandbox is down, as it does here without that slice.
    const { clock: _savedClock, ...snapshot } = first.sandbox.snapshot();
    await first.close();
    await clock.advance(HOUR);
    expect(receiver.requests).toHaveLength(1);
    receiver.fallback = 200;
    const second = await startTestSandbox({ clock, state: snapshot });
    open.push(second);
    await idle(second);
    expect(receiver.requests).toHaveLength(2);
    expect((await notifications(second))[0]?.status).toBe('delivered');
  });

  it('delivers a backlog with bounded concurrency', async () => {
    const { t } = await setup();
    const slow = await startReceiver({ delayMs: 20 });
    open.push(slow);
    const dispatcher = t.services.notifications.dispatcher;
    for (let index = 0; index < 200; index++) {
      dispatcher.enqueue({
        channel: 'ipn',
        topic: 'payment',
        resourceId: String(index),
        action: 'payment.created',
        userId: 1001,
        clientId: '4815162342',
        liveMode: true,
        url: `${slow.url}/ipn`,
        urlSource: 'account',
      });
    }
    await idle(t);
    expect(slow.requests).toHaveLength(200);
    expect(slow.maxConcurrent).toBeLessThanOrEqual(16);
    expect(slow.maxConcurrent).toBeGreaterThan(4);
    expect(dispatcher.list({ status: 'delivered' })).toHaveLength(200);
  });
});
