import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MerchantOrder, Payment } from '../../shared/platform/payments';
import { PointOrder } from '../../shared/platform/orders';
import { customBody, errorOf, freshKey, OTHER_USER_TERMINAL, STANDALONE_TERMINAL, startHarness, TERMINAL_1, type Harness } from '../actions/test-support';
import { startReceiver, type Receiver } from '../notifications/test-receiver';

let harness: Harness;

beforeEach(async () => {
  harness = await startHarness();
});

afterEach(async () => {
  await harness.close();
});

function orderBody(
  overrides: { terminal?: string; amount?: string; reference?: string; print?: 'seller_ticket' | 'no_ticket'; expiration?: string } = {},
): Record<string, unknown> {
  return {
    type: 'point',
    external_reference: overrides.reference ?? 'sale-0042',
    description: 'Cafe y medialunas',
    ...(overrides.expiration === undefined ? {} : { expiration_time: overrides.expiration }),
    transactions: { payments: [{ amount: overrides.amount ?? '24.00' }] },
    config: { point: { terminal_id: overrides.terminal ?? TERMINAL_1, print_on_terminal: overrides.print ?? 'seller_ticket', ticket_number: 'T-0042' } },
  };
}

async function request(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  options: { body?: unknown; key?: string | null; token?: string | null } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (options.token !== null) headers['authorization'] = `Bearer ${options.token ?? (await harness.token())}`;
  if (method !== 'GET' && options.key !== null) headers['x-idempotency-key'] = options.key ?? freshKey();
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return harness.sandbox.app.inject({
    method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }),
  });
}

async function createOrder(body: unknown = orderBody(), key?: string): Promise<PointOrder> {
  const response = await request('POST', '/v1/orders', { body, ...(key === undefined ? {} : { key }) });
  expect(response.statusCode, response.body).toBe(201);
  return PointOrder.parse(response.json());
}

