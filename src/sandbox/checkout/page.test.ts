import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Payment } from '../../shared/platform/payments';
import { Preference } from '../../shared/platform/preferences';
import { startTestSandbox, type TestSandbox } from './test-support';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => {
  await t.close();
});

const backUrls = { success: 'https://shop.example/ok', pending: 'https://shop.example/wait', failure: 'https://shop.example/fail?a=1&b=2' };

async function preference(body: Record<string, unknown> = {}): Promise<Preference> {
  const response = await t.call('POST', '/checkout/preferences', {
    body: { items: [{ title: 'Mug <b>XL</b>', quantity: 2, unit_price: 10.25, currency_id: 'ARS' }], ...body },
  });
  expect(response.status, response.body).toBe(201);
  return Preference.parse(response.json());
}

const pagePath = (pref: Preference, sandbox = false): string =>
  new URL(sandbox ? pref.sandbox_init_point : pref.init_point).pathname + (sandbox ? '?sandbox=true' : '');

async function submit(pref: Preference, form: Record<string, string>) {
  return t.sandbox.app.inject({
    method: 'POST',
    url: `/checkout/pay/${encodeURIComponent(pref.id)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

const paymentIdOf = (location: string): number => Number(new URL(location, 'http://sandbox').searchParams.get('payment_id') ?? location.split('/').at(-1));

describe('the hosted checkout page (init_point)', () => {
  it('shows the items, the total and the three outcomes, with nothing loaded from elsewhere', async () => {
    const pref = await preference({ payer: { email: 'ana@example.com' } });
    const page = await t.sandbox.app.inject({ method: 'GET', url: pagePath(pref) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const html = page.body;
    expect(html).toContain('Mug &#60;b&#62;XL&#60;/b&#62;');
    expect(html).not.toContain('<b>XL');
    expect(html).toContain('ARS');
    expect(html).toContain('20.50');
    expect(html).toContain('value="ana@example.com"');
    for (const status of ['approved', 'pending', 'rejected']) expect(html).toContain(`name="status" value="${status}"`);
    expect(html).not.toMatch(/<script|<link|<img|src=|url\(/i);
    expect(html).not.toContain('Test mode');
    expect((await t.sandbox.app.inject({ method: 'GET', url: pagePath(pref, true) })).body).toContain('Test mode');
  });

  it('redirects to back_urls.success when auto_return is approved', async () => {
    const pref = await preference({ back_urls: backUrls, auto_return: 'approved', external_reference: 'ORDER-5' });
    const response = await submit(pref, { status: 'approved', email: 'ana@example.com', sandbox: 'false' });
    expect(response.statusCode).toBe(303);
    const location = String(response.headers['location']);
    expect(location.startsWith('https://shop.example/ok?')).toBe(true);
    const payment = Payment.parse((await t.call('GET', `/v1/payments/${paymentIdOf(location)}`)).json());
    expect(payment).toMatchObject({ status: 'approved', external_reference: 'ORDER-5', live_mode: true, payer: { email: 'ana@example.com' } });
  });

  it('shows a result page with a link back when auto_return does not cover the outcome', async () => {
    const pref = await preference({ back_urls: backUrls, auto_return: 'approved' });
    const response = await submit(pref, { status: 'rejected', email: 'ana@example.com', sandbox: 'true' });
    expect(response.statusCode).toBe(303);
    const location = String(response.headers['location']);
    expect(location).toMatch(/^\/checkout\/result\/\d+$/);
    const result = await t.sandbox.app.inject({ method: 'GET', url: location });
    expect(result.statusCode).toBe(200);
    expect(result.body).toContain('Payment rejected');
    expect(result.body).toContain('href="https://shop.example/fail?a=1&#38;b=2&#38;collection_id=');
    const payment = Payment.parse((await t.call('GET', `/v1/payments/${paymentIdOf(location)}`)).json());
    expect(payment).toMatchObject({ status: 'rejected', live_mode: false });
  });

  it('redirects every outcome with auto_return all, and shows a page without back_urls', async () => {
    const all = await preference({ back_urls: backUrls, auto_return: 'all' });
    expect(String((await submit(all, { status: 'pending', email: 'a@b.co' })).headers['location'])).toMatch(/^https:\/\/shop\.example\/wait\?/);
    const none = await preference();
    const location = String((await submit(none, { status: 'approved', email: 'a@b.co' })).headers['location']);
    const result = await t.sandbox.app.inject({ method: 'GET', url: location });
    expect(result.body).toContain('Payment approved');
    expect(result.body).toContain('You can close this page.');
  });

  it('answers unknown links, bad forms and expired links with a page, not a payment', async () => {
    expect((await t.sandbox.app.inject({ method: 'GET', url: '/checkout/pay/1001-missing' })).statusCode).toBe(404);
    const pref = await preference({ expires: true, date_of_expiration: new Date(t.clock.now() + 1_000).toISOString() });
    expect((await submit(pref, { status: 'maybe', email: 'a@b.co' })).statusCode).toBe(400);
    expect((await submit(pref, { status: 'approved', email: 'not-an-email' })).statusCode).toBe(400);
    await t.clock.advance(1_001);
    expect((await t.sandbox.app.inject({ method: 'GET', url: pagePath(pref) })).body).toContain('This payment link has expired.');
    const paymentsBefore = t.services.payments.size;
    expect((await submit(pref, { status: 'approved', email: 'a@b.co' })).statusCode).toBe(410);
    expect(t.services.payments.size).toBe(paymentsBefore);
  });
});
