import { DEFAULT_SEED } from '../src/sandbox/accounts';
import { expect, invoke, screenshot, test } from './fixtures';

/**
 * The day's close, end to end in the real app (browser host + embedded sandbox): a shift with card, link,
 * cash and refunded sales, a payment made elsewhere on the same account, and a card sale whose answer never
 * came back; the Z report on the virtual terminal's paper, the reconciliation listing exactly those two
 * differences, and a reprint that is the stored Z. Run `npx electron-vite build` first.
 */

const TERMINAL = 'NEWLAND_N950__SBX0000001';
const OWNER = DEFAULT_SEED.applications[0]!.owner_user_id;

async function post(url: string, body?: unknown): Promise<Response> {
  const response = await fetch(
    url,
    body === undefined ? { method: 'POST' } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  expect(response.ok, `${url} answered ${String(response.status)}`).toBe(true);
  return response;
}

async function printed(baseUrl: string): Promise<Array<{ external_reference: string; svg: string }>> {
  const response = await fetch(`${baseUrl}/__sandbox/terminals/${TERMINAL}/printed`);
  return ((await response.json()) as { items: Array<{ external_reference: string; svg: string }> }).items;
}

/** The customer pays on the terminal once it shows the amount. */
async function payOnTerminal(baseUrl: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await fetch(`${baseUrl}/__sandbox/terminals/${TERMINAL}/card`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ result: 'approved' }),
          })
        ).status,
      { timeout: 20_000 },
    )
    .toBe(200);
}

