import type { Page } from '@playwright/test';
import type { FaultRule } from '../src/sandbox/control/faults';
import type { TerminalSettingsPatch } from '../src/sandbox/terminals/virtual-terminal';
import { expect, screenshot, test } from './fixtures';

/**
 * Charge on the terminal as the cashier does it: the Sell screen in the real app (browser host + embedded
 * sandbox) against the sandbox's virtual terminal, whose control API plays the customer's card. Run
 * `npx electron-vite build` first: the host serves the built renderer.
 */

const TERMINAL = 'NEWLAND_N950__SBX0000001';

async function control(
  baseUrl: string,
  path: string,
  body?: FaultRule[] | TerminalSettingsPatch | { result: 'approved' } | { result: 'declined'; reason: string },
): Promise<void> {
  const response = await fetch(
    `${baseUrl}${path}`,
    body === undefined ? { method: 'POST' } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  expect(response.ok, `${path} answered ${String(response.status)}`).toBe(true);
}

async function printedReferences(baseUrl: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/__sandbox/terminals/${TERMINAL}/printed`);
  const body = (await response.json()) as { items: Array<{ external_reference: string }> };
  return body.items.map((item) => item.external_reference);
}

async function openSell(page: Page, url: string): Promise<void> {
  await page.goto(url.replace(/#.*$/, '') + '#/sell');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sell');
  await expect(page.getByTestId('sell-terminal')).toHaveValue(TERMINAL);
}

/** Types the amount and presses Enter, as the cashier does, and waits for the terminal to show it. */
async function chargeAndWaitForTerminal(page: Page, amount: string): Promise<void> {
  await expect(page.getByTestId('sell-amount')).toBeFocused();
  await page.getByTestId('sell-amount').fill(amount);
  await page.getByTestId('sell-amount').press('Enter');
  await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'at_terminal', { timeout: 15_000 });
}

test.describe('charge on the terminal', () => {
  test('approved: the receipt comes out of the terminal once; declined: the reason, and nothing printed', async ({ page, counter }) => {
    for (const size of [
      { width: 1366, height: 768 },
      { width: 1024, height: 768 },
    ]) {
      await page.setViewportSize(size);
      await openSell(page, counter.url);
      await screenshot(page, `sell-idle-en-${size.width}`);
    }
    await page.setViewportSize({ width: 1366, height: 768 });

    await chargeAndWaitForTerminal(page, '24,50');
    await expect(page.getByTestId('sale-status')).toContainText('24.50');
    await screenshot(page, 'sell-waiting-en-1366');
    await control(counter.sandboxBaseUrl, `/__sandbox/terminals/${TERMINAL}/card`, { result: 'approved' });
    await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'processed', { timeout: 15_000 });
    await expect(page.getByTestId('receipt-printed')).toBeVisible({ timeout: 15_000 });
    await expect
      .poll(async () => (await printedReferences(counter.sandboxBaseUrl)).filter((reference) => reference.startsWith('rcpt-')).length, { timeout: 20_000 })
      .toBe(1);
    await screenshot(page, 'sell-approved-en-1366');

    await chargeAndWaitForTerminal(page, '10');
    await control(counter.sandboxBaseUrl, `/__sandbox/terminals/${TERMINAL}/card`, { result: 'declined', reason: 'insufficient_amount' });
    await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'failed', { timeout: 15_000 });
    await expect(page.getByTestId('decline-reason')).toHaveText('Not enough funds on the card. Ask for another card.');
    await screenshot(page, 'sell-declined-en-1366');
    // Still exactly the one receipt of the approved sale.
    expect((await printedReferences(counter.sandboxBaseUrl)).filter((reference) => reference.startsWith('rcpt-'))).toHaveLength(1);
  });

  test('Esc cancels a sale the terminal has not picked up', async ({ page, counter }) => {
    await control(counter.sandboxBaseUrl, `/__sandbox/terminals/${TERMINAL}`, { mode: 'manual' });
    await openSell(page, counter.url);
    await page.getByTestId('sell-amount').fill('5');
    await page.getByTestId('sell-amount').press('Enter');
    await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'created');
    await expect(page.getByTestId('cancel-sale')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'canceled', { timeout: 15_000 });
  });

  test('under 500s and dropped connections the sale is charged once and its receipt printed once; then refunded in part and in whole', async ({
    page,
    counter,
  }) => {
    await openSell(page, counter.url);
    await control(counter.sandboxBaseUrl, '/__sandbox/faults', [
      { method: 'POST', pathPattern: '/v1/orders', status: 500, count: 2 },
      { method: 'POST', pathPattern: '/v1/orders', drop: true, count: 1 },
      { method: 'GET', pathPattern: '/v1/orders/*', drop: true, count: 2 },
    ]);
    await chargeAndWaitForTerminal(page, '30');
    await control(counter.sandboxBaseUrl, `/__sandbox/terminals/${TERMINAL}/card`, { result: 'approved' });
    await expect(page.getByTestId('receipt-printed')).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(async () => (await printedReferences(counter.sandboxBaseUrl)).filter((reference) => reference.startsWith('rcpt-')).length, { timeout: 20_000 })
      .toBe(1);
    await expect(page.getByTestId('sell-recent').locator('li')).toHaveCount(1);

    await page.getByTestId('refund-amount').fill('12,50');
    await page.getByTestId('refund').click();
    await expect(page.getByRole('alertdialog')).toContainText('12.50');
    await page.getByTestId('refund-confirm').click();
    await expect(page.getByTestId('sale-status')).toContainText('Refunded $12.50', { timeout: 15_000 });
    await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'processed');
    await page.getByTestId('refund').click();
    await expect(page.getByRole('alertdialog')).toContainText('17.50');
    await page.getByTestId('refund-confirm').click();
    await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'refunded', { timeout: 15_000 });
    // A refund prints no second receipt.
    expect((await printedReferences(counter.sandboxBaseUrl)).filter((reference) => reference.startsWith('rcpt-'))).toHaveLength(1);
  });

  test('a sale nobody pays expires, and one cancelled on the terminal shows as cancelled', async ({ page, counter }) => {
    await openSell(page, counter.url);
    await chargeAndWaitForTerminal(page, '7');
    await control(counter.sandboxBaseUrl, `/__sandbox/terminals/${TERMINAL}/timeout`);
    await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'expired', { timeout: 15_000 });
    await chargeAndWaitForTerminal(page, '8');
    await control(counter.sandboxBaseUrl, `/__sandbox/terminals/${TERMINAL}/cancel`);
    await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'canceled', { timeout: 15_000 });
    expect((await printedReferences(counter.sandboxBaseUrl)).filter((reference) => reference.startsWith('rcpt-'))).toHaveLength(0);
  });
});
