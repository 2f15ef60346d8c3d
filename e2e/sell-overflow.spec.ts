import { expect, test } from './fixtures';
import { openSell, setLanguage, TERMINAL } from './sell-page';

/**
 * A sale larger than one payment may be (100 rows × 999 × 999,999,999.99 once reached the platform's
 * limit as a float) is refused on the screen with the reason, in the cashier's language, and never sent:
 * no sale is written and nothing reaches the terminal. The real app (browser host + embedded sandbox); run
 * `npx electron-vite build` first.
 */

test.use({ viewport: { width: 1024, height: 768 } });

for (const language of ['en', 'es'] as const) {
  test(`${language}: items whose total overflows one payment are refused with the reason, and nothing is charged`, async ({ page, counter }) => {
    await openSell(page, counter.url);
    if (language === 'es') {
      await setLanguage(page, 'es');
      await openSell(page, counter.url);
    }
    await expect(page.getByTestId('sell-terminal')).toHaveValue(TERMINAL);
    const row = page.getByTestId('sale-item').first();
    const inputs = row.locator('input');
    await inputs.nth(0).fill('Gold bar');
    await inputs.nth(1).fill('999');
    await inputs.nth(2).fill('999999999.99');
    const reason = language === 'en' ? /larger than one payment may be/ : /supera lo que puede ser un pago/;
    await expect(page.getByTestId('items-total')).toHaveText(reason);

    await page.getByTestId('charge').click();
    await expect(page.getByTestId('sell-problem')).toHaveText(reason);
    await expect(page.getByTestId('recent-sale')).toHaveCount(0);
    await expect(page.getByTestId('sale-status')).toHaveCount(0);
  });
}
