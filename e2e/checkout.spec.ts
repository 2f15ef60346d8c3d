import { expect, screenshot, test } from './fixtures';

/**
 * A cashier sells through a checkout preference with the store industry's data (spec 2.4, 2.5, 4.2),
 * the buyer pays on the sandbox's checkout page, and the sale turns approved on Counter's screen as the
 * notifications arrive (4.6, 4.7, 6) — the real browser host, embedded sandbox and receiver.
 */

test('a cashier builds a cart, creates the payment link, and sees the payment approved live', async ({ page, counter }) => {
  await page.goto(counter.url);

  // The store sells electronics: Settings says so, and the form asks for what Electro recommends.
  await page.getByTestId('nav-settings').click();
  await page.getByLabel('Store industry').selectOption({ label: 'Electro' });
  await page.getByTestId('nav-checkout').click();
  await expect(page.getByTestId('industry-name')).toHaveText('Electro');

  const item = page.getByTestId('cart-item-0');
  await item.getByLabel(/^Name/).fill('Smart TV 55"');
  await item.getByLabel(/^Quantity/).fill('1.5');
  await item.getByLabel(/^Unit price/).fill('650000');
  // Validated as typed, with the reason, by the platform's own schema.
  await expect(item.getByText('must be a whole number')).toBeVisible();
  await item.getByLabel(/^Quantity/).fill('1');
  await expect(item.getByText('must be a whole number')).toHaveCount(0);
  await item.getByLabel(/^Code/).fill('SKU-TV-55');
  await item.getByLabel(/^Category/).fill('electronics');
  await item.getByLabel(/^Has a guarantee/).selectOption('true');

  await page.getByLabel(/^E-mail/).fill('ana@example.com');
  await page.getByLabel(/^First name/).fill('Ana');
  await page.getByLabel(/^Last name/).fill('Gómez');
  await page.getByLabel(/^Delivery address › Zip code/).fill('1414');
  await page.getByLabel(/^Express shipment/).selectOption('false');

  const meter = page.getByTestId('completeness');
  await expect(meter).toContainText('10 of 26 recommended fields');
  await expect(page.getByTestId('cart-total')).toContainText('650,000');
  await page.getByRole('heading', { name: 'Items' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'checkout-cart');

  await page.getByTestId('create-preference').click();
  const card = page.getByTestId('sale-card');
  await expect(card.getByTestId('sale-status')).toHaveAttribute('data-status', 'created');
  await expect(card.getByRole('img', { name: 'QR code of the payment link' })).toBeVisible();
  const link = card.getByTestId('payment-link');
  await expect(link).toHaveAttribute('href', new RegExp(`^${counter.sandboxBaseUrl}/checkout/pay/.+\\?sandbox=true$`));
  await expect(page.getByTestId('sale-row')).toHaveCount(1);
  await screenshot(page, 'checkout-created');

  // The buyer opens the link (a new page, as target=_blank does) and approves on the sandbox checkout.
  const [buyer] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(buyer.getByRole('heading', { level: 1 })).toContainText('Pay TIENDA_CENTRO');
  await expect(buyer.getByLabel('Buyer e-mail')).toHaveValue('ana@example.com');
  await buyer.getByRole('button', { name: 'Approve' }).click();
  await expect(buyer.getByText('Payment approved')).toBeVisible();
  await screenshot(buyer, 'checkout-buyer-approved');
  await buyer.close();

  // Nobody touched Counter: the notification reached its receiver, which read the payment back.
  await expect(card.getByTestId('sale-status')).toHaveAttribute('data-status', 'approved');
  await expect(card.getByTestId('sale-status')).toContainText('Approved');
  await expect(card.getByText(/^Payment \d+$/)).toBeVisible();
  await expect(page.getByTestId('sale-row').first()).toContainText('approved');
  await expect(page.getByTestId('receiver-line')).toContainText('Payment notifications arrive at http://127.0.0.1:');
  await screenshot(page, 'checkout-approved');

  // The history is kept in main: a reload lists the sale with its payment.
  await page.reload();
  await expect(page.getByTestId('sale-row').first()).toContainText('Approved');
  await page.getByTestId('sales-history').scrollIntoViewIfNeeded();
  await screenshot(page, 'checkout-history');
});

test('the checkout speaks Spanish and shows each industry’s own fields', async ({ page, counter }) => {
  await page.goto(counter.url);
  await page.getByTestId('nav-settings').click();
  await page.getByLabel('Language').selectOption('es');
  await page.getByLabel('Industria de la tienda').selectOption({ label: 'Turismo' });
  await page.getByTestId('nav-checkout').click();
  const item = page.getByTestId('cart-item-0');
  await expect(item.getByRole('group', { name: 'Datos de Turismo' })).toBeVisible();
  await expect(item.getByLabel(/^Pasajero › Nombre/)).toBeVisible();
  await expect(item.getByLabel(/^Ruta › Origen/)).toBeVisible();
  await expect(page.getByText('Turismo no envía datos de envío.')).toBeVisible();
  // Enter in a field creates the link as the button does; the problems show and the first one gets the focus.
  await item.getByLabel(/^Cantidad/).press('Enter');
  await expect(item.getByText('es obligatorio').first()).toBeVisible();
  await expect(page.getByLabel(/^Nombre \*/).first()).toBeFocused();
  await screenshot(page, 'checkout-tourism-es');
});
