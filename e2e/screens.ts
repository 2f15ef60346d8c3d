import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Every screen of the sidebar, in its order. */
export const SCREENS = ['counter', 'sell', 'queue', 'manager', 'checkout', 'settings', 'day'] as const;
export type Screen = (typeof SCREENS)[number];

/** Opens a screen from the sidebar and waits until it has read what it shows. */
export async function openScreen(page: Page, screen: Screen): Promise<void> {
  await page.getByTestId(`nav-${screen}`).click();
  await expect(page.locator('main.content')).toHaveAttribute('data-screen', screen);
  await expect(page.locator('body')).not.toContainText(/Loading|Reading|Opening|Leyendo|Abriendo|Cargando/);
}
