import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createSandbox, type Sandbox } from '../src/sandbox/app';
import { DEFAULT_SEED } from '../src/sandbox/accounts';
import { screenshot } from './fixtures';

/**
 * A person at a sandbox terminal's page while a point order is created over the API: the amount due appears
 * on the terminal, a tap on "Approved card" pays it, the order reads processed and the payment slip comes out.
 */
const TERMINAL = 'NEWLAND_N950__SBX0000002';
let sandbox: Sandbox;
let baseUrl: string;
let token: string;

test.beforeAll(async () => {
  sandbox = await createSandbox();
  baseUrl = await sandbox.listen();
  const application = DEFAULT_SEED.applications[0]!;
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: application.client_id, client_secret: application.client_secret }),
  });
  token = ((await response.json()) as { access_token: string }).access_token;
});

test.afterAll(async () => {
  await sandbox.close();
});

test('an order created over the API shows its amount on the terminal page, and an approved card pays it', async ({ page }) => {
  await page.goto(`${baseUrl}/__sandbox/terminals/${TERMINAL}/view`);
  await expect(page.getByText(TERMINAL).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approved card' })).toBeDisabled();

  const created = await fetch(`${baseUrl}/v1/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-idempotency-key': randomUUID() },
    body: JSON.stringify({
      type: 'point',
      external_reference: 'E2E-SALE-1',
      description: 'Two coffees',
      transactions: { payments: [{ amount: '37.50' }] },
      config: { point: { terminal_id: TERMINAL, print_on_terminal: 'seller_ticket', ticket_number: '000777' } },
    }),
  });
  expect(created.status).toBe(201);
  const order = (await created.json()) as { id: string };

  // The terminal picks the order up by itself (2 s by default); the page follows without a reload.
  await expect(page.getByTestId('amount-due')).toHaveText('ARS 37.50', { timeout: 15_000 });
  await expect(page.getByTestId('phase')).toHaveText('awaiting card', { timeout: 15_000 });
  await screenshot(page, 'sandbox-terminal-amount-due');

  await page.getByRole('button', { name: 'Approved card' }).click();

  await expect(page.getByTestId('last-payment')).toContainText('E2E-SALE-1 · ARS 37.50 · processed');
  const read = await fetch(`${baseUrl}/v1/orders/${order.id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(((await read.json()) as { status: string }).status).toBe('processed');
  await expect(page.getByRole('region', { name: 'paper roll' }).getByRole('img', { name: 'Payment slip E2E-SALE-1' })).toBeVisible();
  await screenshot(page, 'sandbox-terminal-paid');
});
