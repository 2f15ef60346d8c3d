import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createSandbox, type Sandbox } from '../src/sandbox/app';
import { screenshot } from './fixtures';

/**
 * A buyer pays through the sandbox's hosted checkout in Chromium: the merchant creates a preference over
 * HTTP, the buyer opens its init_point and approves, lands on the shop's success page, and the shop's
 * loopback receiver gets the IPN it then reads the payment with.
 */

interface Shop {
  url: string;
  ipns: Array<{ topic: string | null; id: string | null }>;
  server: Server;
}

async function startShop(): Promise<Shop> {
  const ipns: Shop['ipns'] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://shop');
    if (request.method === 'POST' && url.pathname === '/ipn') {
      ipns.push({ topic: url.searchParams.get('topic'), id: url.searchParams.get('id') });
      response.statusCode = 200;
      response.end();
      return;
    }
    const pages: Record<string, string> = { '/shop/success': 'Thank you for your order', '/shop/failure': 'Your payment did not go through' };
    const heading = pages[url.pathname];
    if (heading !== undefined) {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(`<!doctype html><title>Shop</title><h1>${heading}</h1><p id="payment">Payment ${url.searchParams.get('payment_id') ?? ''}</p>`);
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, ipns, server };
}

let sandbox: Sandbox;
let baseUrl: string;
let shop: Shop;

test.beforeAll(async () => {
  sandbox = await createSandbox();
  baseUrl = await sandbox.listen();
  shop = await startShop();
});

test.afterAll(async () => {
  await sandbox.close();
  shop.server.closeAllConnections();
  await new Promise<void>((resolve) => shop.server.close(() => resolve()));
});

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token === undefined ? {} : { authorization: `Bearer ${init.token}` }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function accessToken(): Promise<string> {
  const token = await api<{ access_token: string }>('/oauth/token', {
    method: 'POST',
    body: { grant_type: 'client_credentials', client_id: '4815162342', client_secret: 'SBX-counter-secret-7d1f0c2a9b' },
  });
  expect(token.status).toBe(200);
  return token.body.access_token;
}

test('a buyer approves a payment on the checkout page and returns to the shop', async ({ page }) => {
  const token = await accessToken();

  const created = await api<{ id: string; init_point: string }>('/checkout/preferences', {
    method: 'POST',
    token,
    body: {
      items: [
        { id: 'SKU-MUG', title: 'Ceramic mug', quantity: 2, unit_price: 3500, currency_id: 'ARS', description: 'Blue, 350 ml' },
        { id: 'SKU-TEA', title: 'Green tea, 50 bags', quantity: 1, unit_price: 2100.5, currency_id: 'ARS' },
      ],
      payer: { email: 'ana@example.com', name: 'Ana', surname: 'Gómez' },
      external_reference: 'ORDER-1042',
      back_urls: { success: `${shop.url}/shop/success`, pending: `${shop.url}/shop/pending`, failure: `${shop.url}/shop/failure` },
      auto_return: 'approved',
      notification_url: `${shop.url}/ipn?source_news=ipn`,
    },
  });
  expect(created.status).toBe(201);
  expect(created.body.init_point).toBe(`${baseUrl}/checkout/pay/${created.body.id}`);

  await page.goto(created.body.init_point);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay TIENDA_CENTRO');
  await expect(page.getByTestId('total')).toContainText('9,100.50');
  await expect(page.getByLabel('Buyer e-mail')).toHaveValue('ana@example.com');
  await screenshot(page, 'sandbox-checkout');

  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/\/shop\/success\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you for your order');
  const landed = new URL(page.url());
  expect(landed.searchParams.get('status')).toBe('approved');
  expect(landed.searchParams.get('external_reference')).toBe('ORDER-1042');
  expect(landed.searchParams.get('preference_id')).toBe(created.body.id);
  const paymentId = landed.searchParams.get('payment_id') ?? '';
  await screenshot(page, 'sandbox-checkout-returned');

  const payment = await api<{ status: string; transaction_amount: number; order: { id: number } }>(`/v1/payments/${paymentId}`, { token });
  expect(payment.status).toBe(200);
  expect(payment.body).toMatchObject({ status: 'approved', transaction_amount: 9100.5 });

  await expect.poll(() => shop.ipns.some((ipn) => ipn.topic === 'payment' && ipn.id === paymentId), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => shop.ipns.some((ipn) => ipn.topic === 'merchant_order' && ipn.id === String(payment.body.order.id)), { timeout: 10_000 }).toBe(true);
});

test('a rejected payment shows a result page whose link leads back to the failure URL', async ({ page }) => {
  const token = await accessToken();
  const created = await api<{ init_point: string }>('/checkout/preferences', {
    method: 'POST',
    token,
    body: {
      items: [{ title: 'Gift card', quantity: 1, unit_price: 5000, currency_id: 'ARS' }],
      back_urls: { success: `${shop.url}/shop/success`, failure: `${shop.url}/shop/failure` },
      auto_return: 'approved',
    },
  });
  await page.goto(created.body.init_point);
  await page.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Payment rejected')).toBeVisible();
  await screenshot(page, 'sandbox-checkout-rejected');
  await page.getByRole('link', { name: 'Return to TIENDA_CENTRO' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your payment did not go through');
  expect(new URL(page.url()).searchParams.get('status')).toBe('rejected');
});
