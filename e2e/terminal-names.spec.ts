import { expect, invoke, screenshot, test } from './fixtures';
import { openScreen, type Screen } from './screens';

/**
 * The store's own terminal names (set in the set-up guide, kept on this computer) are how Sell, Counter and
 * the manager name a terminal, with the platform's name beside them. Run `npx electron-vite build` first.
 */

const TERMINAL = 'NEWLAND_N950__SBX0000001';
const NAMED = 'Front till (CAJA01)';
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;

test('Sell, Counter, Manager and Queue name a terminal by the store’s name, the platform’s beside it', async ({ page, counter }) => {
  test.setTimeout(90_000);
  await invoke(counter, 'settings.update', { terminalNames: { [TERMINAL]: 'Front till' } });
  await invoke(counter, 'prints.enqueue', { terminalId: TERMINAL, subtype: 'custom', content: 'Front till test{br}' + '-'.repeat(32) });
  const shots = async (screen: Screen, language: string) => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `terminal-names-${screen}-${language}-${size.width}`);
    }
    await page.setViewportSize(SIZES[0]);
  };
  for (const language of ['en', 'es'] as const) {
    await invoke(counter, 'settings.update', { language });
    await page.setViewportSize(SIZES[0]);
    await page.goto(counter.url);

    await openScreen(page, 'sell');
    await expect(page.getByTestId('sell-terminal').locator(`option[value="${TERMINAL}"]`)).toHaveText(NAMED);
    await expect(page.getByTestId('sell-terminal').locator('option[value="NEWLAND_N950__SBX0000002"]')).toHaveText('CAJA02');
    await shots('sell', language);

    await openScreen(page, 'counter');
    await page.getByTestId('terminal').selectOption(TERMINAL);
    // Named as Sell names it; the device id is the picker's tooltip (it made the closed picker cut the name at 1024 px).
    await expect(page.getByTestId('terminal').locator('option:checked')).toHaveText(NAMED);
    await expect(page.getByTestId('terminal')).toHaveAttribute('title', TERMINAL);
    await shots('counter', language);

    await openScreen(page, 'manager');
    const card = page.locator(`[data-testid="terminal-card"][data-terminal="${TERMINAL}"]`);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(NAMED);
    await expect(card).toHaveAccessibleName(NAMED);
    await expect(page.getByTestId('filter-terminal').locator(`option[value="${TERMINAL}"]`)).toHaveText(`${NAMED} · ${TERMINAL}`);
    await expect(page.locator(`[data-testid="print-row"] .ph-terminal[data-terminal="${TERMINAL}"]`).first()).toHaveText(NAMED);
    await shots('manager', language);

    await openScreen(page, 'queue');
    const section = page.locator(`[data-testid="queue-terminal"][data-terminal="${TERMINAL}"]`);
    await expect(section.getByRole('heading', { level: 2 })).toContainText(NAMED);
    await expect(section.getByRole('heading', { level: 2 })).toContainText(TERMINAL);
    await shots('queue', language);
  }
});
