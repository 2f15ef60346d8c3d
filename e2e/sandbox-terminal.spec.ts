import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { screenshot } from './fixtures';
import { sandboxSession } from './sandbox-session';

/**
 * An integrator watches a sandbox terminal's page while a print is sent over the API: the print comes
 * out on the paper roll, live, and what comes out is the shared renderer's picture of the receipt.
 */
const TERMINAL = 'NEWLAND_N950__SBX0000001';
const session = sandboxSession();

test('a print sent over the API comes out on the virtual terminal page, live', async ({ page }) => {
  await page.goto(`${session.baseUrl}/__sandbox/terminals/${TERMINAL}/view`);
  await expect(page.getByText(TERMINAL).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'paper roll' }).getByRole('heading', { level: 2 })).toHaveText('Paper roll (0 printed)');
  await screenshot(page, 'sandbox-terminal-idle');

  const content = readFileSync('resources/samples/receipt-custom.txt', 'utf8');
  const created = await fetch(`${session.baseUrl}/terminals/v1/actions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}`, 'x-idempotency-key': randomUUID() },
    body: JSON.stringify({ type: 'print', external_reference: 'E2E-VIEW-1', config: { point: { terminal_id: TERMINAL, subtype: 'custom' } }, content }),
  });
  expect(created.status).toBe(201);
  const action = (await created.json()) as { id: string };

  // The terminal picks it up and prints by itself (2 s + 1.5 s by default); the page follows without a reload.
  await expect
    .poll(
      async () =>
        (
          (await (await fetch(`${session.baseUrl}/terminals/v1/actions/${action.id}`, { headers: { authorization: `Bearer ${session.token}` } })).json()) as {
            status: string;
          }
        ).status,
      { timeout: 15_000 },
    )
    .toBe('processed');
  const roll = page.getByRole('region', { name: 'paper roll' });
  await expect(roll.getByRole('heading', { level: 2 })).toHaveText('Paper roll (1 printed)');
  await expect(roll.getByRole('img', { name: 'Print E2E-VIEW-1' })).toBeVisible();
  await screenshot(page, 'sandbox-terminal-printed');
});
