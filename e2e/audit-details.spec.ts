import { expect, invoke, screenshot, test } from './fixtures';

/**
 * The manager's audit panel writes what was asked in words (the terminal by the store's name and the
 * platform's, the amount as money, in the screen's language), and keeps what was recorded in the cell's
 * title for support. Run `npx electron-vite build` first.
 */

const TERMINAL = 'NEWLAND_N950__SBX0000001';
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;

test('the audit panel names the terminal and writes the amount as money, the raw record in the title', async ({ page, counter }) => {
  await invoke(counter, 'settings.update', { terminalNames: { [TERMINAL]: 'Front till' } });
  await invoke(counter, 'terminalSales.charge', { terminalId: TERMINAL, amount: '24.50' });
  const detail = page.locator('[data-testid="audit-row"][data-action="terminalSales.charge"] .audit-detail');
  for (const language of ['en', 'es'] as const) {
    await invoke(counter, 'settings.update', { language });
    await page.setViewportSize(SIZES[0]);
    await page.goto(counter.url);
    await page.getByTestId('nav-manager').click();
    await expect(detail).toHaveCount(1);
    await expect(detail).toContainText('Terminal: Front till (CAJA01)');
    await expect(detail).toContainText(language === 'en' ? /Amount: \$\s?24\.50/ : /Monto: \$\s?24,50/);
    await expect(detail).not.toContainText('terminalId=');
    await expect(detail).toHaveAttribute(
      'title',
      language === 'en' ? `As recorded: terminalId=${TERMINAL} amount=24.50` : `Tal como se registró: terminalId=${TERMINAL} amount=24.50`,
    );
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await detail.scrollIntoViewIfNeeded();
      await screenshot(page, `audit-details-${language}-${size.width}`);
    }
  }
});
