import type { Page } from '@playwright/test';
import { expect, type CounterHost } from './fixtures';

/** Turns the store database on from the Settings screen, as a store's IT would, and waits until it is in sync. */
export async function configureInSettings(page: Page, counter: CounterHost, url: string, name: string): Promise<void> {
  await page.goto(`${counter.url}#/settings`);
  const panel = page.getByTestId('store-panel');
  await expect(panel.getByTestId('store-sync')).toHaveAttribute('data-kind', 'off');
  // The database's details are folded under "Advanced", out of a store owner's way.
  await panel.getByTestId('store-advanced').locator('summary').click();
  await panel.getByTestId('store-url').fill(url);
  await panel.getByTestId('store-storeId').fill('main-street');
  await panel.getByTestId('store-storeName').fill('Main Street');
  await panel.getByTestId('store-counterName').fill(name);
  await panel.getByTestId('store-save').click();
  // Saved at once, so the box shows what main holds (a round trip), not what was clicked.
  await panel.getByTestId('store-enabled').click();
  await expect(panel.getByTestId('store-enabled')).toBeChecked();
  await expect(panel.getByTestId('store-sync')).toHaveAttribute('data-kind', 'up_to_date', { timeout: 15_000 });
  await panel.getByTestId('store-test').click();
  await expect(panel.getByTestId('store-test-result')).toContainText('PostgreSQL 1');
}
