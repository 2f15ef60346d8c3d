import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckoutSale } from '../../../shared/ipc/channels/checkout';
import type { WebhookBody } from '../../../shared/platform/notifications';
import { signatureHeader } from '../../../shared/platform/webhook-signature';
import { COUNTER_APP, pollFor, startCheckoutRig, type CheckoutRig } from '../../testing/checkout';

/**
 * The notification receiver against the real sandbox: acknowledgement, refusals, de-duplication,
 * signatures, read-back, and the platform's retry schedule (spec 4.6, 4.7, 6.3).
 */

const WINDOW_MS = 300;
let rig: CheckoutRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

async function started(options: Parameters<typeof startCheckoutRig>[0] = { receiver: { tuning: { windowMs: WINDOW_MS } } }): Promise<CheckoutRig> {
  rig = await startCheckoutRig(options);
  return rig;
}

async function post(
  url: string,
  init: { query?: Record<string, string>; headers?: Record<string, string>; body?: string; method?: string } = {},
): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  for (const [name, value] of Object.entries(init.query ?? {})) target.searchParams.set(name, value);
  const response = await fetch(target, { method: init.method ?? 'POST', headers: init.headers ?? {}, ...(init.body === undefined ? {} : { body: init.body }) });
  return { status: response.status, body: await response.text() };
}

