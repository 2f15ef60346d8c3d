import { expect, type Page } from '@playwright/test';
import type { FaultRule } from '../src/sandbox/control/faults';
import type { TerminalSettingsPatch } from '../src/sandbox/terminals/virtual-terminal';

/** The Sell screen's e2e helpers: the sandbox's control API (the customer's card, the terminal's paper, faults) and the cashier's keys. */

export const TERMINAL = 'NEWLAND_N950__SBX0000001';

export async function control(
  baseUrl: string,
  path: string,
  body?: FaultRule[] | TerminalSettingsPatch | { result: 'approved' } | { result: 'declined'; reason: string },
): Promise<void> {
  const response = await fetch(
    `${baseUrl}${path}`,
    body === undefined ? { method: 'POST' } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  expect(response.ok, `${path} answered ${String(response.status)}`).toBe(true);
}

export async function openSell(page: Page, url: string): Promise<void> {
  await page.goto(url.replace(/#.*$/, '') + '#/sell');
  await expect(page.getByTestId('sell-screen')).toBeVisible();
}

/** Types the amount as the cashier does and presses Enter. */
export async function typeAndCharge(page: Page, amount: string): Promise<void> {
  await page.getByTestId('sell-amount').fill(amount);
  await page.getByTestId('sell-amount').press('Enter');
}

export async function setLanguage(page: Page, language: 'en' | 'es'): Promise<void> {
  await page.getByTestId('nav-settings').click();
  await page.locator('#settings-language').selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language, { timeout: 10_000 });
}

/** Nothing on the page is wider than the window: no sideways scroll, in the document or in the content pane. */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const panes = [document.scrollingElement, ...Array.from(document.querySelectorAll('.content'))].filter((element): element is Element => element !== null);
    return Math.max(0, ...panes.map((pane) => pane.scrollWidth - pane.clientWidth));
  });
}