async function getOrder(id: string): Promise<PointOrder> {
  const response = await request('GET', `/v1/orders/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return PointOrder.parse(response.json());
}

/** Creates an order and lets the terminal pick it up (2 s by default). */
async function orderAtTerminal(body: unknown = orderBody()): Promise<PointOrder> {
  const order = await createOrder(body);
  await harness.clock.advance(2_000);
  expect((await getOrder(order.id)).status).toBe('at_terminal');
  return order;
}

async function tap(card: Record<string, unknown>, terminal = TERMINAL_1): Promise<LightMyRequestResponse> {
  return harness.terminalPost(terminal, '/card', card);
}

describe('POST /v1/orders', () => {
  it('creates a point order in status created with the documented body, readable with GET', async () => {
    const order = await createOrder();
    expect(order).toMatchObject({
      type: 'point',
      status: 'created',
      status_detail: 'created',
      external_reference: 'sale-0042',
      total_amount: '24.00',
      expiration_time: 'PT15M',
      config: { point: { terminal_id: TERMINAL_1, print_on_terminal: 'seller_ticket', ticket_number: 'T-0042' } },
    });
    expect(order.id).toMatch(/^ORD[0-9A-Z]{26}$/);
    expect(order.transactions.payments).toEqual([expect.objectContaining({ amount: '24.00', status: 'created' })]);
    expect(await getOrder(order.id)).toEqual(order);
  });

  it('refuses a missing token, a missing key, and bodies the schema refuses, each with its code', async () => {
    expect(errorOf(await request('POST', '/v1/orders', { body: orderBody(), token: null })).error).toBe('unauthorized');
    expect(errorOf(await request('POST', '/v1/orders', { body: orderBody(), key: null })).error).toBe('empty_required_header');
    expect(errorOf(await request('POST', '/v1/orders', { body: '{"type":' })).error).toBe('json_syntax_error');
    const { transactions: _omitted, ...noTransactions } = orderBody();
    const missing = errorOf(await request('POST', '/v1/orders', { body: noTransactions }));
    expect(missing).toMatchObject({ status: 400, error: 'required_properties', message: 'transactions is required' });
    expect(errorOf(await request('POST', '/v1/orders', { body: { ...orderBody(), tip: 1 } })).error).toBe('unsupported_properties');
    const badAmount = errorOf(await request('POST', '/v1/orders', { body: orderBody({ amount: '24,00' }) }));
    expect(badAmount.error).toBe('property_value');
    expect(badAmount.cause[0]?.data).toEqual({ property: 'transactions.payments[0].amount' });
    expect(errorOf(await request('POST', '/v1/orders', { body: { ...orderBody(), external_reference: 'has space' } })).error).toBe('property_value');
    expect(errorOf(await request('POST', '/v1/orders', { body: orderBody({ expiration: 'PT10S' }) })).error).toBe('property_value');
  });

  it("refuses another user's terminal with 403 and a STANDALONE terminal with 400", async () => {
    const foreign = await request('POST', '/v1/orders', { body: orderBody({ terminal: OTHER_USER_TERMINAL }) });
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign).error).toBe('forbidden_checking_terminal_owner');
    const standalone = await request('POST', '/v1/orders', { body: orderBody({ terminal: STANDALONE_TERMINAL }) });
    expect(standalone.statusCode).toBe(400);
    expect(errorOf(standalone).message).toContain('STANDALONE');
  });

  it('allows one waiting order per terminal, shared with print actions (spec 7.2)', async () => {
    await createOrder();
    const second = await request('POST', '/v1/orders', { body: orderBody({ reference: 'sale-0043' }) });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).error).toBe('already_queued_order_for_terminal');
    const print = await harness.create(customBody());
    expect(print.statusCode).toBe(409);
    expect(errorOf(print).error).toBe('already_queued_order_for_terminal');

    // Once picked up, the terminal's queue is free again.
    await harness.clock.advance(2_000);
    expect((await harness.create(customBody())).statusCode).toBe(201);
    const afterPrint = await request('POST', '/v1/orders', { body: orderBody({ reference: 'sale-0044' }) });
    expect(errorOf(afterPrint).error).toBe('already_queued_order_for_terminal');
  });

  it('replays the same request under the same key and refuses a different one with 409', async () => {
    const key = freshKey();
    const first = await createOrder(orderBody(), key);
    const again = await request('POST', '/v1/orders', { body: orderBody(), key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(PointOrder.parse(again.json()).id).toBe(first.id);
    const other = await request('POST', '/v1/orders', { body: orderBody({ amount: '25.00' }), key });
    expect(other.statusCode).toBe(409);
    expect(errorOf(other).error).toBe('idempotency_key_already_used');
  });
});

describe('expiry on the clock', () => {
  it('expires an order not picked up after 15 minutes', async () => {
    await harness.terminalPost(TERMINAL_1, '', { mode: 'manual' });
    const order = await createOrder();
    await harness.clock.advance(15 * 60_000 - 1);
    expect((await getOrder(order.id)).status).toBe('created');
    await harness.clock.advance(1);
    expect(await getOrder(order.id)).toMatchObject({ status: 'expired', status_detail: 'expired' });
  });

  it('expires an order at the terminal when its own expiration_time passes unpaid', async () => {
    const order = await orderAtTerminal(orderBody({ expiration: 'PT1M' }));
    await harness.clock.advance(58_000);
    expect((await getOrder(order.id)).status).toBe('expired');
    expect(errorOf(await tap({ result: 'approved' })).error).toBe('no_payment_on_terminal');
  });
});

describe('POST /v1/orders/{id}/cancel', () => {
  it('cancels an order still in created and refuses one at the terminal with 409 cannot_cancel_order', async () => {
    const waiting = await createOrder();
    const canceled = await request('POST', `/v1/orders/${waiting.id}/cancel`);
    expect(canceled.statusCode).toBe(200);
    expect(PointOrder.parse(canceled.json())).toMatchObject({ status: 'canceled', status_detail: 'canceled' });

    const charging = await orderAtTerminal(orderBody({ reference: 'sale-0050' }));
    const refused = await request('POST', `/v1/orders/${charging.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).error).toBe('cannot_cancel_order');
    expect(errorOf(await request('POST', '/v1/orders/ORD00000000000000000000000000/cancel')).error).toBe('order_not_found');
    expect((await request('GET', '/v1/orders/not-an-id')).statusCode).toBe(404);
  });
});

