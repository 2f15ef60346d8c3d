import { DEFAULT_SEED } from '../src/sandbox/accounts';
import { expect, invoke, test } from './fixtures';
import { control, openSell, setLanguage, TERMINAL, typeAndCharge } from './sell-page';

/**
 * The Sell screen says only what is known: a sale the platform never took is "could not send" with the
 * reason and what to do (never a decline); "receipt printed" only once the terminal printed it, and a
 * receipt that failed shows on the sale's card with Print again; Sell is off, with the reason, while the
 * environment has no working credentials, and never offers another account's terminal. The real app
 * (browser host + embedded sandbox); run `npx electron-vite build` first.
 */

test.use({ viewport: { width: 1366, height: 768 } });

test('a sale the platform refused is "could not send" with its reason and what to do, never "declined"', async ({ page, counter }) => {
  await openSell(page, counter.url);
  await expect(page.getByTestId('sell-terminal')).toHaveValue(TERMINAL);
  await control(counter.sandboxBaseUrl, '/__sandbox/faults', [{ method: 'POST', pathPattern: '/v1/orders', status: 400, code: 'property_value', count: 1 }]);
  await typeAndCharge(page, '5');
  const card = page.getByTestId('sale-status');
  await expect(card).toHaveAttribute('data-status', 'not_sent', { timeout: 15_000 });
  await expect(page.getByTestId('sale-state')).toHaveText('Could not send');
  await expect(page.getByTestId('not-sent-reason')).toContainText('The platform refused the sale: check the amount, and that the terminal is in PDV mode.');
  await expect(page.getByTestId('not-sent-reason')).toContainText('No card was read and nothing was charged.');
  await expect(card).not.toContainText('Declined');
});

test('"receipt printed" only once the terminal printed it; out of paper shows on the sale’s card, and Print again prints it', async ({ page, counter }) => {
  await openSell(page, counter.url);
  await expect(page.getByTestId('sell-terminal')).toHaveValue(TERMINAL);
  await control(counter.sandboxBaseUrl, `/__sandbox/terminals/${TERMINAL}`, { paper: 'out' });
  await typeAndCharge(page, '24,50');
  await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'at_terminal', { timeout: 15_000 });
  await control(counter.sandboxBaseUrl, `/__sandbox/terminals/${TERMINAL}/card`, { result: 'approved' });
  await expect(page.getByTestId('sale-status')).toHaveAttribute('data-status', 'processed', { timeout: 15_000 });
  const receipt = page.getByTestId('receipt-state');
  await expect(receipt).toHaveAttribute('data-state', 'failed', { timeout: 20_000 });
  await expect(page.getByTestId('receipt-printed')).toHaveCount(0);
  await expect(receipt).toContainText('Receipt not printed.');
  await expect(page.getByTestId('receipt-problem')).toContainText('out of paper');
  await expect(page.getByTestId('recent-receipt').first()).toHaveAttribute('data-state', 'failed');

  await control(counter.sandboxBaseUrl, `/__sandbox/terminals/${TERMINAL}`, { paper: 'ok' });
  await page.getByTestId('receipt-again').click();
  await expect(page.getByTestId('receipt-printed')).toHaveText('Receipt printed', { timeout: 20_000 });
});

test('Sell is off with the reason in production without credentials, and never lists another account’s terminal', async ({ page, counter }) => {
  await openSell(page, counter.url);
  await expect(page.getByTestId('sell-terminal')).toHaveValue(TERMINAL);

  await invoke(counter, 'settings.update', { environment: 'production' });
  await expect(page.getByTestId('sell-blocked')).toHaveAttribute('data-block', 'credentials', { timeout: 10_000 });
  await expect(page.getByTestId('sell-blocked')).toContainText('no working credentials');
  await expect(page.getByTestId('charge')).toBeDisabled();
  await expect(page.getByTestId('sell-terminal').locator('option')).toHaveText(['No terminal in PDV mode']);

  // Another account (the kiosk's application, its own terminal) in Spanish, as the cashier saw it.
  await setLanguage(page, 'es');
  await page.setViewportSize({ width: 1024, height: 768 });
  const kiosk = DEFAULT_SEED.applications[1]!;
  await invoke(counter, 'credentials.setProduction', { baseUrl: counter.sandboxBaseUrl, clientId: kiosk.client_id, clientSecret: kiosk.client_secret });
  await page.getByTestId('nav-sell').click();
  await expect(page.getByTestId('sell-terminal').locator('option')).toHaveText(['KIOSCO01'], { timeout: 15_000 });
  await expect(page.getByTestId('charge')).toBeEnabled();

  await invoke(counter, 'settings.update', { environment: 'sandbox' });
  await expect(page.getByTestId('sell-terminal').locator('option')).toHaveText(['CAJA01', 'CAJA02', 'CAJA03'], { timeout: 15_000 });
});
