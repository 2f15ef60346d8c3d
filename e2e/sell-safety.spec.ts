import { expect, test } from './fixtures';
import { control, openSell, TERMINAL, typeAndCharge } from './sell-page';

/**
 * No accidental second charge, and refunds checked as they are typed: the amount clears after a sale, the
 * same amount on the same terminal soon after is asked about first (No has the focus), Enter in an item adds
 * the item and never charges, items are edited and removed, Esc after pickup says why it cannot cancel; a
 * refund larger than what is left, or not an amount, never reaches the confirmation. The real app (browser
 * host + embedded sandbox); run `npx electron-vite build` first.
 */

test.use({ viewport: { width: 1366, height: 768 } });

test('after an approved sale Enter cannot charge it again: the amount is cleared, and the same amount asks "charge again?"', async ({ page, counter }) => {
  await openSell(page, counter.url);
  await expect(page.getByTestId('sell-terminal')).toHaveValue(TERMINAL);
  await typeAndCharge(page, '24,50');
  await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'at_terminal', { timeout: 15_000 });
  await control(counter.sandboxBaseUrl, `/__sandbox/terminals/${TERMINAL}/card`, { result: 'approved' });
  await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'processed', { timeout: 15_000 });
  const amount = page.getByTestId('sell-amount');
  await expect(amount).toHaveValue('');
  await expect(amount).toBeFocused();

  // Enter again: nothing to charge.
  await amount.press('Enter');
  await expect(page.getByTestId('sell-problem')).toBeVisible();
  await expect(page.getByTestId('recent-sale')).toHaveCount(1);

  // The same amount on the same terminal: asked first; Enter answers No.
  await typeAndCharge(page, '24.50');
  await expect(page.getByTestId('charge-again')).toContainText('Charge again?');
  await expect(page.getByTestId('charge-again')).toContainText('$24.50');
  await expect(page.getByTestId('charge-again-no')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('charge-again')).toHaveCount(0);
  await expect(page.getByTestId('recent-sale')).toHaveCount(1);
  // Asked on purpose, it is charged.
  await amount.press('Enter');
  await page.getByTestId('charge-again-yes').click();
  await expect(page.getByTestId('recent-sale')).toHaveCount(2);
  await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'at_terminal', { timeout: 15_000 });

  // Esc after the terminal took it: says why it cannot cancel, and the sale goes on.
  await amount.press('Escape');
  await expect(page.getByTestId('sell-esc-note')).toHaveText('Esc cannot cancel now: the terminal has the sale. Cancel it on the terminal.');
  await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'at_terminal');
});

test('Enter in an item adds it and never charges; items are edited and removed; the total follows', async ({ page, counter }) => {
  await openSell(page, counter.url);
  await expect(page.getByTestId('sell-terminal')).toHaveValue(TERMINAL);
  const rows = page.getByTestId('sale-item');
  await rows.nth(0).getByRole('textbox', { name: 'Item' }).fill('Coffee');
  await rows.nth(0).getByRole('textbox', { name: 'Item' }).press('Enter');
  // The row is not complete: Enter goes to its price.
  await expect(rows.nth(0).getByRole('textbox', { name: 'Unit price' })).toBeFocused();
  await page.keyboard.type('2.50');
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole('textbox', { name: 'Item' })).toBeFocused();
  await page.keyboard.type('Croissant');
  await rows.nth(1).getByRole('textbox', { name: 'Quantity' }).fill('3');
  await rows.nth(1).getByRole('textbox', { name: 'Unit price' }).fill('1,20');
  await rows.nth(1).getByRole('textbox', { name: 'Unit price' }).press('Enter');
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId('items-total')).toHaveText('Items total: 6.10');
  await expect(page.getByTestId('sell-amount-shown')).toHaveText('6.10');
  // Nothing was charged by any of those Enters.
  await expect(page.getByTestId('recent-sale')).toHaveCount(0);
  await expect(page.getByTestId('sale-idle')).toBeVisible();

  // Edit, then remove the coffee.
  await rows.nth(1).getByRole('textbox', { name: 'Quantity' }).fill('2');
  await expect(page.getByTestId('items-total')).toHaveText('Items total: 4.90');
  await rows.nth(0).getByRole('button', { name: 'Remove item Coffee' }).click();
  await expect(rows.nth(0).getByRole('textbox', { name: 'Item' })).toHaveValue('Croissant');
  await expect(page.getByTestId('items-total')).toHaveText('Items total: 2.40');

  // Enter in the amount charges the items' total.
  await page.getByTestId('sell-amount').press('Enter');
  await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'at_terminal', { timeout: 15_000 });
  await expect(page.getByTestId('sale-amount')).toHaveText('$2.40');
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('items-total')).toHaveText('');
});

test('a refund is checked as it is typed against what is left, in the store’s money: no confirmation for 30.00 on 24.50, nor for "abc"', async ({
  page,
  counter,
}) => {
  await openSell(page, counter.url);
  await expect(page.getByTestId('sell-terminal')).toHaveValue(TERMINAL);
  await typeAndCharge(page, '24,50');
  await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'at_terminal', { timeout: 15_000 });
  await control(counter.sandboxBaseUrl, `/__sandbox/terminals/${TERMINAL}/card`, { result: 'approved' });
  await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'processed', { timeout: 15_000 });

  const refundAmount = page.getByTestId('refund-amount');
  const refund = page.getByTestId('refund');
  await expect(page.getByTestId('refund-check')).toHaveText('Refundable: $24.50');
  await refundAmount.fill('30.00');
  await expect(page.getByTestId('refund-check')).toHaveText('At most $24.50 can be refunded.');
  await expect(refund).toBeDisabled();
  await refundAmount.press('Enter');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await refundAmount.fill('abc');
  await expect(page.getByTestId('refund-check')).toHaveText('Type an amount such as 12.50.');
  await expect(refund).toBeDisabled();

  await refundAmount.fill('10');
  await expect(refund).toBeEnabled();
  await refund.click();
  await expect(page.getByRole('alertdialog')).toContainText('Refund $10.00');
  await page.getByTestId('refund-confirm').click();
  await expect(page.getByTestId('refund-check')).toHaveText('Refundable: $14.50', { timeout: 15_000 });
  await refundAmount.fill('14,51');
  await expect(refund).toBeDisabled();
});
