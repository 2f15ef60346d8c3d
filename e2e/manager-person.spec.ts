import type { Language } from '../src/shared/ipc/channels/app';
import { managerMessages } from '../src/renderer/src/features/manager/messages';
import { expect, invoke, screenshot, test } from './fixtures';
import { layoutProblems } from './layout-check';

/**
 * The manager's history names who made each print and filters by that person, in English and Spanish, at
 * both window sizes, and the table fits its frame without scrolling sideways (fewer columns, then rows of
 * two lines, as the window narrows).
 */
const TERMINAL = 'NEWLAND_N950__SBX0000001';
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;
const receipt = (label: string) => `{center}{b}LA ESQUINA{/b}{/center}{br}${label}{br}${'Cafe con leche 2.500 '.repeat(6)}{br}Gracias`;

for (const language of ['en', 'es'] as const satisfies readonly Language[]) {
  const words = managerMessages[language];
  test(`${language}: the manager's history shows who made each print and filters by person at both sizes`, async ({ page, counter }) => {
    test.setTimeout(120_000);
    await invoke(counter, 'settings.update', { language });
    // The demo's owner is signed in at start; then the cashier makes one print as herself.
    const people = (await invoke(counter, 'staff.status', {})).people;
    const idOf = (prefix: string): string => people.find((person) => person.name.startsWith(prefix))?.id ?? '';
    const owners = await invoke(counter, 'prints.enqueue', { terminalId: TERMINAL, subtype: 'custom', content: receipt('owner') });
    await invoke(counter, 'staff.signIn', { personId: idOf('Carla'), pin: '1357' });
    const cashiers = await invoke(counter, 'prints.enqueue', { terminalId: TERMINAL, subtype: 'custom', content: receipt('cashier') });
    expect(cashiers.madeBy?.personName).toBe('Carla');
    await invoke(counter, 'staff.signIn', { personId: idOf('Olivia'), pin: '1234' });

    await page.setViewportSize(SIZES[0]);
    await page.goto(counter.url.replace(/#.*$/, '') + '#/manager');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const rows = page.getByTestId('print-row');
    await expect(rows).toHaveCount(2);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.getByTestId('filter-person').selectOption({ label: 'Carla' });
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute('data-reference', cashiers.externalReference);
      await expect(rows.first().getByTestId('print-person')).toHaveText('Carla');
      await expect(page.getByTestId('print-table').getByRole('columnheader', { name: words['column.person'] })).toBeVisible();
      await page.getByTestId('history-count').scrollIntoViewIfNeeded();
      await screenshot(page, `manager-person-${size.width}-${language}`);
      expect(await layoutProblems(page)).toEqual([]);

      await page.getByTestId('filter-person').selectOption({ label: 'Olivia' });
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toHaveAttribute('data-reference', owners.externalReference);
      await page.getByTestId('filter-person').selectOption({ label: words['filter.allPeople'] });
      await expect(rows).toHaveCount(2);
    }
  });
}
