import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../shared/clock';
import { JsonText } from '../idempotency';
import type { Payment, Refund } from '../../shared/platform/payments';
import { buildPayment, type NewPayment } from './payment';
import { PaymentStore, type PaymentRecord } from './store';
import { approvedPayment } from './testing';

const newPayment = (order: Payment['order']): NewPayment => approvedPayment({ payerEmail: 'buyer@example.com', order });

function added(store: PaymentStore, order: Payment['order']): PaymentRecord {
  const record = { payment: buildPayment(store.nextId(), 0, newPayment(order)), client_id: 'app' };
  store.add(record);
  return record;
}

const ids = (payments: Payment[]): number[] => payments.map((payment) => payment.id);

describe('PaymentStore', () => {
  it("lists a merchant order's payments in creation order, the current version of each, also after a load", () => {
    const store = new PaymentStore(createManualClock());
    const first = added(store, { id: 7, type: 'mercadopago' });
    added(store, null);
    added(store, { id: 8, type: 'mercadopago' });
    const third = added(store, { id: 7, type: 'mercadopago' });
    // A sandbox control route replaces a payment's object; the order lists the new one.
    first.payment = { ...first.payment, transaction_amount: 5 };
    expect(store.ofMerchantOrder(7)).toEqual([first.payment, third.payment]);
    expect(store.ofMerchantOrder(9)).toEqual([]);

    const restored = new PaymentStore(createManualClock());
    restored.load(structuredClone(store.save()));
    expect(ids(restored.ofMerchantOrder(7))).toEqual([first.payment.id, third.payment.id]);
    expect(ids(restored.ofMerchantOrder(8))).toHaveLength(1);
    restored.reset();
    expect(restored.ofMerchantOrder(7)).toEqual([]);
  });

  it('keeps a payment added again once, in its first place in its order', () => {
    const store = new PaymentStore(createManualClock());
    const first = added(store, { id: 7, type: 'mercadopago' });
    const second = added(store, { id: 7, type: 'mercadopago' });
    store.add({ ...first, payment: { ...first.payment, transaction_amount: 5 } });
    expect(ids(store.ofMerchantOrder(7))).toEqual([first.payment.id, second.payment.id]);
    expect(store.size).toBe(2);
  });

  it('numbers refunds on from the ones the payments hold, counting them once after a load or a reset', () => {
    const store = new PaymentStore(createManualClock());
    const record = added(store, null);
    record.payment['refunds'] = [{ id: 1 } as Refund, { id: 2 } as Refund];
    let counted = 0;
    const count = (): number => {
      counted++;
      return 2;
    };
    expect([store.nextRefundNumber(count), store.nextRefundNumber(count)]).toEqual([3, 4]);
    expect(counted).toBe(1);
    store.load(structuredClone(store.save()));
    expect(store.nextRefundNumber(count)).toBe(3);
    store.reset();
    expect(store.nextRefundNumber(() => 0)).toBe(1);
  });

  it('keeps remembered answers as JSON text after a load, and saves each as an object of its own', () => {
    const clock = createManualClock();
    const store = new PaymentStore(clock);
    const answer = { id: 1, payer: { email: 'buyer@example.com' }, refunds: [] };
    const saved = {
      payments: [],
      sequence: 0,
      idempotency: [{ userId: 1001, key: 'k', fingerprint: 'f'.repeat(64), createdAt: clock.now(), response: { status: 201, body: answer } }],
    };
    store.load(saved);
    expect(store.idempotency.begin(1001, 'k', 'f'.repeat(64))).toEqual({
      kind: 'replay',
      response: { status: 201, body: new JsonText(JSON.stringify(answer)) },
    });
    const first = store.save().idempotency;
    expect(first).toEqual(saved.idempotency);
    (first[0]?.response.body as typeof answer).payer.email = 'changed@example.com';
    expect(store.save().idempotency).toEqual(saved.idempotency);
  });
});
