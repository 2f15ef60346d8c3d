import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../shared/clock';
import type { PointOrder } from '../../../shared/platform/orders';
import type { Http } from '../ports';
import { driveUntil } from '../../testing/harness';
import { createPlatformClient } from './client';
import { PlatformError } from './errors';
import { createPlatformTransport } from './transport';

function pointOrder(overrides: Partial<PointOrder> = {}): PointOrder {
  return {
    id: 'ORD01JQ4S4KY8HWQ6NA5PXB65B3D3',
    type: 'point',
    processing_mode: 'automatic',
    external_reference: 'sale-1',
    expiration_time: 'PT15M',
    country_code: 'ARG',
    user_id: '1',
    status: 'created',
    status_detail: 'created',
    currency: 'ARS',
    total_amount: '24.00',
    created_date: '2026-11-23T10:00:00.000Z',
    last_updated_date: '2026-11-23T10:00:00.000Z',
    integration_data: { application_id: '1' },
    transactions: {
      payments: [{ id: 'PAY01JQ4S4KY8HWQ6NA5PXB65B3D4', amount: '24.00', refunded_amount: '0.00', status: 'created', status_detail: 'ready_to_process' }],
    },
    config: { point: { terminal_id: 'T__1', print_on_terminal: 'no_ticket' } },
    ...overrides,
  };
}

type Answer = Response | 'network';
const json = (status: number, body: unknown): Response => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(answers: Answer[]) {
  const clock = createManualClock();
  const seen: Array<{ url: string; method: string; key: string | null; body: string | undefined }> = [];
  const http: Http = async (url, init = {}) => {
    seen.push({
      url,
      method: init.method ?? 'GET',
      key: new Headers(init.headers).get('x-idempotency-key'),
      body: typeof init.body === 'string' ? init.body : undefined,
    });
    const answer = answers.shift() ?? json(200, pointOrder());
    if (answer === 'network') throw new TypeError('fetch failed');
    return answer;
  };
  const tokens = { current: async () => 'APP_USR-token', renew: async () => 'APP_USR-token2' };
  const transport = createPlatformTransport({
    http,
    clock,
    baseUrl: () => 'http://platform.test',
    tokens,
    random: () => 0.5,
    policy: { baseDelayMs: 100, maxDelayMs: 1_000, timeoutMs: 2_000 },
  });
  const run = async <T>(call: Promise<T>): Promise<T> => {
    let settled = false;
    const watched = call.finally(() => (settled = true));
    watched.catch(() => undefined);
    await driveUntil(clock, () => settled, { stepMs: 20, maxMs: 60_000, what: 'the call' });
    return watched;
  };
  return { client: createPlatformClient(transport), seen, run };
}

const createRequest = {
  type: 'point' as const,
  external_reference: 'sale-1',
  transactions: { payments: [{ amount: '24.00' }] },
  config: { point: { terminal_id: 'T__1' } },
};

describe('orders client', () => {
  it('retries a create after a 500 and a dropped connection with the same idempotency key, and parses the order', async () => {
    const { client, seen, run } = setup([json(500, { message: 'boom', error: 'internal_error', status: 500, cause: [] }), 'network', json(201, pointOrder())]);
    const order = await run(client.orders.create(createRequest, { idempotencyKey: 'key-1' }));
    expect(order.id).toBe('ORD01JQ4S4KY8HWQ6NA5PXB65B3D3');
    expect(seen.map((call) => [call.method, new URL(call.url).pathname, call.key])).toEqual([
      ['POST', '/v1/orders', 'key-1'],
      ['POST', '/v1/orders', 'key-1'],
      ['POST', '/v1/orders', 'key-1'],
    ]);
  });

  it('gives up at once on 409 already_queued_order_for_terminal (the caller retries with the same key later)', async () => {
    const { client, seen, run } = setup([json(409, { message: 'waiting', error: 'already_queued_order_for_terminal', status: 409, cause: [] })]);
    const failure = await run(client.orders.create(createRequest, { idempotencyKey: 'key-2' })).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PlatformError);
    expect(failure).toMatchObject({ status: 409, code: 'already_queued_order_for_terminal' });
    expect(seen).toHaveLength(1);
  });

  it('refuses a bad amount before anything leaves', async () => {
    const { client, seen } = setup([]);
    expect(() => client.orders.create({ ...createRequest, transactions: { payments: [{ amount: '24,00' }] } }, { idempotencyKey: 'k' })).toThrow();
    expect(seen).toHaveLength(0);
  });

  it('refunds in part with the payment id and amount, cancels and reads by id', async () => {
    const { client, seen, run } = setup([]);
    await run(client.orders.refund('ORD1', { transactions: [{ id: 'PAY1', amount: '5.50' }] }, { idempotencyKey: 'r1' }));
    await run(client.orders.cancel('ORD1', { idempotencyKey: 'c1' }));
    await run(client.orders.get('ORD1'));
    expect(seen.map((call) => [call.method, new URL(call.url).pathname, call.key])).toEqual([
      ['POST', '/v1/orders/ORD1/refund', 'r1'],
      ['POST', '/v1/orders/ORD1/cancel', 'c1'],
      ['GET', '/v1/orders/ORD1', null],
    ]);
    expect(JSON.parse(seen[0]?.body ?? 'null')).toEqual({ transactions: [{ id: 'PAY1', amount: '5.50' }] });
  });

  it('rejects an answer that is not an order', async () => {
    const { client, run } = setup([json(200, { id: 'x' })]);
    await expect(run(client.orders.get('ORD1'))).rejects.toMatchObject({ code: 'invalid_response' });
  });
});