/** A sale with one approved payment the sandbox has not notified (no notification_url on the payment). */
async function saleWithSilentPayment(target: CheckoutRig): Promise<{ sale: CheckoutSale; paymentId: string }> {
  const sale = await target.invoke('checkout.createPreference', {
    preference: { items: [{ title: 'Mug', quantity: 1, unit_price: 3500, currency_id: 'ARS' }] },
  });
  const token = await target.platformToken();
  const response = await fetch(`${target.baseUrl}/v1/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      transaction_amount: 3500,
      payment_method_id: 'visa',
      payer: { email: 'ana@example.com' },
      external_reference: sale.externalReference,
    }),
  });
  expect(response.status).toBe(201);
  const payment = (await response.json()) as { id: number };
  return { sale, paymentId: String(payment.id) };
}

const idle = (target: CheckoutRig) =>
  pollFor(
    () => target.invoke('checkout.receiver', {}),
    (status) => status.stats.pending === 0,
    'the read-backs to finish',
  );
const saleEventsOf = (target: CheckoutRig, preferenceId: string) => target.saleEvents.filter((event) => event.preferenceId === preferenceId);

async function signedWebhook(dataId: string, options: { eventId?: number; requestId?: string; secret?: string; action?: string } = {}) {
  const requestId = options.requestId ?? randomUUID();
  const body: WebhookBody = {
    id: options.eventId ?? 501,
    live_mode: false,
    type: 'payment',
    date_created: new Date().toISOString(),
    user_id: 1001,
    api_version: 'v1',
    action: options.action ?? 'payment.created',
    data: { id: dataId },
  };
  const ts = String(Math.floor(Date.now() / 1000));
  return {
    query: { 'data.id': dataId, type: 'payment' },
    headers: {
      'content-type': 'application/json',
      'x-request-id': requestId,
      'x-signature': await signatureHeader(options.secret ?? COUNTER_APP.clientSecret, { dataId, requestId, ts }),
    },
    body: JSON.stringify(body),
  };
}

describe('notification receiver', () => {
  it('acknowledges at once, before the read-back has an answer, then reads the resource back', async () => {
    const target = await started();
    const url = await target.receiverUrl();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/notifications$/);
    const { sale, paymentId } = await saleWithSilentPayment(target);
    const reads = target.platform.hold((path) => path === `/v1/payments/${paymentId}`);

    const answer = await post(url, { query: { topic: 'payment', id: paymentId } });
    expect(answer.status).toBe(200);
    await pollFor(
      () => reads.held(),
      (held) => held === 1,
      'the read-back to be under way',
    );
    // Acknowledged while the platform's answer was still held back.
    expect((await target.invoke('checkout.sale', { preferenceId: sale.preferenceId })).status).toBe('created');

    reads.release();
    const approved = await target.waitForSale(sale.preferenceId, (current) => current.status === 'approved', 'the sale to be approved');
    expect(approved.payments).toEqual([expect.objectContaining({ id: paymentId, status: 'approved' })]);
  });

  it('refuses bad requests with 400 and changes nothing', async () => {
    const target = await started();
    const url = await target.receiverUrl();
    const { sale, paymentId } = await saleWithSilentPayment(target);
    const cases: Array<[Parameters<typeof post>[1], RegExp]> = [
      [{}, /topic and id are required/],
      [{ query: { id: paymentId } }, /topic is required/],
      [{ query: { topic: 'refunds', id: paymentId } }, /topic/],
      [{ query: { topic: 'payment' } }, /id is required/],
      [{ query: { topic: 'payment', id: '' } }, /id/],
      [{ query: { type: 'payment' } }, /data\.id is required/],
      [{ query: { 'data.id': paymentId, type: 'refund_wh' } }, /type/],
      [{ query: { 'data.id': paymentId, type: 'payment' }, body: '{not json' }, /not JSON/],
      [{ query: { 'data.id': paymentId, type: 'payment' }, body: JSON.stringify({ id: 1 }) }, /required/],
      [{ ...(await signedWebhook(paymentId)), query: { 'data.id': '999', type: 'payment' } }, /different resources/],
    ];
    for (const [request, reason] of cases) {
      const answer = await post(url, request);
      expect(answer.status, JSON.stringify(request)).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'bad_request', message: expect.stringMatching(reason) });
    }
    expect((await post(url, { method: 'GET', query: { topic: 'payment', id: paymentId } })).status).toBe(405);
    expect((await post(url.replace('/notifications', '/elsewhere'), { query: { topic: 'payment', id: paymentId } })).status).toBe(404);
    // 6.1 names it, 4.6 has no endpoint to read it: acknowledged so it is not retried for days, then dropped.
    expect((await post(url, { query: { topic: 'delivery_cancellation', id: '1' } })).status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 100));
    const status = await target.invoke('checkout.receiver', {});
    expect(status.stats).toMatchObject({ rejected: cases.length, accepted: 0, readBacks: 0, pending: 0 });
    expect(target.platform.reads('/v1/payments/')).toBe(0);
    expect((await target.invoke('checkout.sale', { preferenceId: sale.preferenceId })).status).toBe('created');
  });

  it('reads a resource once for a burst of duplicates, once more for a late duplicate, never losing an update', async () => {
    const target = await started();
    const url = await target.receiverUrl();
    const { sale, paymentId } = await saleWithSilentPayment(target);
    const path = `/v1/payments/${paymentId}`;

    const burst = await Promise.all([1, 2, 3].map(() => post(url, { query: { topic: 'payment', id: paymentId } })));
    expect(burst.map((answer) => answer.status)).toEqual([200, 200, 200]);
    await idle(target);
    expect(target.platform.reads(path)).toBe(1);
    await target.waitForSale(sale.preferenceId, (current) => current.status === 'approved', 'the sale to be approved');

    // After that read, within the window: it may announce a newer change, so one trailing read covers both.
    await post(url, { query: { topic: 'payment', id: paymentId } });
    await post(url, { query: { topic: 'payment', id: paymentId } });
    await idle(target);
    expect(target.platform.reads(path)).toBe(2);

    const status = await target.invoke('checkout.receiver', {});
    expect(status.stats).toMatchObject({ received: 5, accepted: 5, duplicates: 4, readBacks: 2, rejected: 0 });
    // Reading the same state again changes nothing the cashier sees.
    expect(saleEventsOf(target, sale.preferenceId).map((event) => event.status)).toEqual(['created', 'approved']);
  });

  it('drops a replayed webhook (same x-request-id) and a retried event (same event id)', async () => {
    const target = await started();
    const url = await target.receiverUrl();
    const { sale, paymentId } = await saleWithSilentPayment(target);
    const webhook = await signedWebhook(paymentId, { eventId: 9001 });

    expect((await post(url, webhook)).status).toBe(200);
    await idle(target);
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 50));
    expect((await post(url, webhook)).status).toBe(200);
    expect((await post(url, await signedWebhook(paymentId, { eventId: 9001 }))).status).toBe(200);
    await idle(target);
    expect(target.platform.reads(`/v1/payments/${paymentId}`)).toBe(1);
    expect((await target.invoke('checkout.receiver', {})).stats).toMatchObject({ accepted: 1, duplicates: 2 });

    // A new event of the same payment is read right away, not at the end of the window.
    expect((await post(url, await signedWebhook(paymentId, { eventId: 9002, action: 'payment.updated' }))).status).toBe(200);
    await idle(target);
    expect(target.platform.reads(`/v1/payments/${paymentId}`)).toBe(2);
    expect((await target.invoke('checkout.sale', { preferenceId: sale.preferenceId })).status).toBe('approved');
  });

  it('refuses a webhook whose signature does not match with 401, and trusts nothing in it', async () => {
    const target = await started();
    const url = await target.receiverUrl();
    const { sale, paymentId } = await saleWithSilentPayment(target);

    const forged = await post(url, await signedWebhook(paymentId, { secret: 'not-the-application-secret' }));
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body)).toMatchObject({ error: 'invalid_signature' });
    const tampered = await signedWebhook(paymentId);
    const otherPayment = await post(url, {
      ...tampered,
      query: { 'data.id': '1310009999', type: 'payment' },
      body: tampered.body.replace(paymentId, '1310009999'),
    });
    expect(otherPayment.status).toBe(401);
    const malformed = await post(url, {
      ...(await signedWebhook(paymentId)),
      headers: { 'content-type': 'application/json', 'x-request-id': 'r', 'x-signature': 'v1=zz' },
    });
    expect(malformed.status).toBe(401);

    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(target.platform.reads('/v1/payments/')).toBe(0);
    expect((await target.invoke('checkout.receiver', {})).stats).toMatchObject({ rejected: 3, accepted: 0 });
    expect((await target.invoke('checkout.sale', { preferenceId: sale.preferenceId })).status).toBe('created');

    // The forged ones did not shadow the genuine webhook of the same event.
    expect((await post(url, await signedWebhook(paymentId))).status).toBe(200);
    await target.waitForSale(sale.preferenceId, (current) => current.status === 'approved', 'the genuine webhook');
  });

  it('logs a notification of a resource the platform does not know, and trusts it not', async () => {
    const target = await started();
    const url = await target.receiverUrl();
    expect((await post(url, { query: { topic: 'payment', id: '1319999999' } })).status).toBe(200);
    expect((await post(url, { query: { topic: 'chargebacks', id: '239999999999' } })).status).toBe(200);
    await idle(target);
    const status = await target.invoke('checkout.receiver', {});
    expect(status.stats).toMatchObject({ readBacks: 0, readBackFailures: 2 });
    expect(target.logger.lines.filter((line) => line.level === 'warn' && /does not know/.test(line.message))).toHaveLength(2);
    expect(target.saleEvents).toEqual([]);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

interface Listed {
  results: Array<{ channel: string; topic: string; status: string; attempts: Array<{ at: string; outcome: string }> }>;
}

describe('the platform retry schedule (spec 6.3)', () => {
  it('delivers the notifications of a payment made while Counter was closed, 15 minutes later', async () => {
    const port = await freePort();
    const target = await started({ receiver: { port } });
    const sale = await target.invoke('checkout.createPreference', {
      preference: { items: [{ title: 'Lamp', quantity: 1, unit_price: 52000, currency_id: 'ARS' }] },
    });
    expect(sale.notificationUrl).toBe(`http://127.0.0.1:${port}/notifications`);

    await target.stopCore();
    const paid = await target.pay(sale.preferenceId, 'approved');
    const paymentId = String(paid.payment.id);
    const firstTry = await pollFor(
      async () => (await target.control<Listed>('GET', `/__sandbox/notifications?resource_id=${paymentId}&topic=payment`)).body,
      (listed) => listed.results.length === 2 && listed.results.every((result) => result.attempts.length === 1),
      'the first attempts to fail',
    );
    expect(firstTry.results.map((result) => result.attempts[0]?.outcome)).toEqual(['network_error', 'network_error']);
    expect(firstTry.results.map((result) => result.status)).toEqual(['pending', 'pending']);

    await target.startCore();
    await target.receiverUrl();
    await target.clock.advance(14 * 60_000);
    expect((await target.invoke('checkout.sale', { preferenceId: sale.preferenceId })).status).toBe('created');
    await target.clock.advance(60_000);

    const approved = await target.waitForSale(
      sale.preferenceId,
      (current) => current.status === 'approved' && current.merchantOrderId !== null,
      'the retried notifications',
    );
    expect(approved.payments).toEqual([expect.objectContaining({ id: paymentId, status: 'approved' })]);
    const listed = await pollFor(
      async () => (await target.control<Listed>('GET', `/__sandbox/notifications?resource_id=${paymentId}&topic=payment`)).body,
      (current) => current.results.every((result) => result.status === 'delivered'),
      'both channels to be delivered',
    );
    for (const result of listed.results) {
      expect(result.attempts.map((attempt) => attempt.outcome)).toEqual(['network_error', 'acknowledged']);
      const [first, second] = result.attempts.map((attempt) => Date.parse(attempt.at));
      expect((second ?? 0) - (first ?? 0)).toBe(15 * 60_000);
    }
  });
});