describe('cancel at the terminal over the API (x-allow-cancelable-status)', () => {
  it('accepts the cancel of an order at the terminal with 202, and the terminal cancels it a moment later', async () => {
    const order = await orderAtTerminal();
    const accepted = await harness.sandbox.app.inject({
      method: 'POST',
      url: `/v1/orders/${order.id}/cancel`,
      headers: { authorization: `Bearer ${await harness.token()}`, 'x-idempotency-key': freshKey(), 'x-allow-cancelable-status': 'at_terminal' },
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(PointOrder.parse(accepted.json()).status).toBe('at_terminal');
    await harness.clock.advance(1_000);
    expect(await getOrder(order.id)).toMatchObject({ status: 'canceled', status_detail: 'canceled' });
  });

  it('leaves an order paid before the terminal acted on the cancel as it is', async () => {
    const order = await orderAtTerminal();
    await harness.sandbox.app.inject({
      method: 'POST',
      url: `/v1/orders/${order.id}/cancel`,
      headers: { authorization: `Bearer ${await harness.token()}`, 'x-idempotency-key': freshKey(), 'x-allow-cancelable-status': 'at_terminal' },
    });
    await tap({ result: 'approved' });
    await harness.clock.advance(1_000);
    expect((await getOrder(order.id)).status).toBe('processed');
  });
});

describe('the virtual terminal takes the payment', () => {
  it('approves a card: processed, a payment and a merchant order exist, the slip prints, a webhook goes out', async () => {
    const receiver: Receiver = await startReceiver({ fallback: 200 });
    try {
      await harness.sandbox.app.inject({
        method: 'PUT',
        url: '/__sandbox/accounts/1001/notification-url',
        payload: { url: `${receiver.url}/hooks?source_news=webhooks` },
      });
      const order = await orderAtTerminal();
      const screen = (await harness.terminalGet(TERMINAL_1)).json() as { phase: string; payment_order: { total_amount: string } };
      expect(screen).toMatchObject({ phase: 'awaiting_card', payment_order: { total_amount: '24.00' } });

      expect((await tap({ result: 'approved' })).statusCode).toBe(200);
      const processed = await getOrder(order.id);
      expect(processed).toMatchObject({ status: 'processed', status_detail: 'accredited' });
      const paymentId = processed.transactions.payments[0]?.reference_id ?? '';
      const payment = Payment.parse((await request('GET', `/v1/payments/${paymentId}`)).json());
      expect(payment).toMatchObject({ status: 'approved', transaction_amount: 24, external_reference: 'sale-0042', point_of_interaction: { type: 'POINT' } });
      // What a store's receipt prints: the card's last four digits and the issuer's authorization code.
      expect(payment.card).toMatchObject({ last_four_digits: '3704', first_six_digits: '450995' });
      expect(payment.authorization_code).toMatch(/^\d{6}$/);
      const merchantOrder = MerchantOrder.parse((await request('GET', `/merchant_orders/${payment.order?.id ?? 0}`)).json());
      expect(merchantOrder).toMatchObject({ order_status: 'paid', paid_amount: 24, external_reference: 'sale-0042' });

      const printed = (await harness.terminalGet(TERMINAL_1, '/printed')).json() as { items: { subtype: string; action_id: string; svg: string }[] };
      expect(printed.items).toEqual([expect.objectContaining({ subtype: 'payment_slip', action_id: order.id })]);
      expect(printed.items[0]?.svg).toContain('<svg');

      // at_terminal and processed for the order, created for the payment and its merchant order.
      await receiver.waitFor(4);
      const hooks = receiver.requests.filter((received) => received.query.get('type') === 'order');
      expect(hooks.map((hook) => hook.query.get('data.id'))).toEqual([order.id, order.id]);
      expect(hooks.map((hook) => (JSON.parse(hook.body) as { action: string }).action)).toEqual(['order.at_terminal', 'order.processed']);
      const listed = (await harness.sandbox.app.inject({ method: 'GET', url: '/__sandbox/notifications?topic=order' })).json() as {
        results: { channel: string }[];
      };
      expect(listed.results.map((record) => record.channel)).toEqual(['webhook', 'webhook']);
    } finally {
      await receiver.close();
    }
  });

  it('takes the payment without its slip when the paper is out', async () => {
    await harness.terminalPost(TERMINAL_1, '', { paper: 'out' });
    const order = await orderAtTerminal();
    await tap({ result: 'approved' });
    expect((await getOrder(order.id)).status).toBe('processed');
    expect(((await harness.terminalGet(TERMINAL_1, '/printed')).json() as { items: unknown[] }).items).toEqual([]);
  });

  it('prints nothing when print_on_terminal is no_ticket', async () => {
    await orderAtTerminal(orderBody({ print: 'no_ticket' }));
    await tap({ result: 'approved' });
    expect(((await harness.terminalGet(TERMINAL_1, '/printed')).json() as { items: unknown[] }).items).toEqual([]);
  });

  it('declines a card with the documented reason: failed, and a rejected payment', async () => {
    const order = await orderAtTerminal();
    await tap({ result: 'declined', reason: 'insufficient_amount' });
    const failed = await getOrder(order.id);
    expect(failed).toMatchObject({ status: 'failed', status_detail: 'insufficient_amount' });
    const payment = Payment.parse((await request('GET', `/v1/payments/${failed.transactions.payments[0]?.reference_id ?? ''}`)).json());
    expect(payment).toMatchObject({ status: 'rejected', status_detail: 'insufficient_amount', authorization_code: null });
    expect(errorOf(await tap({ result: 'declined', reason: 'stolen' })).error).toBe('bad_request');
  });

  it('cancels on the terminal, times out, and asks for a check on the terminal when the card gets no answer', async () => {
    const canceled = await orderAtTerminal();
    expect((await harness.terminalPost(TERMINAL_1, '/cancel')).statusCode).toBe(200);
    expect((await getOrder(canceled.id)).status).toBe('canceled');

    const timedOut = await orderAtTerminal(orderBody({ reference: 'sale-0060' }));
    expect((await harness.terminalPost(TERMINAL_1, '/timeout')).statusCode).toBe(200);
    expect((await getOrder(timedOut.id)).status).toBe('expired');

    const stalled = await orderAtTerminal(orderBody({ reference: 'sale-0061' }));
    await tap({ result: 'no_response' });
    expect(await getOrder(stalled.id)).toMatchObject({ status: 'action_required', status_detail: 'check_on_terminal' });
    await tap({ result: 'approved' });
    expect((await getOrder(stalled.id)).status).toBe('processed');
  });
});

describe('POST /v1/orders/{id}/refund', () => {
  async function processedOrder(): Promise<PointOrder> {
    const order = await orderAtTerminal();
    await tap({ result: 'approved' });
    return getOrder(order.id);
  }

  it('refunds part, then the rest with no body; the payment follows', async () => {
    const order = await processedOrder();
    const transactionId = order.transactions.payments[0]?.id ?? '';
    const partial = await request('POST', `/v1/orders/${order.id}/refund`, { body: { transactions: [{ id: transactionId, amount: '10.00' }] } });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(PointOrder.parse(partial.json())).toMatchObject({
      status: 'processed',
      status_detail: 'partially_refunded',
      transactions: { refunds: [expect.objectContaining({ amount: '10.00' })] },
    });
    const paymentUrl = `/v1/payments/${order.transactions.payments[0]?.reference_id ?? ''}`;
    expect(Payment.parse((await request('GET', paymentUrl)).json())).toMatchObject({
      status: 'approved',
      status_detail: 'partially_refunded',
      transaction_amount_refunded: 10,
    });

    const exceeds = await request('POST', `/v1/orders/${order.id}/refund`, { body: { transactions: [{ id: transactionId, amount: '20.00' }] } });
    expect(exceeds.statusCode).toBe(400);
    expect(errorOf(exceeds).error).toBe('refund_amount_exceeds');
    const wrongTransaction = await request('POST', `/v1/orders/${order.id}/refund`, { body: { transactions: [{ id: 'PAY0', amount: '1.00' }] } });
    expect(errorOf(wrongTransaction).error).toBe('transaction_not_found');

    const rest = await harness.sandbox.app.inject({
      method: 'POST',
      url: `/v1/orders/${order.id}/refund`,
      headers: { authorization: `Bearer ${await harness.token()}`, 'x-idempotency-key': freshKey(), 'content-type': 'application/json' },
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(PointOrder.parse(rest.json())).toMatchObject({ status: 'refunded', status_detail: 'refunded' });
    expect(Payment.parse((await request('GET', paymentUrl)).json())).toMatchObject({ status: 'refunded', transaction_amount_refunded: 24 });

    const again = await request('POST', `/v1/orders/${order.id}/refund`, { body: {} });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).error).toBe('cannot_refund_order');
  });

  it('refunds once when a refund is retried with the same key, and refuses the key for another amount', async () => {
    const order = await processedOrder();
    const transactionId = order.transactions.payments[0]?.id ?? '';
    const key = freshKey();
    const refundBody = { transactions: [{ id: transactionId, amount: '5.00' }] };
    expect((await request('POST', `/v1/orders/${order.id}/refund`, { body: refundBody, key })).statusCode).toBe(200);
    const retried = await request('POST', `/v1/orders/${order.id}/refund`, { body: refundBody, key });
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect((await getOrder(order.id)).transactions.payments[0]?.refunded_amount).toBe('5.00');
    const other = await request('POST', `/v1/orders/${order.id}/refund`, { body: { transactions: [{ id: transactionId, amount: '6.00' }] }, key });
    expect(errorOf(other).error).toBe('idempotency_key_already_used');
  });

  it('refuses to refund an order that was never paid', async () => {
    const order = await createOrder();
    expect(errorOf(await request('POST', `/v1/orders/${order.id}/refund`, { body: {} })).error).toBe('cannot_refund_order');
    expect(errorOf(await request('POST', `/v1/orders/${order.id}/refund`, { body: {}, key: null })).error).toBe('empty_required_header');
  });
});

describe('PATCH /terminals/v1/setup', () => {
  it('switches a terminal to PDV so it takes orders, and refuses terminals of others', async () => {
    const switched = await request('PATCH', '/terminals/v1/setup', { body: { terminals: [{ id: STANDALONE_TERMINAL, operating_mode: 'PDV' }] } });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toEqual({ terminals: [{ id: STANDALONE_TERMINAL, operating_mode: 'PDV' }] });
    const list = (await request('GET', '/terminals/v1/list')).json() as { data: { terminals: { id: string; operating_mode: string }[] } };
    expect(list.data.terminals.find((terminal) => terminal.id === STANDALONE_TERMINAL)?.operating_mode).toBe('PDV');
    expect((await request('POST', '/v1/orders', { body: orderBody({ terminal: STANDALONE_TERMINAL }) })).statusCode).toBe(201);

    const foreign = await request('PATCH', '/terminals/v1/setup', { body: { terminals: [{ id: OTHER_USER_TERMINAL, operating_mode: 'STANDALONE' }] } });
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(await request('PATCH', '/terminals/v1/setup', { body: { terminals: [{ id: TERMINAL_1, operating_mode: 'KIOSK' }] } })).error).toBe(
      'property_value',
    );

    harness.sandbox.reset();
    expect(((await harness.terminalGet(STANDALONE_TERMINAL)).json() as { operating_mode: string }).operating_mode).toBe('STANDALONE');
  });
});

describe('OpenAPI', () => {
  it('documents the order routes and the terminal setup', async () => {
    const document = (await harness.sandbox.app.inject({ method: 'GET', url: '/__sandbox/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/v1/orders', '/v1/orders/{id}', '/v1/orders/{id}/cancel', '/v1/orders/{id}/refund', '/terminals/v1/setup']),
    );
    expect(document.paths['/v1/orders']?.['post']).toHaveProperty('requestBody');
  });
});

describe('--state', () => {
  it('keeps orders across a restart, with their expiry still running on the clock', async () => {
    await harness.terminalPost(TERMINAL_1, '', { mode: 'manual' });
    const order = await createOrder();
    const snapshot = harness.sandbox.snapshot();
    await harness.close();
    harness = await startHarness({ state: snapshot });
    expect((await getOrder(order.id)).status).toBe('created');
    await harness.clock.advance(15 * 60_000);
    expect((await getOrder(order.id)).status).toBe('expired');
  });
});

describe('GET /v1/orders (search)', () => {
  it("finds the caller's orders by date range and external_reference, newest first, in pages", async () => {
    const first = await createOrder(orderBody({ reference: 'sale-a' }));
    await request('POST', `/v1/orders/${first.id}/cancel`);
    await harness.clock.advance(1_000);
    const second = await createOrder(orderBody({ reference: 'sale-b' }));
    const range = `begin_date=${new Date(harness.clock.now() - 60_000).toISOString()}&end_date=${new Date(harness.clock.now()).toISOString()}`;

    const all = await request('GET', `/v1/orders?${range}`);
    expect(all.statusCode, all.body).toBe(200);
    expect((all.json() as { data: PointOrder[] }).data.map((order) => order.id)).toEqual([second.id, first.id]);
    const byReference = (await request('GET', `/v1/orders?${range}&external_reference=sale-a`)).json() as { data: PointOrder[] };
    expect(byReference.data.map((order) => order.status)).toEqual(['canceled']);
    const paged = (await request('GET', `/v1/orders?${range}&page=2&page_size=1`)).json() as { data: PointOrder[]; paging: Record<string, string> };
    expect(paged).toMatchObject({ data: [{ id: first.id }], paging: { total: '2', total_pages: '2', offset: '1', limit: '1' } });

    const otherUser = (await request('GET', `/v1/orders?${range}`, { token: await harness.token(2002) })).json() as { data: unknown[] };
    expect(otherUser.data).toEqual([]);
    expect(errorOf(await request('GET', '/v1/orders?external_reference=sale-a')).error).toBe('invalid_query_param');
    expect((await request('GET', `/v1/orders?${range}`, { token: null })).statusCode).toBe(401);
  });
});
