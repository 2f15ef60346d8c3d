import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { openScreen, SCREENS } from './screens';

/**
 * Every screen through axe-core (WCAG 2 A and AA rules), in both languages at both window sizes: no
 * serious or critical violation.
 */
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;

for (const language of ['en', 'es'] as const) {
  test(`no serious or critical accessibility violation on any screen in ${language} at both sizes`, async ({ page, counter }) => {
    // Twelve whole-page scans (Settings now holds the set-up guide): about a minute on a loaded machine.
    test.setTimeout(150_000);
    await page.goto(counter.url);
    if (language === 'es') {
      await page.getByTestId('nav-settings').click();
      await page.getByLabel('Language').selectOption('es');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    }
    const found: string[] = [];
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const screen of SCREENS) {
        await openScreen(page, screen);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        for (const violation of results.violations) {
          if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
          for (const node of violation.nodes) found.push(`${screen} ${size.width} ${language}: ${violation.id} (${violation.impact}) ${node.target.join(' ')}`);
        }
      }
    }
    expect([...new Set(found)]).toEqual([]);
  });
}
