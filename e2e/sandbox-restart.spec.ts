import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, screenshot, startCounterHost, test } from './fixtures';

/**
 * Sandbox mode across a restart of the browser host: the embedded sandbox comes back with its
 * state at the same address, so a print the terminal held finishes; a tab of the earlier run says it
 * belongs to an earlier session; the terminal's paper is one click away, and the sandbox's own address
 * lists its terminals. Run `npx electron-vite build` first.
 */

const TERMINAL = 'NEWLAND_N950__SBX0000001';
const RECEIPT = [
  '{center}{b}LA ESQUINA{/b}{/center}',
  'Cafe con leche            $2.500',
  'Medialuna                 $1.200',
  'Ref {{external_reference}} at {{terminal}}',
].join('\n');

async function post(url: string, body?: unknown): Promise<void> {
  const response = await fetch(
    url,
    body === undefined ? { method: 'POST' } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  expect(response.ok, `${url} answered ${String(response.status)}`).toBe(true);
}

test('a print the terminal held finishes after a restart, and the old tab says its session ended', async ({ browser }) => {
  const data = mkdtempSync(join(tmpdir(), 'counter-e2e-restart-'));
  const first = await startCounterHost({ dataDirectory: data });
  let second: Awaited<ReturnType<typeof startCounterHost>> | undefined;
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const oldTab = await context.newPage();
    // The terminal takes the print and holds it until told how it ended.
    await post(`${first.host.sandboxBaseUrl}/__sandbox/terminals/${TERMINAL}`, { completion: 'manual', pickup_delay_ms: 0 });
    await oldTab.goto(first.host.url);
    await oldTab.getByTestId('receipt-editor').fill(RECEIPT);
    await oldTab.locator('select[data-testid="terminal"]').selectOption(TERMINAL);
    // Sandbox mode: the paper is one click away, beside the picker.
    await expect(oldTab.getByTestId('paper-link')).toHaveAttribute('href', `${first.host.sandboxBaseUrl}/__sandbox/terminals/${TERMINAL}/view?lang=en`);
    await expect(oldTab.getByTestId('receipt-preview')).toContainText('at CAJA01');
    const reference = await oldTab.getByTestId('external-reference').inputValue();
    await oldTab.getByTestId('print-button').click();
    const steps = oldTab.getByRole('group', { name: `Progress of ${reference}` });
    await expect(steps).toHaveAttribute('data-status', 'on_terminal', { timeout: 15_000 });

    await first.stop();
    const oldOrigin = new URL(first.host.origin);
    second = await startCounterHost({ dataDirectory: data, extraArgs: ['--port', oldOrigin.port] });
    expect(second.host.sandboxBaseUrl).toBe(first.host.sandboxBaseUrl);

    // The old tab's token is from the earlier run: it says so instead of half-working.
    await expect(oldTab.getByTestId('session-ended')).toContainText('This window belongs to an earlier session', { timeout: 20_000 });
    await screenshot(oldTab, 'session-ended-en');

    // The terminal still holds that print and reports it printed; the new session sees it finish.
    await post(`${second.host.sandboxBaseUrl}/__sandbox/terminals/${TERMINAL}/complete`, { status: 'processed' });
    const page = await context.newPage();
    await page.goto(second.host.url);
    await page.getByTestId('nav-queue').click();
    const row = page.locator(`[data-testid="queue-row"][data-reference="${reference}"]`);
    await expect(row).toHaveAttribute('data-status', 'processed', { timeout: 20_000 });

    // The sandbox's address is a page listing its terminals, each linked to its paper.
    await page.goto(`${second.host.sandboxBaseUrl}/`);
    await page.getByRole('link', { name: 'Caja 1' }).click();
    await expect(page.getByRole('region', { name: 'paper roll' }).getByRole('heading', { level: 2 })).toHaveText('Paper roll (1 printed)');
    await context.close();
  } finally {
    await first.stop();
    await second?.stop();
    rmSync(data, { recursive: true, force: true });
  }
});

for (const size of [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const) {
  for (const language of ['en', 'es'] as const) {
    test(`a tab with another run's token says its session ended (${size.width}×${size.height}, ${language}); the sandbox index`, async ({
      browser,
      counter,
    }) => {
      const context = await browser.newContext({ viewport: size, locale: language === 'es' ? 'es-ES' : 'en-US' });
      const page = await context.newPage();
      await page.goto(`${counter.origin}/?counter-token=from-an-earlier-run`);
      await expect(page.getByTestId('session-ended')).toContainText(
        language === 'en' ? 'This window belongs to an earlier session' : 'Esta ventana pertenece a una sesión anterior',
      );
      await screenshot(page, `session-ended-${size.width}-${language}`);
      await page.goto(`${counter.sandboxBaseUrl}/`);
      await expect(page.getByRole('link', { name: 'Caja 1' })).toHaveAttribute('href', `/__sandbox/terminals/${TERMINAL}/view`);
      await screenshot(page, `sandbox-index-${size.width}`);
      await context.close();
    });
  }
}
