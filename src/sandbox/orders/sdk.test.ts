import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MercadoPagoConfig, Order } from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config';
import { createManualClock } from '../../shared/clock';
import { PointOrder, type CreatePointOrderRequest } from '../../shared/platform/orders';
import { createSandbox, type Sandbox } from '../app';
import { DEFAULT_SEED } from '../accounts';

/**
 * The platform's official Node SDK against the sandbox with only its base URL changed. The SDK keeps the URL
 * in `AppConfig.BASE_URL` (dist/utils/config), a static every request reads (RestClient.fetch), so the test
 * points it at the loopback sandbox and puts it back afterwards.
 */
const TERMINAL = 'NEWLAND_N950__SBX0000001';
const writableConfig = AppConfig as unknown as { BASE_URL: string };
const originalBaseUrl = writableConfig.BASE_URL;
const clock = createManualClock();
let sandbox: Sandbox;
let orders: Order;

beforeAll(async () => {
  sandbox = await createSandbox({ clock });
  writableConfig.BASE_URL = await sandbox.listen();
  const application = DEFAULT_SEED.applications[0];
  if (application === undefined) throw new Error('no seeded application');
  const token = await fetch(`${writableConfig.BASE_URL}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: application.client_id, client_secret: application.client_secret }),
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  // The SDK retries only 5xx answers, so a refusal (4xx) surfaces at once.
  orders = new Order(new MercadoPagoConfig({ accessToken }));
});

afterAll(async () => {
  writableConfig.BASE_URL = originalBaseUrl;
  await sandbox.close();
});

/**
 * A point order as our schema has it. The SDK's 3.x types know only an online order's config (no
 * `config.point`), but its client sends the body as given: the point order goes through unchanged.
 */
function body(reference: string, amount = '15.50'): Parameters<Order['create']>[0]['body'] {
  const request: CreatePointOrderRequest = {
    type: 'point',
    external_reference: reference,
    description: 'SDK sale',
    transactions: { payments: [{ amount }] },
    config: { point: { terminal_id: TERMINAL, print_on_terminal: 'no_ticket' } },
  };
  return request as unknown as Parameters<Order['create']>[0]['body'];
}

describe('the official SDK (mercadopago Order client) against the sandbox', () => {
  it('creates, reads and cancels a point order', async () => {
    const created = await orders.create({ body: body('sdk-cancel') });
    expect(created.api_response.status).toBe(201);
    const { api_response: _created, ...createdOrder } = created;
    expect(PointOrder.parse(createdOrder)).toMatchObject({ status: 'created', total_amount: '15.50' });
    const read = await orders.get({ id: created.id ?? '' });
    expect(read).toMatchObject({ id: created.id, status: 'created' });
    const canceled = await orders.cancel({ id: created.id ?? '' });
    expect(canceled).toMatchObject({ id: created.id, status: 'canceled' });
  });

  it('finds an order by external_reference with search', async () => {
    const created = await orders.create({ body: body('sdk-search') });
    const found = await orders.search({
      options: { begin_date: new Date(clock.now() - 60_000).toISOString(), end_date: new Date(clock.now()).toISOString(), external_reference: 'sdk-search' },
    });
    expect(found.data?.map((order) => order.id)).toEqual([created.id]);
    expect(found.paging).toMatchObject({ total: '1' });
    await orders.cancel({ id: created.id ?? '' });
  });

  it('surfaces the platform error body of a refused request', async () => {
    const first = await orders.create({ body: body('sdk-queue-1') });
    await expect(orders.create({ body: body('sdk-queue-2') })).rejects.toMatchObject({ status: 409, error: 'already_queued_order_for_terminal' });
    await orders.cancel({ id: first.id ?? '' });
  });

  it('refunds part of a paid order, then the rest with no body', async () => {
    const created = await orders.create({ body: body('sdk-refund', '30.00') });
    await clock.advance(2_000);
    const tapped = await fetch(`${writableConfig.BASE_URL}/__sandbox/terminals/${TERMINAL}/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ result: 'approved' }),
    });
    expect(tapped.status).toBe(200);
    const paid = await orders.get({ id: created.id ?? '' });
    expect(paid.status).toBe('processed');
    const transactionId = paid.transactions?.payments?.[0]?.id ?? '';

    const partial = await orders.refund({ id: created.id ?? '', body: { transactions: [{ id: transactionId, amount: '10.00' }] } });
    expect(partial).toMatchObject({ status: 'processed', status_detail: 'partially_refunded' });
    const total = await orders.refund({ id: created.id ?? '' });
    expect(total).toMatchObject({ status: 'refunded', status_detail: 'refunded' });
  });
});
