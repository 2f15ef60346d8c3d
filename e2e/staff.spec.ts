import type { Page } from '@playwright/test';
import type { Language } from '../src/shared/ipc/channels/app';
import { staffMessages } from '../src/renderer/src/components/staff/messages';
import { expect, invoke, screenshot, test, type CounterHost } from './fixtures';

/**
 * People at the counter, in the real app (browser host + embedded sandbox): the sandbox's demo starts
 * with its owner signed in; a cashier signs in, sells, tries a refund and is asked for a manager's PIN
 * on the same screen; five wrong PINs lock a person out; the manager approves; the audit panel names
 * both; an idle counter locks and hides the amount. In English and Spanish, at both window sizes.
 */

const TERMINAL = 'NEWLAND_N950__SBX0000001';
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;
/** The lock screen lists people in the order they were added: the demo's three, then the one this test adds. */
const OWNER = { number: '1', name: 'Olivia', pin: '1234' };
const MANAGER = { number: '2', name: 'Manuel', pin: '2468' };
const CASHIER = { number: '3', name: 'Carla', pin: '1357' };
const OTHER = { number: '4', name: 'Bea', pin: '8642' };

async function cardApproved(counter: CounterHost): Promise<void> {
  const response = await fetch(`${counter.sandboxBaseUrl}/__sandbox/terminals/${TERMINAL}/card`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ result: 'approved' }),
  });
  expect(response.ok).toBe(true);
}

/** From the lock screen: the person's number, the PIN, Enter (the keyboard only). */
async function signIn(page: Page, person: { number: string; pin: string }): Promise<void> {
  await expect(page.getByTestId('lock-screen')).toBeVisible();
  await page.keyboard.press(person.number);
  await expect(page.getByTestId('lock-pin')).toBeFocused();
  await page.keyboard.type(person.pin);
  await page.keyboard.press('Enter');
}

async function switchTo(page: Page, person: { number: string; pin: string; name: string }): Promise<void> {
  // Two keystrokes to the next person's PIN: Alt+L, then their number.
  await page.keyboard.press('Alt+l');
  await signIn(page, person);
  await expect(page.getByTestId('staff-name')).toHaveText(person.name);
}

for (const language of ['en', 'es'] as const satisfies readonly Language[]) {
  const words = staffMessages[language];
  test(`${language}: a cashier's refund needs a manager's PIN, five wrong PINs lock, the audit names both, an idle counter hides the amount`, async ({
    page,
    counter,
  }) => {
    test.setTimeout(180_000);
    // The demo's owner is signed in at start: the set-up calls are the owner's.
    await invoke(counter, 'settings.update', { language });
    await invoke(counter, 'staff.save', { name: OTHER.name, role: 'cashier', pin: OTHER.pin });
    await page.setViewportSize(SIZES[0]);
    await page.goto(counter.url.replace(/#.*$/, '') + '#/sell');
    await expect(page.getByTestId('staff-name')).toHaveText(OWNER.name);

    // Five wrong PINs lock that person out, and then even the right one is refused.
    await page.getByTestId('staff-switch').click();
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect(page.getByTestId('lock-screen')).toContainText(words['lock.title']);
      await screenshot(page, `staff-lock-${language}-${size.width}`);
    }
    await page.setViewportSize(SIZES[0]);
    await page.keyboard.press(OTHER.number);
    for (let attempt = 1; attempt <= 5; attempt++) {
      // The pad takes clicks as the keyboard takes keys.
      for (const digit of '0000') await page.getByTestId(`lock-pin-key-${digit}`).click();
      await page.getByTestId('lock-sign-in').click();
      // A refused PIN is wiped from the field: the next attempt starts only once this one was answered.
      await expect(page.getByTestId('lock-pin')).toHaveValue('');
      await expect(page.getByTestId('lock-error')).toHaveAttribute('data-code', attempt < 5 ? 'wrong_pin' : 'pin_locked');
    }
    await page.keyboard.type(OTHER.pin);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('lock-pin')).toHaveValue('');
    await expect(page.getByTestId('lock-error')).toHaveAttribute('data-code', 'pin_locked');
    await page.keyboard.press('Escape');

    // The cashier signs in and sells; Settings is not theirs to see.
    await signIn(page, CASHIER);
    await expect(page.getByTestId('staff-name')).toHaveText(CASHIER.name);
    await expect(page.getByTestId('nav-settings')).toHaveCount(0);
    await page.getByTestId('sell-amount').fill('24,50');
    await page.getByTestId('sell-amount').press('Enter');
    await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'at_terminal', { timeout: 15_000 });
    await cardApproved(counter);
    await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'processed', { timeout: 15_000 });

    // The refund is the manager's: the same screen asks for a manager's PIN.
    await page.getByTestId('refund').click();
    await page.getByTestId('refund-confirm').click();
    await expect(page.getByTestId('approval-dialog')).toBeVisible();
    await expect(page.getByTestId('approval-dialog')).toContainText(words['approve.title']);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `staff-approval-${language}-${size.width}`);
    }
    await page.setViewportSize(SIZES[0]);
    await page.getByTestId('approval-manager').selectOption({ label: MANAGER.name });
    await page.getByTestId('approval-pin').click();
    await page.keyboard.type('9999');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('approval-error')).toBeVisible();
    await page.keyboard.type(MANAGER.pin);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('approval-dialog')).toBeHidden();
    await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'refunded', { timeout: 15_000 });

    // The manager's "who did what" names both people on the refund.
    await switchTo(page, MANAGER);
    await page.getByTestId('nav-manager').click();
    const refund = page.locator('[data-testid="audit-row"][data-action="terminalSales.refund"]');
    await expect(refund).toHaveCount(1);
    await expect(refund).toContainText(CASHIER.name);
    await expect(refund).toContainText(MANAGER.name);
    await page.getByTestId('audit-action').selectOption('staff.signInFailed');
    await expect(page.locator('[data-testid="audit-row"]')).toHaveCount(6);
    await page.getByTestId('audit-panel').scrollIntoViewIfNeeded();
    await screenshot(page, `staff-audit-${language}-1366`);

    // After the idle time the counter locks itself, and the amount on the Sell screen is hidden.
    await switchTo(page, OWNER);
    await invoke(counter, 'staff.setIdleLock', { seconds: 2 });
    await page.getByTestId('nav-sell').click();
    const shownAmounts = () =>
      page
        .getByText(/24[.,]50/)
        .evaluateAll((found) => found.filter((element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true })).length);
    expect(await shownAmounts()).toBeGreaterThan(0);
    await expect(page.getByTestId('lock-screen')).toBeVisible({ timeout: 10_000 });
    expect(await shownAmounts()).toBe(0);
    await screenshot(page, `staff-idle-locked-${language}-1366`);
  });
}
