import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, SCREENSHOT_DIR } from './fixtures';

/**
 * Every screen in both languages at both window sizes (issue 14): nothing may spill sideways out
 * of the window, and each is photographed to be looked at. SHOTS_DIR sends the pictures elsewhere.
 */
const SHOTS = process.env['SHOTS_DIR'] ?? SCREENSHOT_DIR;
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;
const SCREENS = ['counter', 'sell', 'queue', 'manager', 'checkout', 'settings'] as const;

for (const language of ['en', 'es'] as const) {
  test(`every screen in ${language} at both sizes fits the window’s width`, async ({ page, counter }) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize(SIZES[0]);
    await page.goto(counter.url);
    if (language === 'es') {
      await page.getByTestId('nav-settings').click();
      await page.getByLabel('Language').selectOption('es');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    }
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const screen of SCREENS) {
        await page.getByTestId(`nav-${screen}`).click();
        await expect(page.locator('main.content')).toHaveAttribute('data-screen', screen);
        await expect(page.locator('body')).not.toContainText(/Loading|Reading|Opening|Leyendo|Abriendo|Cargando/);
        await page.screenshot({ path: join(SHOTS, `${screen}-${size.width}-${language}.png`) });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${screen} at ${size.width} in ${language}`).toBeLessThanOrEqual(0);
      }
    }
  });
}
