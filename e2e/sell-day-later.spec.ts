import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SEED } from '../src/sandbox/accounts';
import { expect, invoke, screenshot, startCounterHost, test } from './fixtures';

/**
 * The double charge a day later: a charge whose create reached the platform but whose answer never came
 * back, the customer paying at the terminal meanwhile, and Counter closed before it heard. Reopened the
 * next morning (the host and its sandbox 25 hours ahead), the create's key is past the platform's 24-hour
 * idempotency window, so a resend would make a second order; Counter looks the order up by the sale's
 * reference instead and adopts it: one order, one payment, one receipt. Run `npx electron-vite build` first.
 */

const TERMINAL = 'NEWLAND_N950__SBX0000001';

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** The platform's own record: every order it holds under the sale's reference. */
async function ordersOnPlatform(sandboxBaseUrl: string, externalReference: string): Promise<Array<{ id: string; status: string }>> {
  const application = DEFAULT_SEED.applications[0]!;
  const tokenResponse = await post(`${sandboxBaseUrl}/oauth/token`, {
    grant_type: 'client_credentials',
    client_id: application.client_id,
    client_secret: application.client_secret,
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const now = Date.now() + 26 * 60 * 60_000;
  const query = new URLSearchParams({
    begin_date: new Date(now - 29 * 24 * 60 * 60_000).toISOString(),
    end_date: new Date(now).toISOString(),
    external_reference: externalReference,
  });
  const response = await fetch(`${sandboxBaseUrl}/v1/orders?${query.toString()}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Array<{ id: string; status: string }> }).data;
}

async function receiptsPrinted(sandboxBaseUrl: string): Promise<number> {
  const response = await fetch(`${sandboxBaseUrl}/__sandbox/terminals/${TERMINAL}/printed`);
  const body = (await response.json()) as { items: Array<{ external_reference: string }> };
  return body.items.filter((item) => item.external_reference.startsWith('rcpt-')).length;
}

test('a charge whose answer was lost, reopened a day later: the order is looked up and adopted, never charged again', async ({ browser }) => {
  const data = mkdtempSync(join(tmpdir(), 'counter-e2e-day-later-'));
  const first = await startCounterHost({ dataDirectory: data });
  let second: Awaited<ReturnType<typeof startCounterHost>> | undefined;
  try {
    // The platform makes the order, but no answer to its create ever reaches Counter, however often it asks,
    // and its notification cannot be read back either: Counter never hears of the order in this run.
    const fault = await post(`${first.host.sandboxBaseUrl}/__sandbox/faults`, [
      { method: 'POST', pathPattern: '/v1/orders', dropAnswer: true, count: 10_000 },
      { method: 'GET', pathPattern: '/v1/orders/*', drop: true, count: 10_000 },
    ]);
    expect(fault.ok).toBe(true);
    const sale = await invoke(first.host, 'terminalSales.charge', { terminalId: TERMINAL, amount: '24,50' });
    // The terminal shows the amount, and the customer pays.
    await expect
      .poll(async () => (await post(`${first.host.sandboxBaseUrl}/__sandbox/terminals/${TERMINAL}/card`, { result: 'approved' })).status, { timeout: 20_000 })
      .toBe(200);
    expect((await invoke(first.host, 'terminalSales.get', { id: sale.id })).orderId).toBeNull();
    // Closed before it heard (the sandbox, standing in for the platform, keeps what it made).
    await first.stop();

    const port = new URL(first.host.origin).port;
    second = await startCounterHost({ dataDirectory: data, extraArgs: ['--port', port, '--time-offset-hours', '25'] });
    const counter = second.host;
    await expect.poll(async () => (await invoke(counter, 'terminalSales.get', { id: sale.id })).status, { timeout: 30_000 }).toBe('processed');
    const adopted = await invoke(counter, 'terminalSales.get', { id: sale.id });
    expect(adopted.orderId).not.toBeNull();
    await expect.poll(() => receiptsPrinted(counter.sandboxBaseUrl), { timeout: 20_000 }).toBe(1);
    // One order under the sale's reference: it was adopted, never made again.
    expect(await ordersOnPlatform(counter.sandboxBaseUrl, adopted.externalReference)).toEqual([
      expect.objectContaining({ id: adopted.orderId, status: 'processed' }),
    ]);

    const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    await page.goto(counter.url.replace(/#.*$/, '') + '#/manager');
    const row = page.getByTestId('manager-sale-row').first();
    await expect(row).toContainText('24', { timeout: 20_000 });
    await expect(page.getByTestId('manager-sale-row')).toHaveCount(1);
    await page.getByTestId('manager-sales').scrollIntoViewIfNeeded();
    await screenshot(page, 'sell-day-later-adopted-en-1366');
  } finally {
    await first.stop();
    await second?.stop();
    rmSync(data, { recursive: true, force: true });
  }
});
