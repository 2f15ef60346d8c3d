import { afterEach, describe, expect, it } from 'vitest';
import type { CheckoutSale } from '../../../shared/ipc/channels/checkout';
import { startCheckoutRig, type CheckoutRig } from '../../testing/checkout';
import { createMemoryStore } from '../settings/store';
import { legacySalesKey } from './sales-book';

/** Two sales as a Counter that kept them in the settings file wrote them, and an entry it could not have written. */
function keptSales(baseUrl: string): unknown[] {
  const sale = (preferenceId: string, createdAt: string, status: CheckoutSale['status']): CheckoutSale => ({
    preferenceId,
    externalReference: `SALE-${preferenceId}`,
    environment: 'sandbox',
    industry: null,
    createdAt,
    updatedAt: createdAt,
    items: [{ title: 'Ceramic mug', quantity: 2, unitPrice: 3500 }],
    total: 7000,
    currencyId: 'ARS',
    payerEmail: null,
    initPoint: `${baseUrl}/checkout/pay/${preferenceId}`,
    sandboxInitPoint: `${baseUrl}/checkout/pay/${preferenceId}?sandbox=true`,
    notificationUrl: null,
    status,
    merchantOrderId: null,
    payments: [],
    chargebacks: [],
    report: null,
  });
  return [sale('1001-kept-b', '2026-01-14T10:00:00.000Z', 'approved'), sale('1001-kept-a', '2026-01-13T10:00:00.000Z', 'created'), { preferenceId: 7 }];
}

let rig: CheckoutRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

describe('checkout sales kept in the settings file by an earlier Counter', () => {
  it('are in the history from the first start, once, and the settings file keeps them as they were', async () => {
    const store = createMemoryStore();
    // The sandbox's URL is only known once it runs: the kept sales name any URL, they are not paid again.
    const kept = keptSales('http://127.0.0.1:1');
    store.set(legacySalesKey('sandbox'), kept);
    const started = await startCheckoutRig({ store });
    rig = started;
    const listed = async () => (await started.invoke('checkout.sales', {})).sales.map((sale) => [sale.preferenceId, sale.status]);
    expect(await listed()).toEqual([
      ['1001-kept-b', 'approved'],
      ['1001-kept-a', 'created'],
    ]);
    expect((await started.invoke('checkout.sale', { preferenceId: '1001-kept-a' })).total).toBe(7000);

    const created = await started.invoke('checkout.createPreference', { preference: { items: [{ title: 'Green tea', quantity: 1, unit_price: 2100 }] } });
    await started.startCore();
    await started.startCore();
    expect(await listed()).toEqual([
      [created.preferenceId, 'created'],
      ['1001-kept-b', 'approved'],
      ['1001-kept-a', 'created'],
    ]);
    // Kept as it was, and never written again: the history is where the sales are now.
    expect(store.get(legacySalesKey('sandbox'))).toEqual(kept);
  });
});
