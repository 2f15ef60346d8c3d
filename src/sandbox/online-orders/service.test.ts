import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../shared/clock';
import { ONLINE_ORDER_LIFECYCLE, OnlineOrderEvent, onlineTransition } from './lifecycle';
import { OnlineOrderStatus, type CreateOnlineOrderRequest } from './schemas';
import { AUTO_CAPTURE_DELAY_MS, OnlineOrderService, type ChargeOutcome, type OnlineLedger, type OnlineOrderChange } from './service';

describe('online order state table', () => {
  it('refuses every pair that is not in the table, with a reason', () => {
    for (const from of OnlineOrderStatus.options) {
      for (const event of OnlineOrderEvent.options) {
        const inTable = ONLINE_ORDER_LIFECYCLE.moves.some((row) => row.from === from && row.on === event);
        const result = onlineTransition(from, event);
        expect(result.ok, `${from} ${event}`).toBe(inTable);
        if (!result.ok) expect(result.reason).not.toBe('');
      }
    }
  });

  it('never leads back to created, and leaves failed, canceled and refunded final', () => {
    expect(ONLINE_ORDER_LIFECYCLE.moves.some((row) => row.to === 'created')).toBe(false);
    for (const status of ['failed', 'canceled', 'refunded'] as const) expect(ONLINE_ORDER_LIFECYCLE.isFinal(status)).toBe(true);
  });
});

/** A ledger that answers each charge with `next` and records what it was asked. */
function fakeLedger(next: ChargeOutcome = { event: 'approve', detail: 'accredited', paymentId: 7 }) {
  const calls: string[] = [];
  const ledger: OnlineLedger & { next: ChargeOutcome } = {
    next,
    charge(order) {
      calls.push(`charge ${order.capture_mode}`);
      return ledger.next;
    },
    capture: (id) => void calls.push(`capture ${id}`),
    cancel: (id) => void calls.push(`cancel ${id}`),
    refund: (id, cents) => void calls.push(`refund ${id} ${cents}`),
  };
  return { ledger, calls };
}

const OWNER = { userId: 1, clientId: 'app', liveMode: false, currency: 'ARS', countryCode: 'ARG' };
const request = (extra: Partial<CreateOnlineOrderRequest> = {}): CreateOnlineOrderRequest => ({
  type: 'online',
  total_amount: '100.00',
  external_reference: 'ref',
  payer: { email: 'buyer@example.com' },
  transactions: { payments: [{ amount: '100.00', payment_method: { id: 'visa', type: 'credit_card', token: 'tok' } }] },
  ...extra,
});

describe('online order service', () => {
  it('notifies each move and asks the ledger before the order moves', () => {
    const { ledger, calls } = fakeLedger({ event: 'authorize', detail: 'waiting_capture', paymentId: 9 });
    const service = new OnlineOrderService(createManualClock(), ledger);
    const changes: OnlineOrderChange['event'][] = [];
    service.subscribe((change) => changes.push(change.event));
    const order = service.create(OWNER, request({ capture_mode: 'manual' }), 'http://sandbox');
    expect(order).toMatchObject({ status: 'action_required', status_detail: 'waiting_capture' });
    service.capture(order);
    expect(calls).toEqual(['charge manual', 'capture 9']);
    expect(changes).toEqual(['authorize', 'capture']);
  });

  it('refunds at most what is left, and refuses the rest with refund_amount_exceeds', () => {
    const { ledger, calls } = fakeLedger();
    const service = new OnlineOrderService(createManualClock(), ledger);
    const order = service.create(OWNER, request(), 'http://sandbox');
    const transactionId = order.payments[0]?.id ?? '';
    service.refund(order, { transactionId, cents: 4000 });
    expect(() => service.refund(order, { transactionId, cents: 6001 })).toThrow(expect.objectContaining({ status: 400, code: 'refund_amount_exceeds' }));
    expect(order).toMatchObject({ status: 'processed', status_detail: 'partially_refunded' });
    service.refund(order, undefined);
    expect(order).toMatchObject({ status: 'refunded', status_detail: 'refunded' });
    expect(calls).toEqual(['charge automatic', 'refund 7 4000', 'refund 7 6000']);
  });

  it('a declined charge fails the order, and a failed order takes no capture, cancel or refund', () => {
    const { ledger } = fakeLedger({ event: 'decline', detail: 'insufficient_amount', paymentId: 3 });
    const service = new OnlineOrderService(createManualClock(), ledger);
    const order = service.create(OWNER, request(), 'http://sandbox');
    expect(order).toMatchObject({ status: 'failed', status_detail: 'insufficient_amount' });
    expect(() => service.capture(order)).toThrow(expect.objectContaining({ status: 409, code: 'cannot_capture_order' }));
    expect(() => service.cancel(order)).toThrow(expect.objectContaining({ status: 409, code: 'cannot_cancel_order' }));
    expect(() => service.refund(order, undefined)).toThrow(expect.objectContaining({ status: 409, code: 'cannot_refund_order' }));
  });

  it('captures an automatic_async authorization on its own after the delay, not before', () => {
    const clock = createManualClock();
    const { ledger, calls } = fakeLedger({ event: 'authorize', detail: 'waiting_capture', paymentId: 5 });
    const service = new OnlineOrderService(clock, ledger);
    const order = service.create(OWNER, request({ capture_mode: 'automatic_async' }), 'http://sandbox');
    clock.advance(AUTO_CAPTURE_DELAY_MS - 1);
    expect(order.status).toBe('action_required');
    clock.advance(1);
    expect(order).toMatchObject({ status: 'processed', status_detail: 'accredited' });
    expect(calls).toEqual(['charge automatic_async', 'capture 5']);
  });

  it('requires the payment in automatic mode and the total to match the payments', () => {
    const service = new OnlineOrderService(createManualClock(), fakeLedger().ledger);
    expect(() => service.create(OWNER, request({ transactions: undefined }), 'http://sandbox')).toThrow(
      expect.objectContaining({ status: 400, code: 'required_properties' }),
    );
    expect(() => service.create(OWNER, request({ total_amount: '99.99' }), 'http://sandbox')).toThrow(
      expect.objectContaining({ status: 400, code: 'property_value' }),
    );
  });
});
