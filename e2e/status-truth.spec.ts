import type { Page } from '@playwright/test';
import type { FaultRule } from '../src/sandbox/control/faults';
import type { TerminalSettingsPatch } from '../src/sandbox/terminals/virtual-terminal';
import { expect, screenshot, startCounterHost, test } from './fixtures';
import { openCounter, printReceipt } from './counter-page';

/**
 * The status a cashier sees is true, or says it is unsure. The real app (browser
 * host + embedded sandbox) with faults injected through the sandbox's control API. Run
 * `npx electron-vite build` first: the host serves the built renderer.
 */

const TERMINAL = 'NEWLAND_N950__SBX0000001';
const RECEIPT = [
  '{center}{b}LA ESQUINA{/b}{/center}',
  '{left}Cafe con leche            $2.500{/left}',
  '{b}TOTAL                     $3.700{/b}',
  'Ref {{external_reference}}',
].join('\n');

async function control(baseUrl: string, method: 'POST' | 'DELETE', path: string, body?: FaultRule | TerminalSettingsPatch): Promise<void> {
  const response = await fetch(
    `${baseUrl}${path}`,
    body === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  expect(response.ok, `${path} answered ${String(response.status)}`).toBe(true);
}

const addFault = (baseUrl: string, rule: FaultRule) => control(baseUrl, 'POST', '/__sandbox/faults', rule);
const clearFaults = (baseUrl: string) => control(baseUrl, 'DELETE', '/__sandbox/faults');
const setTerminal = (baseUrl: string, settings: TerminalSettingsPatch) => control(baseUrl, 'POST', `/__sandbox/terminals/${TERMINAL}`, settings);

const timeline = (page: Page, reference: string) => page.getByRole('group', { name: `Progress of ${reference}` });

test.describe('status truth', () => {
  test('when status reads fail, the timeline says it cannot confirm the status, offers no Cancel, and catches up within seconds', async ({ page, counter }) => {
    await setTerminal(counter.sandboxBaseUrl, { mode: 'manual' });
    await openCounter(page, counter.url, RECEIPT, TERMINAL);
    const reference = await printReceipt(page);
    const steps = timeline(page, reference);
    await expect(steps).toHaveAttribute('data-status', 'created');
    await expect(steps.getByTestId('timeline-cancel')).toBeVisible();

    // Every status read now fails; the terminal picks the print up and prints it meanwhile.
    await addFault(counter.sandboxBaseUrl, { method: 'GET', pathPattern: '/terminals/v1/actions/*', status: 500, count: 100_000 });
    await expect(steps.getByTestId('status-unconfirmed')).toContainText('Can’t confirm the status — last confirmed');
    await expect(steps.getByTestId('status-unconfirmed')).toHaveAttribute('data-code', 'internal_error');
    await expect(steps.getByTestId('timeline-cancel')).toHaveCount(0);
    await expect(page.getByTestId('print-status')).toContainText('Can’t confirm the status');
    await screenshot(page, 'status-truth-unconfirmed');
    await control(counter.sandboxBaseUrl, 'POST', `/__sandbox/terminals/${TERMINAL}/refresh`);

    await clearFaults(counter.sandboxBaseUrl);
    // The reads' own retry schedule (at most 4 s apart), not the create back-off.
    await expect(steps).toHaveAttribute('data-status', 'processed', { timeout: 8_000 });
    await expect(steps.getByTestId('status-unconfirmed')).toHaveCount(0);
  });

  test('the connection light follows real requests: Offline during an outage the health route does not see, and "Check again" after it sends the waiting print at once', async ({
    page,
    counter,
  }) => {
    await openCounter(page, counter.url, RECEIPT, TERMINAL);
    const light = page.getByTestId('status-connection');
    await expect(light).toContainText('Online');
    await addFault(counter.sandboxBaseUrl, { method: '*', pathPattern: '/terminals/*', status: 500, count: 100_000 });
    const reference = await printReceipt(page);
    await expect(light).toContainText('Offline');
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(page.getByRole('button', { name: 'Check again' })).toBeEnabled();
    await expect(light).toContainText('Offline');
    await screenshot(page, 'status-truth-offline');

    await clearFaults(counter.sandboxBaseUrl);
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(light).toContainText('Online');
    // Sent at once after the check, not after the create back-off's next wait.
    await expect(timeline(page, reference)).toHaveAttribute('data-status', /^(created|on_terminal|processed)$/, { timeout: 3_000 });
  });

  test('one endpoint answering 503 leaves the light Online (with "some requests fail"); a whole outage turns it Offline and it is back within 2 s of recovery, with no print and no "Check again"', async ({
    page,
    counter,
  }) => {
    await openCounter(page, counter.url, RECEIPT, TERMINAL);
    const light = page.getByTestId('status-connection');
    await expect(light).toContainText('Online');
    await addFault(counter.sandboxBaseUrl, { method: 'GET', pathPattern: '/terminals/v1/actions/*', status: 503, count: 100_000 });
    const first = await printReceipt(page);
    await expect(page.getByTestId('status-reason')).toHaveText('some requests fail', { timeout: 8_000 });
    await expect(light).toContainText('Online');
    await expect(light).toHaveAttribute('data-reason', 'partial');
    await expect(timeline(page, first).getByTestId('status-unconfirmed')).toBeVisible();
    await clearFaults(counter.sandboxBaseUrl);
    await expect(timeline(page, first)).toHaveAttribute('data-status', 'processed', { timeout: 8_000 });

    await addFault(counter.sandboxBaseUrl, { method: '*', pathPattern: '/terminals/*', status: 503, count: 100_000 });
    await printReceipt(page);
    await expect(light).toContainText('Offline', { timeout: 15_000 });
    await expect(page.getByTestId('status-reason')).toContainText('the platform answers with errors');
    // Let the create's back-off grow, as in a real outage, before the platform comes back.
    await page.waitForTimeout(6_000);
    await clearFaults(counter.sandboxBaseUrl);
    await expect(light).toContainText('Online', { timeout: 2_500 });
  });

  test('the light says Offline within 3 s when Counter’s host dies', async ({ page }) => {
    const own = await startCounterHost();
    try {
      await page.goto(own.host.url);
      const light = page.getByTestId('status-connection');
      await expect(light).toContainText('Online');
      await own.kill();
      await expect(light).toContainText('Offline', { timeout: 3_000 });
      await expect(light).toHaveAttribute('data-reason', 'host');
      await expect(page.getByTestId('status-reason')).toContainText('Counter itself is not answering');
    } finally {
      await own.stop();
    }
  });

  test('pressing Print again with the same receipt still on its way asks first, and every unfinished print stays on the screen', async ({ page, counter }) => {
    await setTerminal(counter.sandboxBaseUrl, { mode: 'manual' });
    await openCounter(page, counter.url, RECEIPT, TERMINAL);
    const first = await printReceipt(page);
    await expect(timeline(page, first)).toHaveAttribute('data-status', 'created');

    await page.getByTestId('print-button').click();
    const dialog = page.getByTestId('duplicate-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(first);
    await screenshot(page, 'status-truth-duplicate-question');
    await dialog.getByTestId('duplicate-keep').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('unfinished-print')).toHaveCount(0);

    await page.getByTestId('print-button').click();
    await dialog.getByTestId('duplicate-print').click();
    const second = page.getByTestId('print-timeline').first();
    await expect(page.getByTestId('unfinished-print')).toHaveCount(1);
    // The first, stuck print is still in sight under the print bar.
    await expect(page.locator(`[data-testid="unfinished-print"][data-reference="${first}"]`)).toBeVisible();
    await expect(second).not.toHaveAttribute('aria-label', `Progress of ${first}`);
    await screenshot(page, 'status-truth-unfinished-list');
  });

  test('a print the terminal failed says why, and Print again sends it once more', async ({ page, counter }) => {
    await setTerminal(counter.sandboxBaseUrl, { paper: 'out' });
    await openCounter(page, counter.url, RECEIPT, TERMINAL);
    const reference = await printReceipt(page);
    const steps = timeline(page, reference);
    await expect(steps).toHaveAttribute('data-status', 'failed', { timeout: 15_000 });
    await expect(steps.getByTestId('timeline-error')).toContainText('out of paper');
    await expect(steps.getByTestId('timeline-error-code')).toHaveText('code terminal_failed');
    await screenshot(page, 'status-truth-failed-reason');

    await setTerminal(counter.sandboxBaseUrl, { paper: 'ok' });
    await page.getByTestId('print-again').click();
    const again = page.getByTestId('print-timeline').first();
    await expect(again).not.toHaveAttribute('aria-label', `Progress of ${reference}`);
    await expect(again).toHaveAttribute('data-status', 'processed', { timeout: 15_000 });
  });

  test('a failed print’s reason follows a switch to Spanish on the Counter timeline, the Manager row and its drawer, its code kept', async ({
    page,
    counter,
    context,
  }) => {
    await setTerminal(counter.sandboxBaseUrl, { paper: 'out' });
    await page.setViewportSize({ width: 1024, height: 768 });
    await openCounter(page, counter.url, RECEIPT, TERMINAL);
    const reference = await printReceipt(page);
    const steps = timeline(page, reference);
    await expect(steps).toHaveAttribute('data-status', 'failed', { timeout: 15_000 });
    await expect(steps.getByTestId('timeline-error')).toContainText('out of paper');

    // From another tab, so this one keeps its followed print: the failed print gets no new event after the switch.
    const settings = await context.newPage();
    await settings.goto(counter.url);
    await settings.getByTestId('nav-settings').click();
    await settings.getByLabel('Language').selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await settings.close();
    const failed = page.getByRole('group', { name: `Avance de ${reference}` }).getByTestId('timeline-error');
    await expect(failed).toContainText('La terminal no pudo imprimirla (por ejemplo, no tiene papel).');
    await expect(failed).not.toContainText('out of paper');
    await expect(failed.getByTestId('timeline-error-code')).toHaveText('código terminal_failed');
    await screenshot(page, 'status-truth-failed-reason-es-1024');

    await page.getByTestId('nav-manager').click();
    const row = page.locator(`[data-testid="print-row"][data-reference="${reference}"]`);
    const errorCell = row.locator('.ph-error');
    await expect(errorCell).toHaveText('La terminal no pudo imprimirla (por ejemplo, no tiene papel). Revise la terminal y vuelva a imprimirla.');
    await expect(errorCell).toHaveAttribute('data-code', 'terminal_failed');
    await errorCell.scrollIntoViewIfNeeded();
    await screenshot(page, 'status-truth-manager-failed-es-1024');
    await row.click();
    const drawerError = page.getByTestId('drawer-error');
    await expect(drawerError).toContainText('terminal_failed');
    await expect(drawerError).toContainText('La terminal no pudo imprimirla');
    await expect(drawerError).not.toContainText('out of paper');
    await screenshot(page, 'status-truth-manager-drawer-failed-es-1024');
  });

  test('a print the platform lost before pickup (404) is not shown as having reached the terminal', async ({ page, counter }) => {
    await setTerminal(counter.sandboxBaseUrl, { mode: 'manual' });
    await openCounter(page, counter.url, RECEIPT, TERMINAL);
    const reference = await printReceipt(page);
    const steps = timeline(page, reference);
    await expect(steps).toHaveAttribute('data-status', 'created');
    await addFault(counter.sandboxBaseUrl, { method: 'GET', pathPattern: '/terminals/v1/actions/*', status: 404, code: 'order_not_found', count: 100_000 });
    await expect(steps).toHaveAttribute('data-status', 'failed', { timeout: 20_000 });
    await expect(steps.locator('[data-step="on_terminal"]')).toHaveAttribute('data-state', 'skipped');
    await expect(steps.getByTestId('timeline-error-code')).toHaveText('code order_not_found');
    await expect(page.getByTestId('print-again')).toBeVisible();
  });

  test('screenshots of the changed Counter states in both languages at 1366×768 and 1024×768', async ({ page, counter, context }) => {
    await setTerminal(counter.sandboxBaseUrl, { mode: 'manual' });
    await page.setViewportSize({ width: 1366, height: 768 });
    await openCounter(page, counter.url, RECEIPT, TERMINAL);
    const first = await printReceipt(page);
    await expect(timeline(page, first)).toHaveAttribute('data-status', 'created');
    await page.getByTestId('print-button').click();
    await page.getByTestId('duplicate-dialog').getByTestId('duplicate-print').click();
    await expect(page.getByTestId('unfinished-print')).toHaveCount(1);
    await addFault(counter.sandboxBaseUrl, { method: 'GET', pathPattern: '/terminals/v1/actions/*', status: 500, count: 100_000 });
    await expect(page.getByTestId('status-unconfirmed').first()).toBeVisible();

    // The language is changed from another tab, so this one keeps its followed print.
    const settings = await context.newPage();
    for (const language of ['en', 'es'] as const) {
      if (language === 'es') {
        await settings.goto(counter.url);
        await settings.getByTestId('nav-settings').click();
        await settings.getByLabel('Language').selectOption('es');
        await expect(page.locator('html')).toHaveAttribute('lang', 'es');
        await expect(page.getByTestId('status-unconfirmed').first()).toContainText('No se puede confirmar el estado');
      }
      for (const width of [1366, 1024]) {
        await page.setViewportSize({ width, height: 768 });
        await screenshot(page, `status-truth-counter-${language}-${String(width)}`);
        await page.getByTestId('print-button').click();
        await expect(page.getByTestId('duplicate-dialog')).toBeVisible();
        await screenshot(page, `status-truth-duplicate-${language}-${String(width)}`);
        await page.getByTestId('duplicate-keep').click();
      }
    }
  });
});
