import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelRequest } from '../../../shared/ipc/contract';
import { INDUSTRIES } from '../../../shared/platform/industries';
import { INDUSTRY_SAMPLES, startCheckoutRig, type CheckoutRig } from '../../testing/checkout';

type Cart = ChannelRequest<'checkout.createPreference'>['preference'];

const MUGS: Cart = {
  items: [
    { id: 'SKU-MUG', title: 'Ceramic mug', quantity: 2, unit_price: 3500, currency_id: 'ARS', description: 'Blue, 350 ml' },
    { id: 'SKU-TEA', title: 'Green tea', quantity: 1, unit_price: 2100.5, currency_id: 'ARS' },
  ],
  payer: { email: 'ana@example.com', first_name: 'Ana' },
};

let rig: CheckoutRig;
beforeEach(async () => {
  rig = await startCheckoutRig();
});
afterEach(async () => {
  await rig.close();
});

describe('checkout preferences with industry data (spec 2.4, 2.5, 4.2)', () => {
  it('creates a preference per industry from its sample, with our notification URL and a complete report', async () => {
    const receiverUrl = await rig.receiverUrl();
    const token = await rig.platformToken();
    for (const industry of INDUSTRIES) {
      await rig.invoke('settings.update', { industry: industry.id });
      const sale = await rig.invoke('checkout.createPreference', { preference: INDUSTRY_SAMPLES[industry.id] as Cart });
      expect(sale, industry.id).toMatchObject({ industry: industry.id, status: 'created', notificationUrl: receiverUrl, externalReference: 'ORDER-1042' });
      expect(sale.report, industry.id).toMatchObject({ industry: industry.id, completeness: 1, missing: [] });
      expect(sale.sandboxInitPoint).toBe(`${rig.baseUrl}/checkout/pay/${sale.preferenceId}?sandbox=true`);

      // What the platform holds: the sample's data (spellings normalized), and the receiver, not the sample's URL.
      const stored = await fetch(`${rig.baseUrl}/checkout/preferences/${sale.preferenceId}?industry=${industry.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const preference = (await stored.json()) as { notification_url: string; payer: Record<string, unknown>; industry_report: { completeness: number } };
      expect(preference.notification_url).toBe(receiverUrl);
      expect(preference.industry_report.completeness, industry.id).toBe(1);
      expect(preference.payer['name']).toBe('Ana');
    }
    const history = await rig.invoke('checkout.sales', {});
    expect(history.sales).toHaveLength(INDUSTRIES.length);
    expect(history.sales[0]?.industry).toBe(INDUSTRIES[INDUSTRIES.length - 1]?.id);
  });

  it('reports what an industry still misses, and gives each sale a reference of its own', async () => {
    await rig.invoke('settings.update', { industry: 'electro' });
    const first = await rig.invoke('checkout.createPreference', { preference: MUGS });
    const second = await rig.invoke('checkout.createPreference', { preference: MUGS });
    expect(first.report?.missing).toContain('items[0].warranty');
    expect(first.report?.missing).toContain('shipments.local_pickup');
    expect(first.report?.completeness).toBeGreaterThan(0);
    expect(first.report?.completeness).toBeLessThan(1);
    expect(first.total).toBe(9100.5);
    expect(first.externalReference).toMatch(/^SALE-\d{8}-[0-9A-F]{8}$/);
    expect(second.externalReference).not.toBe(first.externalReference);
    // Made by the signed-in person (the sandbox demo's owner), filled by main, and kept with the sale.
    expect(first.madeBy).toMatchObject({ personName: 'Olivia', approvedById: null });
    expect((await rig.invoke('checkout.sale', { preferenceId: first.preferenceId })).madeBy).toEqual(first.madeBy);
  });

  it('refuses a cart the platform schema refuses, before any request', async () => {
    await expect(rig.invoke('checkout.createPreference', { preference: { items: [{ title: 'Mug', quantity: 1.5, unit_price: 10 }] } })).rejects.toThrow(
      /invalid_request/,
    );
    expect(rig.platform.requests.filter((request) => request.path === '/checkout/preferences')).toHaveLength(0);
  });
});

describe('a sale follows its payments live (spec 4.6, 6)', () => {
  it('goes created → approved → chargeback as the notifications arrive, and never back', async () => {
    const sale = await rig.invoke('checkout.createPreference', { preference: MUGS });
    const paid = await rig.pay(sale.preferenceId, 'approved');
    const approved = await rig.waitForSale(sale.preferenceId, (current) => current.status === 'approved', 'the sale to be approved');
    expect(approved.payments).toEqual([expect.objectContaining({ id: String(paid.payment.id), status: 'approved', amount: 9100.5 })]);
    await rig.waitForSale(sale.preferenceId, (current) => current.merchantOrderId === String(paid.merchant_order.id), 'the merchant order');

    await rig.clock.advance(1_000);
    await rig.chargeback(paid.payment.id);
    const charged = await rig.waitForSale(
      sale.preferenceId,
      (current) => current.status === 'chargeback' && current.payments[0]?.status === 'charged_back' && current.chargebacks.length === 1,
      'the chargeback',
    );
    expect(charged.chargebacks[0]).toMatchObject({ paymentId: String(paid.payment.id), status: 'opened' });

    const statuses = rig.saleEvents.filter((event) => event.preferenceId === sale.preferenceId).map((event) => event.status);
    expect(statuses[0]).toBe('created');
    expect(statuses.indexOf('chargeback')).toBeGreaterThan(statuses.indexOf('approved'));
    expect(statuses.slice(statuses.indexOf('chargeback'))).not.toContain('approved');
  });

  it('shows a pending payment, then the approved one that follows it', async () => {
    const sale = await rig.invoke('checkout.createPreference', { preference: MUGS });
    await rig.pay(sale.preferenceId, 'pending');
    await rig.waitForSale(sale.preferenceId, (current) => current.status === 'pending', 'the sale to be pending');
    await rig.pay(sale.preferenceId, 'rejected');
    await rig.pay(sale.preferenceId, 'approved');
    const approved = await rig.waitForSale(sale.preferenceId, (current) => current.status === 'approved' && current.payments.length === 3, 'three payments');
    expect(approved.payments.map((payment) => payment.status)).toEqual(['pending', 'rejected', 'approved']);
  });

  it('does not let an older read-back regress the sale (out-of-order notifications)', async () => {
    const sale = await rig.invoke('checkout.createPreference', { preference: MUGS });
    // Every merchant order read is answered at once but delivered only when released: a slow, stale answer.
    const orders = rig.platform.hold((path) => path.startsWith('/merchant_orders/'));
    const paid = await rig.pay(sale.preferenceId, 'approved');
    await rig.waitForSale(sale.preferenceId, (current) => current.status === 'approved', 'the payment read-back');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(orders.held()).toBeGreaterThanOrEqual(1);

    await rig.clock.advance(1_000);
    await rig.chargeback(paid.payment.id);
    await rig.waitForSale(sale.preferenceId, (current) => current.status === 'chargeback' && current.payments[0]?.status === 'charged_back', 'the chargeback');

    // The merchant order read before the chargeback (payment approved) arrives last; then it is read again.
    orders.release();
    await rig.waitForSale(sale.preferenceId, (current) => current.merchantOrderId === String(paid.merchant_order.id), 'the stale merchant order');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await rig.invoke('checkout.sale', { preferenceId: sale.preferenceId });
    expect(after.status).toBe('chargeback');
    expect(after.payments[0]?.status).toBe('charged_back');
    // Not even for a moment: no event after the charged-back one shows the payment approved again.
    const paymentStatuses = rig.saleEvents.filter((event) => event.preferenceId === sale.preferenceId).map((event) => event.payments[0]?.status);
    expect(paymentStatuses.slice(paymentStatuses.indexOf('charged_back'))).not.toContain('approved');
    expect(rig.platform.reads('/merchant_orders/')).toBeGreaterThanOrEqual(2);
  });

  it('keeps the history across a restart', async () => {
    const sale = await rig.invoke('checkout.createPreference', { preference: MUGS });
    await rig.pay(sale.preferenceId, 'approved');
    await rig.waitForSale(sale.preferenceId, (current) => current.status === 'approved', 'the sale to be approved');
    await rig.startCore();
    const history = await rig.invoke('checkout.sales', {});
    expect(history.sales).toEqual([
      expect.objectContaining({ preferenceId: sale.preferenceId, status: 'approved', payments: [expect.objectContaining({ status: 'approved' })] }),
    ]);
    await expect(rig.invoke('checkout.sale', { preferenceId: 'nope' })).rejects.toThrow(/sale_not_found/);
  });
});
