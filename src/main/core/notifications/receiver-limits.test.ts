import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '../../../shared/clock';
import type { Environment } from '../../../shared/ipc/channels/app';
import { signatureHeader } from '../../../shared/platform/webhook-signature';
import { createNotificationReceiver, type NotificationReceiver, type ReceiverTuning } from './receiver';

/**
 * What a flood of notifications may cost: every unsigned one is an authenticated platform read, drawn
 * from the rate limit printing needs. Through real HTTP, on a manual clock so no read starts until the
 * test moves time.
 */
const SECRET = 'SBX-receiver-secret';
let receiver: NotificationReceiver | undefined;
afterEach(async () => {
  await receiver?.stop();
  receiver = undefined;
});

interface Rig {
  url: string;
  clock: ManualClock;
  reads: string[];
}

async function startReceiver(tuning: Partial<ReceiverTuning>, environment: Environment = 'sandbox'): Promise<Rig> {
  const clock = createManualClock();
  const reads: string[] = [];
  receiver = createNotificationReceiver({
    clock,
    tuning,
    secret: async () => SECRET,
    environment: () => environment,
    read: async (topic, id) => {
      reads.push(`${topic}:${id}`);
      throw new Error('not needed by these tests');
    },
    onResource: () => undefined,
  });
  return { url: await receiver.start(), clock, reads };
}

async function ipn(url: string, id: string): Promise<Response> {
  return fetch(`${url}?topic=payment&id=${id}`, { method: 'POST' });
}

async function signedWebhook(url: string, dataId: string, tsSeconds: number): Promise<Response> {
  const requestId = `req-${dataId}-${tsSeconds}`;
  const signature = await signatureHeader(SECRET, { dataId, requestId, ts: String(tsSeconds) });
  return fetch(`${url}?data.id=${dataId}&type=payment`, { method: 'POST', headers: { 'x-request-id': requestId, 'x-signature': signature } });
}

async function statuses(responses: Promise<Response>[]): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (const response of await Promise.all(responses)) {
    counts[response.status] = (counts[response.status] ?? 0) + 1;
    await response.body?.cancel();
  }
  return counts;
}

const ids = (count: number, from = 1_000_000): string[] => Array.from({ length: count }, (_, index) => String(from + index));

describe('notification receiver limits', () => {
  it('reads back at most a burst of unsigned notifications from one address, and does not acknowledge the rest', async () => {
    const rig = await startReceiver({ sourceBurst: 20, sourcePerSecond: 1, maxPendingReadBacks: 1_000 });
    expect(await statuses(ids(300).map((id) => ipn(rig.url, id)))).toEqual({ 200: 20, 429: 280 });

    const refused = await ipn(rig.url, '2000000');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ error: 'too_many_notifications' });

    await rig.clock.advance(1_000);
    await receiver?.whenIdle();
    expect(rig.reads).toHaveLength(20);

    // The platform's own signed webhooks are not held back by a flood from the same address.
    expect((await signedWebhook(rig.url, '3000000', Math.floor(rig.clock.now() / 1000))).status).toBe(200);
    // Refilled at one a second: the platform's retry 15 minutes later (spec 6.3) is accepted.
    await rig.clock.advance(15 * 60_000);
    expect((await ipn(rig.url, '2000000')).status).toBe(200);
  });

  it('caps the resources waiting for a read-back, still merging notifications of one already waiting', async () => {
    const rig = await startReceiver({ sourceBurst: 1_000, maxPendingReadBacks: 10 });
    expect(await statuses(ids(30).map((id) => ipn(rig.url, id)))).toEqual({ 200: 10, 503: 20 });
    // A duplicate of a waiting resource costs no new read, so it is acknowledged.
    expect((await ipn(rig.url, ids(1)[0] ?? '')).status).toBe(200);
    const busy = await ipn(rig.url, '2000000');
    expect(busy.status).toBe(503);
    expect(await busy.json()).toMatchObject({ error: 'busy' });

    await rig.clock.advance(1_000);
    await receiver?.whenIdle();
    expect(rig.reads).toHaveLength(10);
    expect((await ipn(rig.url, '2000000')).status).toBe(200);
    expect(receiver?.status().stats).toMatchObject({ accepted: 12, rejected: 21 });
  });

  it('in production, accepts a signed webhook only within 5 minutes of its timestamp', async () => {
    const rig = await startReceiver({}, 'production');
    const now = Math.floor(rig.clock.now() / 1000);
    expect((await signedWebhook(rig.url, '4000001', now - 4 * 60)).status).toBe(200);
    const stale = await signedWebhook(rig.url, '4000002', now - 10 * 60);
    expect(stale.status).toBe(401);
    expect(await stale.json()).toMatchObject({ error: 'invalid_signature' });
    expect((await signedWebhook(rig.url, '4000003', now + 10 * 60)).status).toBe(401);
  });

  it('in the sandbox, whose clock may be moved by hours, does not hold signatures to the tolerance', async () => {
    const rig = await startReceiver({}, 'sandbox');
    expect((await signedWebhook(rig.url, '4000002', Math.floor(rig.clock.now() / 1000) - 10 * 60)).status).toBe(200);
  });
});
