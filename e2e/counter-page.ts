import { expect, type Page } from '@playwright/test';

/** The Counter screen at `url` with `receipt` in the editor and `terminal` chosen. */
export async function openCounter(page: Page, url: string, receipt: string, terminal: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compose and print');
  await page.getByTestId('receipt-editor').fill(receipt);
  // A <select> once the account's terminals are known; a text field until then.
  await page.locator('select[data-testid="terminal"]').selectOption(terminal);
}

/** Presses Print and returns the reference the print went out under. */
export async function printReceipt(page: Page): Promise<string> {
  await expect(page.getByTestId('print-button')).toBeEnabled();
  const reference = await page.getByTestId('external-reference').inputValue();
  await page.getByTestId('print-button').click();
  // Accepted: the screen has moved on to the next reference.
  await expect(page.getByTestId('external-reference')).not.toHaveValue(reference);
  return reference;
}