test('a shift closed with its Z on the terminal, reconciled with the platform: exactly the two planted differences', async ({ page, counter }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(counter.url.replace(/#.*$/, '') + '#/day');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The day');
  // The shift is the signed-in person's: no name to type, the float first.
  await expect(page.getByTestId('shift-float')).toBeFocused();
  await page.getByTestId('shift-float').fill('50');
  await page.getByTestId('shift-float').press('Enter');
  await expect(page.getByTestId('open-shift-panel')).toBeVisible();
  await expect(page.getByTestId('open-shift-panel')).not.toContainText('Not named');

  // Card: one sale kept, one refunded in full.
  const kept = await invoke(counter, 'terminalSales.charge', { terminalId: TERMINAL, amount: '24,50' });
  await payOnTerminal(counter.sandboxBaseUrl);
  await expect.poll(async () => (await invoke(counter, 'terminalSales.get', { id: kept.id })).status, { timeout: 20_000 }).toBe('processed');
  const refunded = await invoke(counter, 'terminalSales.charge', { terminalId: TERMINAL, amount: '10' });
  await payOnTerminal(counter.sandboxBaseUrl);
  await expect.poll(async () => (await invoke(counter, 'terminalSales.get', { id: refunded.id })).status, { timeout: 20_000 }).toBe('processed');
  await invoke(counter, 'terminalSales.refund', { id: refunded.id, confirm: true });
  await expect.poll(async () => (await invoke(counter, 'terminalSales.get', { id: refunded.id })).status, { timeout: 20_000 }).toBe('refunded');

  // Link: a checkout preference the buyer pays.
  const link = await invoke(counter, 'checkout.createPreference', {
    preference: { items: [{ title: 'Tea', quantity: 1, unit_price: 15, currency_id: 'ARS' }] },
  });
  await post(`${counter.sandboxBaseUrl}/__sandbox/preferences/${link.preferenceId}/pay`, { status: 'approved' });
  await expect.poll(async () => (await invoke(counter, 'checkout.sale', { preferenceId: link.preferenceId })).status, { timeout: 20_000 }).toBe('approved');

  // Cash, typed at the counter.
  await page.getByTestId('sale-amount').fill('12');
  await page.getByTestId('sale-amount').press('Enter');
  await expect(page.getByTestId('counter-sale')).toContainText(/Recorded \$12\.00\./);

  // Planted: a payment made elsewhere on the same account, and a card sale whose answer never came back.
  await post(`${counter.sandboxBaseUrl}/__sandbox/payments/elsewhere`, { user_id: OWNER, amount: 7, external_reference: 'ELSEWHERE-1' });
  await post(`${counter.sandboxBaseUrl}/__sandbox/faults`, [
    { method: 'POST', pathPattern: '/v1/orders', dropAnswer: true, count: 10_000 },
    { method: 'GET', pathPattern: '/v1/orders/*', drop: true, count: 10_000 },
  ]);
  const lost = await invoke(counter, 'terminalSales.charge', { terminalId: TERMINAL, amount: '30' });
  await payOnTerminal(counter.sandboxBaseUrl);
  expect((await invoke(counter, 'terminalSales.get', { id: lost.id })).orderId).toBeNull();

  // The X report: read-only, the figures so far (the lost sale is not one Counter knows was paid).
  await page.getByTestId('x-report-button').click();
  // In the store's currency, as the platform named it (the link sale's), through the app's money format.
  await expect(page.getByTestId('report-total')).toHaveText('$51.50');
  await screenshot(page, 'day-x-report-en-1024');

  // Close: the Z is printed on the terminal.
  await page.getByTestId('counted-cash').fill('62');
  await expect(page.getByTestId('z-terminal')).toHaveValue(TERMINAL);
  await page.getByTestId('close-shift-button').click();
  await page.getByTestId('close-yes').click();
  await expect(page.getByTestId('open-shift')).toBeVisible();
  await expect.poll(async () => (await printed(counter.sandboxBaseUrl)).some((item) => item.external_reference === 'z-1-1'), { timeout: 20_000 }).toBe(true);
  const z = (await printed(counter.sandboxBaseUrl)).find((item) => item.external_reference === 'z-1-1')!;
  for (const figure of [
    'Z REPORT No. 1',
    'Card on terminal (2)',
    '24.50',
    'Link or QR (1)',
    '15.00',
    'Cash (1)',
    'ARS 12.00',
    '-ARS 10.00',
    'ARS 51.50',
    'ARS 62.00',
    // The float 50.00 and the cash sale 12.00 against the 62.00 counted.
    'Cash even',
  ])
    expect(z.svg, figure).toContain(figure);

  // Reconciliation: exactly the payment made elsewhere and the sale whose answer was lost.
  await page.getByTestId('reconcile').click();
  await expect(page.getByTestId('rec-summary')).toContainText('3 matched · 2 differences', { timeout: 30_000 });
  const differences = page.getByTestId('difference');
  await expect(differences).toHaveCount(2);
  await expect(page.getByTestId('reconciliation').getByTestId('cash-difference')).toHaveAttribute('data-kind', 'even');
  await expect(page.locator('[data-testid="difference"][data-reference="ELSEWHERE-1"]')).toHaveAttribute('data-kind', 'paid_unknown');
  await expect(page.locator(`[data-testid="difference"][data-reference="${lost.externalReference}"]`)).toHaveAttribute('data-kind', 'paid_unknown');
  const elsewhere = page.locator('[data-testid="difference"][data-reference="ELSEWHERE-1"]');
  await elsewhere.getByTestId('explain').click();
  await elsewhere.getByTestId('explain-note').fill('Sold in the online store');
  await elsewhere.getByTestId('explain-note').press('Enter');
  await expect(elsewhere.getByTestId('explained')).toContainText('Sold in the online store');
  await screenshot(page, 'day-reconciliation-en-1024');

  // The Z cannot change: the lost sale now comes back (inside the closed shift's window), and a reprint is still the stored paper.
  expect((await fetch(`${counter.sandboxBaseUrl}/__sandbox/faults`, { method: 'DELETE' })).ok).toBe(true);
  await expect.poll(async () => (await invoke(counter, 'terminalSales.get', { id: lost.id })).status, { timeout: 30_000 }).toBe('processed');
  await page.getByTestId('z-reprint-1').click();
  await expect.poll(async () => (await printed(counter.sandboxBaseUrl)).some((item) => item.external_reference === 'z-1-2'), { timeout: 20_000 }).toBe(true);
  const reprint = (await printed(counter.sandboxBaseUrl)).find((item) => item.external_reference === 'z-1-2')!;
  expect(reprint.svg).toContain('REPRINT');
  for (const figure of ['Z REPORT No. 1', '51.50', '62.00']) expect(reprint.svg, figure).toContain(figure);
  expect(reprint.svg).not.toContain('81.50');
  const stored = await invoke(counter, 'day.zReports', {});
  expect(stored.reports).toHaveLength(1);
  expect(stored.reports[0]?.report.total.netCents).toBe(5150);
  expect(stored.reports[0]?.printIds).toHaveLength(2);
});
