import { expect, screenshot, test } from './fixtures';

/**
 * The smaller things a walkthrough at 1366×768 and 1024×768 found, each as the cashier
 * meets it, through the browser host. Run `npx electron-vite build` first.
 */

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;

test.describe('checkout', () => {
  test('one sale per form: after the link is made the button starts a new sale; the form survives a visit elsewhere', async ({ page, counter }) => {
    await page.setViewportSize(SIZES[0]);
    await page.goto(counter.url);
    await page.getByTestId('nav-checkout').click();

    // Nothing filled: one problem is "1 field to fix", not "1 fields".
    const item = page.getByTestId('cart-item-0');
    await item.getByLabel(/^Name/).fill('Smart TV');
    await page.getByTestId('create-preference').click();
    await expect(page.getByTestId('problems-count')).toHaveText('1 field to fix');

    // The Spanish-speaking cashier's way of writing money: thousands dot, decimal comma.
    await item.getByLabel(/^Unit price/).fill('1.234,50');
    await expect(page.getByTestId('cart-total')).toContainText('1,234.50');

    // Leaving the screen and coming back keeps what was typed.
    await page.getByTestId('nav-queue').click();
    await page.getByTestId('nav-checkout').click();
    await expect(page.getByTestId('cart-item-0').getByLabel(/^Unit price/)).toHaveValue('1.234,50');

    await page.getByTestId('create-preference').click();
    await expect(page.getByTestId('sale-row')).toHaveCount(1);
    // The same button cannot make a second sale of the same form: it is "New sale" now.
    await expect(page.getByTestId('create-preference')).toHaveCount(0);
    await screenshot(page, 'walkthrough-checkout-sold-1366-en');
    await page.getByTestId('new-sale').click();
    await expect(page.getByTestId('sale-row')).toHaveCount(1);
    await expect(page.getByTestId('cart-item-0').getByLabel(/^Unit price/)).toHaveValue('');
    await expect(page.getByTestId('create-preference')).toBeVisible();
  });

  for (const size of SIZES) {
    for (const language of ['en', 'es'] as const) {
      test(`screenshots of the checkout at ${size.width}×${size.height} in ${language}`, async ({ page, counter }) => {
        await page.setViewportSize(size);
        await page.goto(counter.url);
        if (language === 'es') {
          await page.getByTestId('nav-settings').click();
          await page.getByLabel('Language').selectOption('es');
          await expect(page.getByLabel('Idioma')).toBeVisible();
        }
        await page.getByTestId('nav-checkout').click();
        await page.getByTestId('create-preference').click();
        await expect(page.getByTestId('problems-count')).toHaveText(language === 'en' ? '2 fields to fix' : '2 campos por corregir');
        await screenshot(page, `walkthrough-checkout-${size.width}-${language}`);
        await page.getByTestId('nav-counter').click();
        await screenshot(page, `walkthrough-counter-${size.width}-${language}`);
      });
    }
  }
});

test.describe('navigation', () => {
  test('a screen chosen in the sidebar opens at its top with the focus on its heading', async ({ page, counter }) => {
    await page.setViewportSize(SIZES[1]);
    await page.goto(counter.url);
    await page.getByTestId('nav-checkout').click();
    const content = page.locator('main.content');
    await content.evaluate((element) => element.scrollTo({ top: 900 }));
    await expect.poll(() => content.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);

    await page.getByTestId('nav-settings').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    expect(await content.evaluate((element) => element.scrollTop)).toBe(0);
    // Tab goes on into the screen, not back through the sidebar.
    await page.keyboard.press('Tab');
    await expect(page.locator('nav.sidebar :focus')).toHaveCount(0);
  });
});

test.describe('templates', () => {
  test('loading a template over a different receipt asks first, and keeps the receipt when the cashier says no', async ({ page, counter }) => {
    await page.setViewportSize(SIZES[0]);
    await page.goto(counter.url);
    const editor = page.getByTestId('receipt-editor');
    await editor.fill('{b}SAVED TEMPLATE{/b} and enough words to be a template of a receipt');
    await page.getByTestId('open-templates').click();
    const dialog = page.getByTestId('templates-dialog');
    await dialog.getByLabel('Save the receipt in the editor as a template').fill('Morning');
    await dialog.getByRole('button', { name: 'Save template' }).click();
    await expect(dialog.getByRole('button', { name: 'Load' })).toHaveCount(1);
    await dialog.press('Escape');

    await editor.fill('A receipt the cashier is still writing');
    const asked: string[] = [];
    page.once('dialog', (question) => {
      asked.push(question.message());
      void question.dismiss();
    });
    await page.getByTestId('open-templates').click();
    await dialog.getByRole('button', { name: 'Load' }).click();
    await expect.poll(() => asked).toEqual(['Replace the receipt in the editor with “Morning”? (Ctrl+Z brings it back.)']);
    await expect(editor).toHaveValue('A receipt the cashier is still writing');

    page.once('dialog', (question) => void question.accept());
    await page.getByTestId('open-templates').click();
    await dialog.getByRole('button', { name: 'Load' }).click();
    await expect(editor).toHaveValue('{b}SAVED TEMPLATE{/b} and enough words to be a template of a receipt');
  });
});

test.describe('manager', () => {
  test('the history names a refused print’s last error in the cashier’s words, and its headers are whole', async ({ page, counter }) => {
    await page.setViewportSize(SIZES[1]);
    await page.goto(counter.url);
    await page
      .getByTestId('receipt-editor')
      .fill('{b}LA ESQUINA{/b} Cafe con leche $2.500, Medialuna $1.200, gracias por su compra, vuelva pronto, hasta mañana');
    const faulted = await fetch(`${counter.sandboxBaseUrl}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'POST', pathPattern: '/terminals/v1/actions', status: 403, code: 'forbidden_checking_terminal_owner' }),
    });
    expect(faulted.ok).toBe(true);
    const reference = await page.getByTestId('external-reference').inputValue();
    await page.getByTestId('print-button').click();
    await expect(page.getByRole('group', { name: `Progress of ${reference}` })).toHaveAttribute('data-status', 'failed');

    await page.getByTestId('nav-manager').click();
    const row = page.locator(`[data-testid="print-row"][data-reference="${reference}"]`);
    await expect(row.locator('.ph-error')).toHaveText('This terminal does not belong to the signed-in account.');
    await expect(row.locator('.ph-error')).toHaveAttribute('data-code', 'forbidden_checking_terminal_owner');
    // At 1024 px the history drops Kind and Tries (kept in the drawer and the CSV); the headers it keeps are whole.
    const headers = row.locator('xpath=ancestor::*[@role="table" or @role="grid" or self::table][1]').getByRole('columnheader');
    expect(await headers.count()).toBeGreaterThan(3);
    expect(await headers.evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent))).toEqual([]);
    await screenshot(page, 'walkthrough-manager-1024-en');
  });
});

test('the manager’s terminal board folds away so the history gets the height, and stays folded', async ({ page, counter }) => {
  await page.setViewportSize(SIZES[1]);
  await page.goto(counter.url);
  await page.getByTestId('nav-manager').click();
  await expect(page.getByTestId('terminal-card')).toHaveCount(4);
  await page.getByTestId('board-toggle').click();
  await expect(page.getByTestId('board-toggle')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('terminal-card')).toHaveCount(0);
  await screenshot(page, 'walkthrough-manager-folded-1024-en');
  await page.getByTestId('nav-queue').click();
  await page.getByTestId('nav-manager').click();
  await expect(page.getByTestId('terminal-card')).toHaveCount(0);
});
