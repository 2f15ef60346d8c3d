import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Signing in through the browser host: the sign-in page opens in a new tab of the browser (the host has
 * no system browser to open), the callback page says "Signed in" only when the token exchange worked,
 * and a terminal picked under the old account is dropped once another account signs in.
 * Run `npx electron-vite build` first.
 */

const OLD_ACCOUNT_TERMINAL = 'NEWLAND_N950__SBX0000002';
const OTHER_ACCOUNT_TERMINAL = 'NEWLAND_N950__SBX0000009';

async function startSignIn(page: Page): Promise<Page> {
  await page.getByTestId('nav-settings').click();
  const opened = page.context().waitForEvent('page');
  await page.getByTestId('sign-in').click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe('/authorization');
  return tab;
}

test('the sign-in opens in a new tab; as another user, the Counter screen drops the old account’s terminal', async ({ page, counter }) => {
  await page.goto(counter.url);
  const terminal = page.locator('select[data-testid="terminal"]');
  await terminal.selectOption(OLD_ACCOUNT_TERMINAL);

  const tab = await startSignIn(page);
  await tab.getByLabel('Grant as user').selectOption('2002');
  await tab.getByRole('button', { name: 'Accept' }).click();
  await expect(tab.getByText('Signed in. You can close this tab')).toBeVisible();
  await tab.close();
  await expect(page.getByTestId('setup-token')).toHaveText(/Signed in as user 2002\./);

  await page.getByTestId('nav-counter').click();
  await expect(terminal).toHaveValue(OTHER_ACCOUNT_TERMINAL);
  await expect(terminal.locator(`option[value="${OLD_ACCOUNT_TERMINAL}"]`)).toHaveCount(0);
});

test('the callback page does not say "Signed in" when the token exchange fails: it gives the reason', async ({ page, counter }) => {
  await page.goto(counter.url);
  await expect(page.getByTestId('status-connection')).toContainText('Online');
  const tab = await startSignIn(page);
  const fault = await fetch(`${counter.sandboxBaseUrl}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'POST', pathPattern: '/oauth/token', status: 400, code: 'invalid_grant', count: 1 }),
  });
  expect(fault.ok).toBe(true);
  await tab.getByRole('button', { name: 'Accept' }).click();
  await expect(tab.getByText('The sign-in did not complete.')).toBeVisible();
  await expect(tab.locator('body')).not.toContainText('Signed in');
  await expect(tab.getByText('El inicio de sesión no se completó.')).toBeVisible();
  await expect(page.getByTestId('setup-state')).toContainText('The last attempt failed');
});
