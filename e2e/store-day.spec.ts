import { postgresUnavailableReason, startTestPostgres, type TestPostgres } from '../src/main/core/store/testing/test-postgres';
import { expect, invoke, screenshot, startCounterHost, test } from './fixtures';
import { configureInSettings } from './store-settings';

/**
 * The whole store's day: counter A closes a shift with its Z, counter B keeps one open, and B's Day screen
 * shows both counters' shifts, the store's totals over today's Zs, and prints the store's Z on a terminal
 * chosen by its name, with the keyboard. Run `npx electron-vite build` first.
 */

const TERMINAL = 'NEWLAND_N950__SBX0000001';
const unavailable = postgresUnavailableReason();

test.describe('the whole store’s day', () => {
  test.skip(unavailable !== undefined, `no PostgreSQL: ${unavailable ?? ''}`);
  let database: TestPostgres;
  test.beforeAll(async () => {
    database = await startTestPostgres();
  });
  test.afterAll(async () => {
    await database?.stop();
  });

  test('every counter’s shifts of today and the store’s Z, printed on the terminal', async ({ browser }) => {
    test.setTimeout(180_000);
    const url = await database.freshDatabase();
    const a = await startCounterHost();
    const b = await startCounterHost();
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    try {
      const pageA = await context.newPage();
      await configureInSettings(pageA, a.host, url, 'Counter A');
      const pageB = await context.newPage();
      await configureInSettings(pageB, b.host, url, 'Counter B');

      const closed = await invoke(a.host, 'day.openShift', { floatCents: 1_000 });
      await invoke(a.host, 'day.recordSale', { shiftId: closed.id, tender: 'cash', amountCents: 1_250 });
      await invoke(a.host, 'day.recordSale', { shiftId: closed.id, tender: 'other', amountCents: 300 });
      await invoke(a.host, 'day.closeShift', { shiftId: closed.id, countedCashCents: 2_250, terminalId: null });
      const open = await invoke(b.host, 'day.openShift', { floatCents: null });

      await pageB.goto(`${b.host.url}#/day`);
      const store = pageB.getByTestId('store-day');
      await expect(store.getByRole('heading', { level: 2 })).toHaveText('Whole store today');
      await expect(store.getByTestId(`store-shift-${closed.id}`)).toContainText('Counter A', { timeout: 20_000 });
      await expect(store.getByTestId(`store-shift-${closed.id}`)).toHaveAttribute('data-status', 'closed');
      await expect(store.getByTestId(`store-shift-${open.id}`)).toHaveAttribute('data-status', 'open', { timeout: 20_000 });
      await expect(store.getByTestId('store-totals').getByTestId('report-total')).toHaveText('15.50');
      await expect(store.getByTestId('store-z-terminal').locator('option:checked')).toHaveText('CAJA01');
      await expect(store.getByTestId('store-day-sandbox')).toContainText('not the store’s real takings');
      await store.scrollIntoViewIfNeeded();
      await screenshot(pageB, 'store-day-en');

      // Keyboard only: to the print button, Enter.
      await store.getByTestId('store-z-button').focus();
      await pageB.keyboard.press('Enter');
      await expect(store.getByTestId('store-z-print')).toContainText('Sent to the terminal.');
      await expect
        .poll(
          async () => {
            const response = await fetch(`${b.host.sandboxBaseUrl}/__sandbox/terminals/${TERMINAL}/printed`);
            const { items } = (await response.json()) as { items: Array<{ external_reference: string }> };
            return items.some((item) => item.external_reference.startsWith('store-z-'));
          },
          { timeout: 30_000 },
        )
        .toBe(true);

      await pageB.goto(`${b.host.url}#/settings`);
      await pageB.getByLabel('Language').selectOption('es');
      await pageB.goto(`${b.host.url}#/day`);
      await expect(pageB.getByTestId('store-day').getByRole('heading', { level: 2 })).toHaveText('Toda la tienda hoy');
      await expect(pageB.getByTestId(`store-shift-${open.id}`)).toContainText('Abierto');
      await expect(pageB.getByTestId('store-day-sandbox')).toContainText('no la recaudación real');
      await pageB.getByTestId('store-day').scrollIntoViewIfNeeded();
      await screenshot(pageB, 'store-day-es');
    } finally {
      await context.close();
      await a.stop();
      await b.stop();
    }
  });
});
