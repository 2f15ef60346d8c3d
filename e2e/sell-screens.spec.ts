import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';
import { control, openSell, setLanguage, sidewaysOverflow, TERMINAL, typeAndCharge } from './sell-page';

/**
 * Sell in each state a cashier meets (ready, sending, on the terminal, approved, declined, could not send,
 * refunded), in both languages at 1366×768 and 1024×768: a screenshot of each, to look at, and nothing
 * wider than the window. The real app (browser host + embedded sandbox); run `npx electron-vite build` first.
 */

const SIZES = [1366, 1024] as const;
const LANGUAGES = ['en', 'es'] as const;
const SECOND = 'NEWLAND_N950__SBX0000002';

/** The recent sales, newest first, as this test makes them. */
const STATES = [
  ['sending', 'created'],
  ['on-terminal', 'at_terminal'],
  ['could-not-send', 'not_sent'],
  ['declined', 'failed'],
  ['refunded', 'refunded'],
  ['approved', 'processed'],
] as const;

async function waitFor(page: Page, status: string): Promise<void> {
  await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', status, { timeout: 20_000 });
}

async function makeEverySale(page: Page, sandbox: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 768 });
  await typeAndCharge(page, '1234,50');
  await waitFor(page, 'at_terminal');
  await control(sandbox, `/__sandbox/terminals/${TERMINAL}/card`, { result: 'approved' });
  await expect(page.getByTestId('receipt-printed')).toBeVisible({ timeout: 20_000 });

  await typeAndCharge(page, '30');
  await waitFor(page, 'at_terminal');
  await control(sandbox, `/__sandbox/terminals/${TERMINAL}/card`, { result: 'approved' });
  await waitFor(page, 'processed');
  await page.getByTestId('refund').click();
  await page.getByTestId('refund-confirm').click();
  await waitFor(page, 'refunded');

  await typeAndCharge(page, '10');
  await waitFor(page, 'at_terminal');
  await control(sandbox, `/__sandbox/terminals/${TERMINAL}/card`, { result: 'declined', reason: 'insufficient_amount' });
  await waitFor(page, 'failed');

  await control(sandbox, '/__sandbox/faults', [{ method: 'POST', pathPattern: '/v1/orders', status: 400, code: 'property_value', count: 1 }]);
  await typeAndCharge(page, '5');
  await waitFor(page, 'not_sent');

  await typeAndCharge(page, '7');
  await waitFor(page, 'at_terminal');

  // The platform holds the next create: the sale stays on its way.
  await control(sandbox, '/__sandbox/faults', [{ method: 'POST', pathPattern: '/v1/orders', delayMs: 600_000, count: 100 }]);
  await page.getByTestId('sell-terminal').selectOption(SECOND);
  await typeAndCharge(page, '2,75');
  await waitFor(page, 'created');
}

test('Sell in every state, in both languages, at 1366 and 1024: nothing wider than the window', async ({ page, counter }) => {
  test.setTimeout(180_000);
  await openSell(page, counter.url);
  await expect(page.getByTestId('sell-terminal')).toHaveValue(TERMINAL);
  for (const language of LANGUAGES) {
    await setLanguage(page, language);
    for (const width of SIZES) {
      await page.setViewportSize({ width, height: 768 });
      await page.getByTestId('nav-sell').click();
      await expect(page.getByTestId('sale-idle')).toBeVisible();
      await page.getByTestId('sell-amount').fill(language === 'es' ? '1234,5' : '1234.5');
      await expect(page.getByTestId('sell-amount-shown')).toHaveText(language === 'es' ? '1.234,50' : '1,234.50');
      await screenshot(page, `sell-ready-${language}-${width}`);
      expect(await sidewaysOverflow(page), `ready ${language} ${width}`).toBe(0);
      await page.getByTestId('sell-amount').fill('');
    }
  }

  await setLanguage(page, 'en');
  await page.getByTestId('nav-sell').click();
  await makeEverySale(page, counter.sandboxBaseUrl);

  for (const language of LANGUAGES) {
    await setLanguage(page, language);
    for (const width of SIZES) {
      await page.setViewportSize({ width, height: 768 });
      await page.getByTestId('nav-sell').click();
      for (const [index, [name, status]] of STATES.entries()) {
        await page.getByTestId('recent-sale').nth(index).click();
        await waitFor(page, status);
        await page.getByTestId('sale-status').scrollIntoViewIfNeeded();
        await screenshot(page, `sell-${name}-${language}-${width}`);
        expect(await sidewaysOverflow(page), `${name} ${language} ${width}`).toBe(0);
      }
    }
  }
  // The store's money, in each language's format.
  await expect(page.getByTestId('recent-sale').last()).toContainText(/\$\s1\.234,50/);
});
