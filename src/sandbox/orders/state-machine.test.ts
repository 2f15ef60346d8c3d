import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../../shared/platform/orders';
import { isFinalOrderStatus, ORDER_TRANSITIONS, OrderEvent, orderTransition } from './state-machine';

describe('point order state table', () => {
  it('has the documented edges and nothing that goes back to created or at_terminal', () => {
    const edges = ORDER_TRANSITIONS.map((row) => `${row.from} -${row.event}-> ${row.to}`);
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
        const inTable = ORDER_TRANSITIONS.some((row) => row.from === from && row.event === event);
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
});
