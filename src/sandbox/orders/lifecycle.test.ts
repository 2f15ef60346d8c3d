import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../shared/clock';
import { type CreatePointOrderRequest, OrderStatus } from '../../shared/platform/orders';
import { CHARGING_ORDER_STATUSES, isFinalOrderStatus, isOpenOrderStatus, ORDER_LIFECYCLE, OrderEvent, orderTransition } from './lifecycle';
import { OrderService, type OrderChange } from './service';

const ORDER_TRANSITIONS = ORDER_LIFECYCLE.moves;

describe('point order state table', () => {
  it('has the documented edges and nothing that goes back to created or at_terminal', () => {
    const edges = ORDER_TRANSITIONS.map((row) => `${row.from} -${row.on}-> ${row.to}`);
    expect(edges).toEqual(
      expect.arrayContaining([
        'created -pickup-> at_terminal',
        'created -cancel_api-> canceled',
        'created -expire-> expired',
        'at_terminal -cancel_terminal-> canceled',
        'at_terminal -approve-> processed',
        'at_terminal -decline-> failed',
        'at_terminal -stall-> action_required',
        'at_terminal -expire-> expired',
        'processed -refund_total-> refunded',
      ]),
    );
    expect(ORDER_TRANSITIONS.some((row) => row.to === 'created' || (row.to === 'at_terminal' && row.from !== 'created'))).toBe(false);
  });

  it('refuses every pair that is not in the table, with a reason', () => {
    for (const from of OrderStatus.options) {
      for (const event of OrderEvent.options) {
        const inTable = ORDER_TRANSITIONS.some((row) => row.from === from && row.on === event);
        const result = orderTransition(from, event);
        expect(result.ok, `${from} ${event}`).toBe(inTable);
        if (!result.ok) expect(result.reason).not.toBe('');
      }
    }
  });

  it('says why an order at the terminal cannot be cancelled over the API', () => {
    const result = orderTransition('at_terminal', 'cancel_api');
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('only be cancelled on the terminal') });
  });

  it('ends in canceled, expired, failed and refunded for good', () => {
    expect(OrderStatus.options.filter((status) => isFinalOrderStatus(status)).sort()).toEqual(['canceled', 'expired', 'failed', 'refunded']);
  });

  it('holds the terminal while the payment has no outcome yet, and lets a card decide it at the terminal only', () => {
    expect(OrderStatus.options.filter((status) => isOpenOrderStatus(status)).sort()).toEqual(['action_required', 'at_terminal', 'created']);
    expect([...CHARGING_ORDER_STATUSES].sort()).toEqual(['action_required', 'at_terminal']);
  });
});

describe("the order service's status writer", () => {
  const owner = { userId: 1001, clientId: '4815162342', liveMode: false, currency: 'ARS', countryCode: 'ARG' };
  const request: CreatePointOrderRequest = {
    type: 'point',
    external_reference: 'REF-1',
    transactions: { payments: [{ amount: '24.00' }] },
    config: { point: { terminal_id: 'NEWLAND_N950__SBX0000001' } },
  };

  it('refuses every move the lifecycle does not list, whatever status the order is in, and leaves the order as it was', () => {
    const charged: number[] = [];
    const service = new OrderService(createManualClock(), { charge: () => charged.push(1), refund: () => undefined });
    const created = service.create(owner, request);
    const changes: OrderChange[] = [];
    service.subscribe((change) => changes.push(change));
    const slice = service.slice(() => undefined);
    const accepted: string[] = [];
    for (const move of ORDER_LIFECYCLE.unlisted()) {
      // Put the order where the move starts, as a restart would load it.
      slice.load({ orders: [{ ...structuredClone(created), status: move.from }], idempotency: [] });
      const before = structuredClone(service.find(created.id));
      const written = service.move(created.id, move.on, move.to, 'partially_refunded');
      if (written.ok || !isDeepStrictEqual(service.find(created.id), before)) accepted.push(`${move.from} -${move.on}-> ${move.to}`);
    }
    service.stop();
    expect(ORDER_LIFECYCLE.unlisted().length).toBeGreaterThan(0);
    expect(accepted).toEqual([]);
    expect(changes).toEqual([]);
    expect(charged).toEqual([]);
  });

  it('writes a listed move with its status_detail and history, and tells the listeners', () => {
    const service = new OrderService(createManualClock(), { charge: () => 1, refund: () => undefined });
    const order = service.create(owner, request);
    const changes: OrderChange[] = [];
    service.subscribe((change) => changes.push(change));
    expect(service.move(order.id, 'pickup', 'at_terminal').ok).toBe(true);
    expect(service.move(order.id, 'decline', 'failed', 'high_risk').ok).toBe(true);
    expect(service.find(order.id)).toMatchObject({ status: 'failed', status_detail: 'high_risk' });
    expect(service.find(order.id)?.history.map((step) => step.event)).toEqual(['create', 'pickup', 'decline']);
    expect(changes.map((change) => [change.from, change.event])).toEqual([
      ['created', 'pickup'],
      ['at_terminal', 'decline'],
    ]);
    service.stop();
  });
});
