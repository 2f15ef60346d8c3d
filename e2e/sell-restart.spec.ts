import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, screenshot, startCounterHost, test } from './fixtures';

/**
 * A restart of the browser host while the terminal shows the amount: the sale lives in the history
 * database with its key, so the next run follows the same order, and the receipt prints exactly once.
 * Then the sale's row in the manager (linking to its receipt's print) and the receipt editor in Settings,
 * in English and Spanish at 1366×768 and 1024×768. Run `npx electron-vite build` first.
 */

const TERMINAL = 'NEWLAND_N950__SBX0000001';

async function post(url: string, body?: unknown): Promise<void> {
  const response = await fetch(
    url,
    body === undefined ? { method: 'POST' } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  expect(response.ok, `${url} answered ${String(response.status)}`).toBe(true);
}

async function receiptsPrinted(sandboxBaseUrl: string): Promise<number> {
  const response = await fetch(`${sandboxBaseUrl}/__sandbox/terminals/${TERMINAL}/printed`);
  const body = (await response.json()) as { items: Array<{ external_reference: string }> };
  return body.items.filter((item) => item.external_reference.startsWith('rcpt-')).length;
}

async function setLanguage(page: Page, language: 'en' | 'es'): Promise<void> {
  await page.getByTestId('nav-settings').click();
  await page.locator('#settings-language').selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language, { timeout: 10_000 });
}

test('a restart while the terminal shows the amount: the sale continues and its receipt prints once', async ({ browser }) => {
  const data = mkdtempSync(join(tmpdir(), 'counter-e2e-sell-restart-'));
  const first = await startCounterHost({ dataDirectory: data });
  let second: Awaited<ReturnType<typeof startCounterHost>> | undefined;
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    let page = await context.newPage();
    await page.goto(first.host.url.replace(/#.*$/, '') + '#/sell');
    await expect(page.getByTestId('sell-terminal')).toHaveValue(TERMINAL);
    // Items and no amount: the sale charges their total.
    const item = page.getByTestId('sale-item').first();
    await item.getByRole('textbox', { name: 'Item' }).fill('Coffee');
    await item.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await item.getByRole('textbox', { name: 'Unit price' }).fill('21,05');
    await expect(page.getByTestId('items-total')).toHaveText('Items total: 42.10');
    await page.getByTestId('sell-amount').press('Enter');
    await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'at_terminal', { timeout: 15_000 });
    await page.close();

    await first.stop();
    const oldOrigin = new URL(first.host.origin);
    second = await startCounterHost({ dataDirectory: data, extraArgs: ['--port', oldOrigin.port] });
    // The sale still under way comes back to the Sell screen's card by itself.
    page = await context.newPage();
    await page.goto(second.host.url.replace(/#.*$/, '') + '#/sell');
    await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'at_terminal', { timeout: 15_000 });
    await expect(page.getByTestId('sale-amount')).toHaveText('$42.10');
    await page.close();
    // The terminal still shows the amount; the customer taps the card after the restart.
    await post(`${second.host.sandboxBaseUrl}/__sandbox/terminals/${TERMINAL}/card`, { result: 'approved' });

    page = await context.newPage();
    await page.goto(second.host.url.replace(/#.*$/, '') + '#/manager');
    const row = page.getByTestId('manager-sale-row').first();
    await expect(row).toContainText('42.10');
    await expect(row).toContainText('Approved', { timeout: 20_000 });
    await expect(row.getByTestId('sale-receipt-link')).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => receiptsPrinted(second!.host.sandboxBaseUrl), { timeout: 20_000 }).toBe(1);
    await expect(row).toContainText('**** 3704');
    await expect(page.getByTestId('manager-sale-row')).toHaveCount(1);

    for (const language of ['en', 'es'] as const) {
      await setLanguage(page, language);
      for (const width of [1366, 1024]) {
        await page.setViewportSize({ width, height: 768 });
        await page.getByTestId('nav-manager').click();
        await page.getByTestId('manager-sales').scrollIntoViewIfNeeded();
        await screenshot(page, `sell-manager-row-${language}-${width}`);
        await page.getByTestId('nav-sell').click();
        await expect(page.getByTestId('sell-amount')).toBeVisible();
        await page
          .getByTestId('sale-item')
          .first()
          .locator('input')
          .first()
          .fill(language === 'en' ? 'Croissant' : 'Medialuna');
        await page.getByTestId('sale-item').first().locator('input').nth(2).fill('2,75');
        await expect(page.getByTestId('sale-items')).toBeInViewport();
        await screenshot(page, `sell-screen-${language}-${width}`);
        await page.getByTestId('nav-settings').click();
        await page.getByTestId('sale-receipt-template').scrollIntoViewIfNeeded();
        await screenshot(page, `sell-receipt-template-${language}-${width}`);
      }
    }

    // The row's receipt opens its print's drawer.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByTestId('nav-manager').click();
    await page.getByTestId('sale-receipt-link').first().click();
    await expect(page.getByTestId('print-preview')).toContainText('3704', { timeout: 10_000 });
    await expect(page.getByTestId('print-preview')).toContainText('2 x Coffee');
    await screenshot(page, 'sell-manager-receipt-drawer-es-1366');
    // Still exactly one receipt after everything.
    expect(await receiptsPrinted(second.host.sandboxBaseUrl)).toBe(1);
    await context.close();
  } finally {
    await first.stop();
    await second?.stop();
    rmSync(data, { recursive: true, force: true });
  }
});
