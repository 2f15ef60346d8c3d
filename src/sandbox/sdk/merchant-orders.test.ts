import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerchantOrder, Preference } from 'mercadopago';
import { MerchantOrder as MerchantOrderBody } from '../../shared/platform/payments';
import { startSdkSandbox, type SdkSandbox } from './sdk-support';

let t: SdkSandbox;
beforeAll(async () => {
  t = await startSdkSandbox();
});
afterAll(async () => {
  await t.close();
});

describe('merchant orders through the official Node SDK', () => {
  it('creates the order of a preference, reads and updates it; another account gets 404', async () => {
    const preference = await new Preference(t.config()).create({ body: { items: [{ id: 'a', title: 'Tea', quantity: 2, unit_price: 10 }] } });
    const orders = new MerchantOrder(t.config());
    const created = MerchantOrderBody.parse(await orders.create({ body: { preference_id: preference.id ?? '', external_reference: 'mo-1' } }));
    expect(created).toMatchObject({
      preference_id: preference.id,
      external_reference: 'mo-1',
      total_amount: 20,
      order_status: 'payment_required',
      collector: { id: 1001 },
    });
    const updated = await orders.update({ merchantOrderId: created.id, body: { notification_url: 'https://example.com/hook' } });
    expect(updated).toMatchObject({ id: created.id, notification_url: 'https://example.com/hook' });
    expect((await orders.get({ merchantOrderId: created.id })).notification_url).toBe('https://example.com/hook');
    await expect(orders.create({ body: { preference_id: 'nope' } })).rejects.toMatchObject({ status: 404 });
    await expect(orders.update({ merchantOrderId: created.id, body: { notification_url: 'not a url' } })).rejects.toMatchObject({ status: 400 });
  });
});
