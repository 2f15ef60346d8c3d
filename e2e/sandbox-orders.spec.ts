import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { screenshot } from './fixtures';
import { sandboxSession } from './sandbox-session';

/**
 * A person at a sandbox terminal's page while a point order is created over the API: the amount due appears
 * on the terminal, a tap on "Approved card" pays it, the order reads processed and the payment slip comes out.
 */
const TERMINAL = 'NEWLAND_N950__SBX0000002';
const session = sandboxSession();

test('an order created over the API shows its amount on the terminal page, and an approved card pays it', async ({ page }) => {
  await page.goto(`${session.baseUrl}/__sandbox/terminals/${TERMINAL}/view`);
  await expect(page.getByText(TERMINAL).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approved card' })).toBeDisabled();

  const created = await fetch(`${session.baseUrl}/v1/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}`, 'x-idempotency-key': randomUUID() },
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
  const read = await fetch(`${session.baseUrl}/v1/orders/${order.id}`, { headers: { authorization: `Bearer ${session.token}` } });
  expect(((await read.json()) as { status: string }).status).toBe('processed');
  await expect(page.getByRole('region', { name: 'paper roll' }).getByRole('img', { name: 'Payment slip E2E-SALE-1' })).toBeVisible();
  await screenshot(page, 'sandbox-terminal-paid');
});
