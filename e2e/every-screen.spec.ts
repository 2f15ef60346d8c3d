import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, SCREENSHOT_DIR } from './fixtures';

/**
 * Every screen in both languages at both window sizes: nothing may spill sideways out
 * of the window, and each is photographed to be looked at. SHOTS_DIR sends the pictures elsewhere.
 */
const SHOTS = process.env['SHOTS_DIR'] ?? SCREENSHOT_DIR;
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;
const SCREENS = ['counter', 'sell', 'queue', 'manager', 'checkout', 'settings', 'day'] as const;

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
    // Unfinished prints: the terminal holds each print until told, so they stay on the Counter screen.
    await fetch(`${counter.sandboxBaseUrl}/__sandbox/terminals/NEWLAND_N950__SBX0000001`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ completion: 'manual', pickup_delay_ms: 0 }),
    });
    await page.getByTestId('nav-counter').click();
    await page
      .getByTestId('receipt-editor')
      .fill('{center}{b}LA ESQUINA{/b}{/center}\nCafe con leche            $2.500\nMedialuna                 $1.200\nGracias');
    await page.locator('select[data-testid="terminal"]').selectOption('NEWLAND_N950__SBX0000001');
    for (let index = 0; index < 3; index++) {
      await page.getByTestId('receipt-editor').press('End');
      await page.getByTestId('receipt-editor').pressSequentially(` ${index}`);
      await expect(page.getByTestId('print-button')).toBeEnabled();
      await page.getByTestId('print-button').click();
      await expect(page.getByTestId('print-progress').locator('> .print-timeline')).toHaveAttribute('data-status', /queued|created|on_terminal/);
    }
    await expect(page.getByTestId('unfinished-print')).toHaveCount(2);
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
      // The Counter screen's other two panels.
      await page.getByTestId('nav-counter').click();
      for (const mode of ['image', 'invoice'] as const) {
        await page.getByTestId(`mode-${mode}`).click();
        await page.screenshot({ path: join(SHOTS, `counter-${mode}-${size.width}-${language}.png`) });
      }
      await page.getByTestId('mode-custom').click();
    }
  });
}
