import type { Locator, Page } from '@playwright/test';
import type { FaultRule } from '../src/sandbox/control/faults';
import type { TerminalSettingsPatch } from '../src/sandbox/terminals/virtual-terminal';
import { expect, screenshot, test } from './fixtures';
import { openCounter, printReceipt } from './counter-page';

/**
 * A print's life as the cashier follows it: the Counter screen's timeline and the Queue screen, in
 * the real app (browser host + embedded sandbox) against the sandbox's virtual terminal. Run
 * `npx electron-vite build` first: the host serves the built renderer.
 */

const TERMINAL = 'NEWLAND_N950__SBX0000001';

/** Long enough to print (at least 100 characters), short enough to read on the paper roll. */
const RECEIPT = [
  '{center}{w}{b}LA ESQUINA{/b}{/w}{/center}',
  '{left}Cafe con leche            $2.500{/left}',
  '{left}Medialuna                 $1.200{/left}',
  '{b}TOTAL                     $3.700{/b}',
  'Ref {{external_reference}}',
].join('\n');

/** A control-API call; `body` left out for the routes that take none. */
async function sandbox(baseUrl: string, path: string, body?: FaultRule | TerminalSettingsPatch | { status: 'processed' | 'failed' }): Promise<void> {
  const response = await fetch(
    `${baseUrl}${path}`,
    body === undefined ? { method: 'POST' } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  expect(response.ok, `${path} answered ${String(response.status)}`).toBe(true);
}

const setTerminal = (baseUrl: string, settings: TerminalSettingsPatch) => sandbox(baseUrl, `/__sandbox/terminals/${TERMINAL}`, settings);

/** Only the create: polls (GET) and cancels (…/cancel) are left alone. */
const faultOnCreate = (baseUrl: string, rule: Omit<FaultRule, 'method' | 'pathPattern'>) =>
  sandbox(baseUrl, '/__sandbox/faults', { method: 'POST', pathPattern: '/terminals/v1/actions', ...rule });

const timeline = (scope: Page | Locator, reference: string) => scope.getByRole('group', { name: `Progress of ${reference}` });
const queueRow = (page: Page, reference: string) => page.locator(`[data-testid="queue-row"][data-reference="${reference}"]`);

test.describe('print lifecycle', () => {
  test('a receipt goes queued → sent → on terminal → printed, and the terminal prints that very receipt', async ({ page, counter, context }) => {
    const terminalPage = await context.newPage();
    await terminalPage.goto(`${counter.sandboxBaseUrl}/__sandbox/terminals/${TERMINAL}/view`);
    await expect(terminalPage.getByRole('region', { name: 'paper roll' }).getByRole('heading', { level: 2 })).toHaveText('Paper roll (0 printed)');

    await openCounter(page, counter.url, RECEIPT, TERMINAL);
    const reference = await printReceipt(page);
    const steps = timeline(page, reference);
    await expect(steps).toBeVisible();
    // The terminal takes ~2 s to pick the print up: long enough to see it waiting.
    await expect(steps).toHaveAttribute('data-status', /^(queued|sending|created)$/);
    await expect(steps.getByTestId('timeline-cancel')).toBeVisible();
    await screenshot(page, 'counter-timeline-waiting');

    await expect(steps).toHaveAttribute('data-status', 'processed', { timeout: 15_000 });
    await expect(steps.getByTestId('timeline-state')).toHaveText('Printed.');
    await expect(steps.locator('[data-step="outcome"]')).toHaveAttribute('data-state', 'ok');
    await expect(steps.locator('[data-state="done"]')).toHaveCount(3);
    await expect(steps.getByTestId('timeline-cancel')).toHaveCount(0);
    await expect(page.getByTestId('print-status')).toContainText(`${reference}: Printed`);
    await screenshot(page, 'counter-timeline-printed');

    // The paper roll shows the same print: its caption and the reference printed on the paper itself.
    const roll = terminalPage.getByRole('region', { name: 'paper roll' });
    await expect(roll.getByRole('heading', { level: 2 })).toHaveText('Paper roll (1 printed)');
    await expect(roll.getByRole('img', { name: `Print ${reference}` })).toBeVisible();
    await expect(roll.locator('figcaption')).toContainText(reference);
    const printed = (await (await fetch(`${counter.sandboxBaseUrl}/__sandbox/terminals/${TERMINAL}/printed`)).json()) as {
      items: { external_reference: string; svg: string }[];
    };
    expect(printed.items.map((item) => item.external_reference)).toEqual([reference]);
    expect(printed.items[0]?.svg).toContain(`Ref ${reference}`);
    await screenshot(terminalPage, 'counter-timeline-terminal-view');
  });

  test('a print waiting for pickup is canceled from its timeline', async ({ page, counter }) => {
    // Manual pickup: the print stays `created` until the terminal's refresh is pressed.
    await setTerminal(counter.sandboxBaseUrl, { mode: 'manual' });
    await openCounter(page, counter.url, RECEIPT, TERMINAL);
    const reference = await printReceipt(page);
    const steps = timeline(page, reference);
    await expect(steps).toHaveAttribute('data-status', 'created');
    await expect(steps.getByTestId('timeline-state')).toHaveText('Sent; waiting for the terminal to pick it up.');
    await screenshot(page, 'counter-timeline-created');
    // By keyboard, as a cashier with the hands on the keys would.
    await steps.getByTestId('timeline-cancel').focus();
    await page.keyboard.press('Enter');
    await expect(steps).toHaveAttribute('data-status', 'canceled');
    await expect(steps.getByTestId('timeline-state')).toHaveText('Canceled; it will not print.');
    await expect(steps.getByTestId('timeline-state')).toBeFocused();
    await expect(steps.getByTestId('timeline-cancel')).toHaveCount(0);
    await expect(steps.locator('[data-step="outcome"]')).toHaveAttribute('data-state', 'stopped');
    await expect(steps.locator('[data-step="on_terminal"]')).toHaveAttribute('data-state', 'skipped');
    await screenshot(page, 'counter-timeline-canceled');
  });

  test('a print on the terminal has no Cancel button but says to cancel it on the terminal', async ({ page, counter }) => {
    // Manual pickup and completion: the print waits for refresh, then stays on the terminal until completed.
    await setTerminal(counter.sandboxBaseUrl, { mode: 'manual', completion: 'manual' });
    await openCounter(page, counter.url, RECEIPT, TERMINAL);
    const reference = await printReceipt(page);
    const held = timeline(page, reference);
    await expect(held).toHaveAttribute('data-status', 'created');
    await sandbox(counter.sandboxBaseUrl, `/__sandbox/terminals/${TERMINAL}/refresh`);
    await expect(held).toHaveAttribute('data-status', 'on_terminal', { timeout: 15_000 });
    await expect(held.getByTestId('timeline-cancel')).toHaveCount(0);
    await expect(held.getByTestId('timeline-on-terminal')).toHaveText('It is already on the terminal: to stop it, cancel it on the terminal itself.');
    await expect(held.locator('[data-step="on_terminal"]')).toHaveAttribute('aria-current', 'step');
    await screenshot(page, 'counter-timeline-on-terminal');
    await sandbox(counter.sandboxBaseUrl, `/__sandbox/terminals/${TERMINAL}/complete`, { status: 'processed' });
    await expect(held).toHaveAttribute('data-status', 'processed', { timeout: 15_000 });
  });

  test('a second print waits behind the first on the same terminal, then goes out; the Queue screen shows it', async ({ page, counter }) => {
    await setTerminal(counter.sandboxBaseUrl, { mode: 'manual' });
    await openCounter(page, counter.url, RECEIPT, TERMINAL);
    const first = await printReceipt(page);
    await expect(timeline(page, first)).toHaveAttribute('data-status', 'created');
    // The next sale's receipt: the same one again would be asked about first (status-truth.spec.ts).
    await page.getByTestId('receipt-editor').fill(`${RECEIPT}\nNext sale`);
    const second = await printReceipt(page);
    // The platform keeps one waiting order per terminal: the second stays in Counter's queue.
    await expect(timeline(page, second)).toHaveAttribute('data-status', 'queued');

    await page.getByTestId('nav-queue').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Print queue');
    const section = page.locator(`[data-testid="queue-terminal"][data-terminal="${TERMINAL}"]`);
    const active = section.getByTestId('queue-active');
    await expect(active.getByTestId('queue-row')).toHaveCount(2);
    await expect(active.getByTestId('queue-row').nth(0)).toHaveAttribute('data-reference', first);
    await expect(queueRow(page, first)).toHaveAttribute('data-status', 'created');
    await expect(queueRow(page, second)).toHaveAttribute('data-status', 'queued');
    await expect(queueRow(page, second).getByTestId('queue-behind')).toHaveText(`Waits behind ${first}`);
    await expect(timeline(queueRow(page, second), second).getByTestId('timeline-cancel')).toBeVisible();
    await screenshot(page, 'queue-waiting');

    // The terminal starts picking up again by itself: the first prints, then the second goes out.
    await setTerminal(counter.sandboxBaseUrl, { mode: 'auto' });
    await expect(queueRow(page, first)).toHaveAttribute('data-status', 'processed', { timeout: 15_000 });
    await expect(section.getByTestId('queue-finished').getByTestId('queue-row')).toHaveCount(1);
    await expect(queueRow(page, second)).toHaveAttribute('data-status', /^(sending|created|on_terminal|processed)$/, { timeout: 15_000 });
    await expect(queueRow(page, second).getByTestId('queue-behind')).toHaveCount(0);
    await screenshot(page, 'queue-second-out');
    await expect(queueRow(page, second)).toHaveAttribute('data-status', 'processed', { timeout: 20_000 });
    await expect(section.getByTestId('queue-active')).toHaveCount(0);
    await expect(page.getByTestId('queue-announcement')).toHaveText(`${second}: Printed`);
    await screenshot(page, 'queue-finished');
  });

  // Definitive refusals: the print fails at once. Each on a fresh app, so one print's end cannot hold up the next.
  const refusals = [
    { status: 403, code: 'forbidden_checking_terminal_owner', message: 'This terminal does not belong to the signed-in account.' },
    { status: 409, code: 'idempotency_key_already_used', message: 'The platform saw this print before with different data. Print it again as a new print.' },
  ];
  for (const refusal of refusals) {
    test(`a ${String(refusal.status)} ${refusal.code} shows as the cashier’s message with the code in small print`, async ({ page, counter }) => {
      await openCounter(page, counter.url, RECEIPT, TERMINAL);
      await faultOnCreate(counter.sandboxBaseUrl, { status: refusal.status, code: refusal.code });
      const reference = await printReceipt(page);
      const steps = timeline(page, reference);
      await expect(steps).toHaveAttribute('data-status', 'failed');
      await expect(steps.getByTestId('timeline-error')).toContainText(refusal.message);
      await expect(steps.getByTestId('timeline-error-code')).toHaveText(`code ${refusal.code}`);
      await expect(steps.locator('[data-step="outcome"]')).toHaveAttribute('data-state', 'bad');
      await expect(steps.getByTestId('timeline-cancel')).toHaveCount(0);
      // Never the platform's raw answer.
      await expect(steps).not.toContainText('{');
      await screenshot(page, `counter-timeline-failed-${String(refusal.status)}`);
    });
  }

  test('a 500 shows Counter retrying with the same print, which then goes through', async ({ page, counter }) => {
    await openCounter(page, counter.url, RECEIPT, TERMINAL);
    await faultOnCreate(counter.sandboxBaseUrl, { status: 500, count: 2 });
    const reference = await printReceipt(page);
    const steps = timeline(page, reference);
    await expect(steps.getByTestId('timeline-error')).toContainText('The platform had a temporary problem. Counter will retry.');
    await expect(steps.getByTestId('timeline-error-code')).toHaveText('code internal_error');
    await expect(steps.getByTestId('timeline-state')).toContainText('Counter keeps trying.');
    await screenshot(page, 'counter-timeline-retrying-500');
    await expect(steps).toHaveAttribute('data-status', 'processed', { timeout: 20_000 });
    await expect(steps.getByTestId('timeline-error')).toHaveCount(0);
  });

  test('a 401 shows the credentials message', async ({ page, counter }) => {
    await openCounter(page, counter.url, RECEIPT, TERMINAL);
    // More refusals than Counter's refresh and retries can use up within the test, even on a loaded
    // machine: the print must still be waiting on credentials when its message and code are read.
    await faultOnCreate(counter.sandboxBaseUrl, { status: 401, code: 'unauthorized', count: 100 });
    const reference = await printReceipt(page);
    const steps = timeline(page, reference);
    await expect(steps.getByTestId('timeline-error')).toContainText('The platform did not accept Counter’s access. Check the credentials in Settings.');
    await expect(steps.getByTestId('timeline-error-code')).toHaveText('code unauthorized');
    await screenshot(page, 'counter-timeline-401');
  });
});
