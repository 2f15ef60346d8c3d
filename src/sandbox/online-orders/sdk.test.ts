import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order, Payment } from 'mercadopago';
import { createManualClock } from '../../shared/clock';
import { createSandbox } from '../app';
import { startSdkSandbox, type SdkSandbox } from '../sdk/sdk-support';
import { AUTO_CAPTURE_DELAY_MS } from './service';

/** Online orders (`type: online`) through the official Node SDK's `Order` client, as an integrator's checkout calls them. */

let t: SdkSandbox;
let orders: Order;
beforeAll(async () => {
  t = await startSdkSandbox();
  orders = new Order(t.config());
});
afterAll(async () => {
  await t.close();
});

/** A card token of the platform's test Mastercard; the cardholder name picks the outcome. */
async function cardToken(name = 'APRO'): Promise<string> {
  const response = await t.call('POST', '/v1/card_tokens', {
    card_number: '5031755734530604',
    expiration_month: '11',
    expiration_year: '2030',
    security_code: '123',
    cardholder: { name, identification: { type: 'DNI', number: '12345678' } },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

type CreateBody = Parameters<Order['create']>[0]['body'];
const cardOrder = (token: string, extra: Partial<CreateBody> = {}): CreateBody => ({
  type: 'online',
  total_amount: '200.00',
  external_reference: 'sdk-online',
  payer: { email: 'buyer@example.com' },
  transactions: { payments: [{ amount: '200.00', payment_method: { id: 'master', type: 'credit_card', token, installments: 1 } }] },
  ...extra,
});

describe('online orders through the official SDK', () => {
  it('charges at creation in automatic mode, with the payment readable in /v1/payments', async () => {
    const order = await orders.create({ body: cardOrder(await cardToken()) });
    expect(order.api_response.status).toBe(201);
    expect(order).toMatchObject({ type: 'online', status: 'processed', status_detail: 'accredited', total_amount: '200.00' });
    const transaction = order.transactions?.payments?.[0];
    expect(transaction).toMatchObject({ amount: '200.00', status: 'processed', status_detail: 'accredited', payment_method: { id: 'master' } });
    const payment = await new Payment(t.config()).get({ id: transaction?.reference_id ?? '' });
    expect(payment).toMatchObject({ status: 'approved', transaction_amount: 200, metadata: { order_id: order.id } });
    expect(await orders.get({ id: order.id ?? '' })).toMatchObject({ id: order.id, status: 'processed' });
  });

  it('fails the order with the reason of the test cardholder (OTHE)', async () => {
    const order = await orders.create({ body: cardOrder(await cardToken('OTHE')) });
    expect(order).toMatchObject({ status: 'failed', status_detail: 'rejected_by_issuer' });
    expect(order.transactions?.payments?.[0]).toMatchObject({ status: 'failed', status_detail: 'rejected_by_issuer' });
  });

  it('fails the order when the card token was already used', async () => {
    const token = await cardToken();
    await orders.create({ body: cardOrder(token) });
    const again = await orders.create({ body: cardOrder(token) });
    expect(again).toMatchObject({ status: 'failed', status_detail: 'invalid_card_token' });
    expect(again.transactions?.payments?.[0]?.reference_id).toBeUndefined();
  });

  it('processes a manual order only when asked, once', async () => {
    const created = await orders.create({ body: cardOrder(await cardToken(), { processing_mode: 'manual' }) });
    expect(created).toMatchObject({ status: 'created', status_detail: 'created' });
    const processed = await orders.process({ id: created.id ?? '' });
    expect(processed).toMatchObject({ status: 'processed', status_detail: 'accredited' });
    await expect(orders.process({ id: created.id ?? '' })).rejects.toMatchObject({ status: 409, error: 'cannot_process_order' });
  });

  it('authorizes with capture_mode manual, then captures; a capture of a processed order is refused', async () => {
    const created = await orders.create({ body: cardOrder(await cardToken(), { capture_mode: 'manual' }) });
    expect(created).toMatchObject({ status: 'action_required', status_detail: 'waiting_capture' });
    const reference = created.transactions?.payments?.[0]?.reference_id ?? '';
    expect(await new Payment(t.config()).get({ id: reference })).toMatchObject({ status: 'authorized', captured: false });
    const captured = await orders.capture({ id: created.id ?? '' });
    expect(captured).toMatchObject({ status: 'processed', status_detail: 'accredited' });
    expect(captured.transactions?.payments?.[0]).toMatchObject({ status: 'processed', status_detail: 'accredited' });
    expect(await new Payment(t.config()).get({ id: reference })).toMatchObject({ status: 'approved', captured: true });
    await expect(orders.capture({ id: created.id ?? '' })).rejects.toMatchObject({ status: 409, error: 'cannot_capture_order' });
  });

  it('captures an automatic_async authorization by itself after the delay', async () => {
    const created = await orders.create({ body: cardOrder(await cardToken(), { capture_mode: 'automatic_async' }) });
    expect(created).toMatchObject({ status: 'action_required', status_detail: 'waiting_capture' });
    t.clock.advance(AUTO_CAPTURE_DELAY_MS);
    expect(await orders.get({ id: created.id ?? '' })).toMatchObject({ status: 'processed', status_detail: 'accredited' });
  });

  it('cancels an authorized order and its payment; a canceled order cannot be refunded', async () => {
    const created = await orders.create({ body: cardOrder(await cardToken(), { capture_mode: 'automatic_async' }) });
    const canceled = await orders.cancel({ id: created.id ?? '' });
    expect(canceled).toMatchObject({ status: 'canceled', status_detail: 'canceled' });
    expect(canceled.transactions?.payments?.[0]).toMatchObject({ status: 'canceled', status_detail: 'canceled_transaction' });
    const reference = canceled.transactions?.payments?.[0]?.reference_id ?? '';
    expect(await new Payment(t.config()).get({ id: reference })).toMatchObject({ status: 'cancelled' });
    await expect(orders.refund({ id: created.id ?? '' })).rejects.toMatchObject({ status: 409, error: 'cannot_refund_order' });
  });

  it('refunds in part, then the rest, with the payment following', async () => {
    const created = await orders.create({ body: cardOrder(await cardToken()) });
    const transactionId = created.transactions?.payments?.[0]?.id ?? '';
    const part = await orders.refund({ id: created.id ?? '', body: { transactions: [{ id: transactionId, amount: '25.00' }] } });
    expect(part).toMatchObject({ status: 'processed', status_detail: 'partially_refunded' });
    expect(part.transactions?.refunds?.[0]).toMatchObject({ amount: '25.00', status: 'processed', transaction_id: transactionId });
    await expect(orders.refund({ id: created.id ?? '', body: { transactions: [{ id: transactionId, amount: '175.01' }] } })).rejects.toMatchObject({
      status: 400,
      error: 'refund_amount_exceeds',
    });
    const rest = await orders.refund({ id: created.id ?? '' });
    expect(rest).toMatchObject({ status: 'refunded', status_detail: 'refunded' });
    expect(rest.transactions?.refunds?.map((refund) => refund.amount)).toEqual(['25.00', '175.00']);
    const reference = rest.transactions?.payments?.[0]?.reference_id ?? '';
    expect(await new Payment(t.config()).get({ id: reference })).toMatchObject({ status: 'refunded', transaction_amount_refunded: 200 });
  });

  it('adds, updates and removes the payment of a manual order while it is created', async () => {
    const created = await orders.create({
      body: { type: 'online', processing_mode: 'manual', total_amount: '100.00', external_reference: 'sdk-tx', payer: { email: 'buyer@example.com' } },
    });
    const added = await orders.createTransaction({
      id: created.id ?? '',
      body: { payments: [{ amount: '100.00', payment_method: { id: 'master', type: 'credit_card', token: await cardToken(), installments: 1 } }] },
    });
    const transactionId = added.payments?.[0]?.id ?? '';
    expect(added.payments?.[0]).toMatchObject({ amount: '100.00', status: 'created', payment_method: { id: 'master', type: 'credit_card' } });
    const updated = await orders.updateTransaction({ id: created.id ?? '', transactionId, body: { payment_method: { installments: 3 } } });
    expect(updated.payment_method?.installments).toBe(3);
    const removed = await orders.deleteTransaction({ id: created.id ?? '', transactionId });
    expect(removed.api_response.status).toBe(204);
    expect((await orders.get({ id: created.id ?? '' })).transactions?.payments).toEqual([]);
    await expect(orders.process({ id: created.id ?? '' })).rejects.toMatchObject({ status: 400, error: 'required_properties' });
  });

  it('leaves a pix order waiting for the transfer, with the code to pay it', async () => {
    const order = await orders.create({
      body: {
        type: 'online',
        total_amount: '1000.00',
        external_reference: 'sdk-pix',
        payer: { email: 'buyer@example.com' },
        transactions: { payments: [{ amount: '1000.00', payment_method: { id: 'pix', type: 'bank_transfer' } }] },
      },
    });
    expect(order).toMatchObject({ status: 'action_required', status_detail: 'waiting_transfer' });
    expect(order.transactions?.payments?.[0]?.payment_method).toMatchObject({ id: 'pix', ticket_url: expect.stringContaining('/payments/') });
  });

  it('answers the same X-Idempotency-Key with the first order, and a different body under it with 409', async () => {
    const token = await cardToken();
    const requestOptions = { idempotencyKey: 'online-order-key-1' };
    // Its own client: the SDK keeps request options on the client's config once given.
    const keyed = new Order(t.config());
    const first = await keyed.create({ body: cardOrder(token), requestOptions });
    const replay = await keyed.create({ body: cardOrder(token), requestOptions });
    expect(replay.id).toBe(first.id);
    expect(replay.api_response.headers).toMatchObject({ 'idempotent-replayed': ['true'] });
    await expect(keyed.create({ body: cardOrder(token, { external_reference: 'other' }), requestOptions })).rejects.toMatchObject({ status: 409 });
  });

  it('refuses a total_amount that is not the sum of the payments, naming the property', async () => {
    await expect(orders.create({ body: cardOrder(await cardToken(), { total_amount: '150.00' }) })).rejects.toMatchObject({
      status: 400,
      error: 'property_value',
    });
  });

  it('keeps online orders and their pending automatic capture across a restart (--state)', async () => {
    const created = await orders.create({ body: cardOrder(await cardToken(), { capture_mode: 'automatic_async' }) });
    const snapshot = JSON.parse(JSON.stringify(t.sandbox.snapshot())) as Record<string, unknown>;
    const clock = createManualClock(t.clock.now());
    const again = await createSandbox({ state: snapshot, tokenRateLimit: null, clock });
    const headers = { authorization: `Bearer ${t.accessToken}`, host: '127.0.0.1' };
    expect((await again.app.inject({ method: 'GET', url: `/v1/orders/${created.id ?? ''}`, headers })).json()).toMatchObject({ status: 'action_required' });
    // The pending automatic capture survives the restart too.
    clock.advance(AUTO_CAPTURE_DELAY_MS);
    expect((await again.app.inject({ method: 'GET', url: `/v1/orders/${created.id ?? ''}`, headers })).json()).toMatchObject({ status: 'processed' });
    await again.close();
  });
});
