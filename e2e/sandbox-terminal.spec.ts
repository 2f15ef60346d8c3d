import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createSandbox, type Sandbox } from '../src/sandbox/app';
import { DEFAULT_SEED } from '../src/sandbox/accounts';
import { screenshot } from './fixtures';

/**
 * An integrator watches a sandbox terminal's page while a print is sent over the API: the print comes
 * out on the paper roll, live, and what comes out is the shared renderer's picture of the receipt.
 */
const TERMINAL = 'NEWLAND_N950__SBX0000001';
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

test('a print sent over the API comes out on the virtual terminal page, live', async ({ page }) => {
  await page.goto(`${baseUrl}/__sandbox/terminals/${TERMINAL}/view`);
  await expect(page.getByText(TERMINAL).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'paper roll' }).getByRole('heading', { level: 2 })).toHaveText('Paper roll (0 printed)');
  await screenshot(page, 'sandbox-terminal-idle');

  const content = readFileSync('resources/samples/receipt-custom.txt', 'utf8');
  const created = await fetch(`${baseUrl}/terminals/v1/actions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-idempotency-key': randomUUID() },
    body: JSON.stringify({ type: 'print', external_reference: 'E2E-VIEW-1', config: { point: { terminal_id: TERMINAL, subtype: 'custom' } }, content }),
  });
  expect(created.status).toBe(201);
  const action = (await created.json()) as { id: string };

  // The terminal picks it up and prints by itself (2 s + 1.5 s by default); the page follows without a reload.
  await expect
    .poll(
      async () =>
        ((await (await fetch(`${baseUrl}/terminals/v1/actions/${action.id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { status: string })
          .status,
      { timeout: 15_000 },
    )
    .toBe('processed');
  const roll = page.getByRole('region', { name: 'paper roll' });
  await expect(roll.getByRole('heading', { level: 2 })).toHaveText('Paper roll (1 printed)');
  await expect(roll.getByRole('img', { name: 'Print E2E-VIEW-1' })).toBeVisible();
  await screenshot(page, 'sandbox-terminal-printed');
});
