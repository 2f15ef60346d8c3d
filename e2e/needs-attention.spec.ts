import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { FaultRule } from '../src/sandbox/control/faults';
import type { TerminalSettingsPatch } from '../src/sandbox/terminals/virtual-terminal';
import { expect, startCounterHost, test } from './fixtures';

/**
 * A print that cannot be created must not hold its terminal's lane, through the browser host and the
 * sandbox's fault API: a print whose creates keep failing is set aside ("Needs attention"), the next
 * print to the same terminal prints, and Give up clears it without anything printed twice. The host runs with a short set-aside rule
 * (3 failures, no minimum time) so the test does not wait minutes. Run `npx electron-vite build` first.
 */

const TERMINAL = 'NEWLAND_N950__SBX0000001';
const SHOTS = process.env['COUNTER_SHOTS'] ?? join('e2e', 'screenshots');
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;

async function control(baseUrl: string, path: string, body: FaultRule | TerminalSettingsPatch): Promise<void> {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.ok, `${path} answered ${String(response.status)}`).toBe(true);
}

async function printed(baseUrl: string): Promise<string[]> {
  const answer = (await (await fetch(`${baseUrl}/__sandbox/terminals/${TERMINAL}/printed`)).json()) as { items: { external_reference: string }[] };
  return answer.items.map((item) => item.external_reference);
}

async function print(page: Page, label: string): Promise<string> {
  // At least 100 characters, as the terminal needs.
  await page.getByTestId('receipt-editor').fill(`{center}{b}${label}{/b}{/center}\n{left}Cafe con leche            $2.500{/left}\nRef {{external_reference}}`);
  await expect(page.getByTestId('print-button')).toBeEnabled();
  const reference = await page.getByTestId('external-reference').inputValue();
  await page.getByTestId('print-button').click();
  await expect(page.getByTestId('external-reference')).not.toHaveValue(reference);
  return reference;
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(SHOTS, `${name}-${size.width}.png`) });
  }
  await page.setViewportSize(SIZES[0]);
}

const timeline = (page: Page, reference: string, language: 'en' | 'es' = 'en') =>
  page.getByRole('group', { name: `${language === 'en' ? 'Progress of' : 'Avance de'} ${reference}` }).first();

test('a print whose creates keep failing needs attention, the next one prints, and Give up clears it, printing nothing twice', async ({ page }) => {
  const { host, stop } = await startCounterHost({ extraArgs: ['--set-aside', '3:0'] });
  try {
    await page.setViewportSize(SIZES[0]);
    // Exactly the three failures the host's rule sets aside after: the next print's create goes through.
    await control(host.sandboxBaseUrl, '/__sandbox/faults', { method: 'POST', pathPattern: '/terminals/v1/actions', count: 3, status: 500 });
    await page.goto(host.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compose and print');
    await page.locator('select[data-testid="terminal"]').selectOption(TERMINAL);

    const stuck = await print(page, 'STUCK');
    const stuckSteps = timeline(page, stuck);
    await expect(stuckSteps.getByTestId('timeline-state')).toContainText(
      'Needs attention — The platform kept answering this print with an error (internal_error)',
    );
    await expect(stuckSteps.getByTestId('attention-try-again')).toBeVisible();

    const next = await print(page, 'NEXT');
    await expect(timeline(page, next).getByTestId('timeline-state')).toContainText('Printed.', { timeout: 20_000 });
    expect(await printed(host.sandboxBaseUrl)).toEqual([next]);
    // The set-aside print is still there, waiting for the cashier.
    await expect(timeline(page, stuck).getByTestId('timeline-state')).toContainText('Needs attention');
    await shoot(page, 'needs-attention-counter-en');

    await page.getByTestId('nav-queue').click();
    const queueRow = page.locator(`[data-testid="queue-row"][data-reference="${stuck}"]`);
    await expect(queueRow).toHaveAttribute('data-status', 'needs_attention');
    await expect(queueRow.getByTestId('attention-give-up')).toBeVisible();
    await shoot(page, 'needs-attention-queue-en');

    // Give up asks first; "Keep it" leaves it as it was.
    await queueRow.getByTestId('attention-give-up').click();
    await expect(queueRow.getByTestId('give-up-confirm')).toContainText('Give up on this print?');
    await shoot(page, 'needs-attention-confirm-en');
    await queueRow.getByTestId('give-up-no').click();
    await expect(queueRow.getByTestId('attention-give-up')).toBeVisible();

    // The manager's drawer offers the same two ways out.
    await managerDrawerOf(page, stuck);
    // The terminal's card says it has a print waiting for a person, never "Idle … failures 0".
    const card = page.locator(`[data-testid="terminal-card"][data-terminal="${TERMINAL}"]`);
    await expect(card.getByTestId('card-attention')).toContainText(`1 print needs attention${stuck}`);
    await expect(card).not.toContainText('Idle');
    await shoot(page, 'needs-attention-manager-en');

    await page.getByTestId('nav-settings').click();
    await page.getByLabel('Language').selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.getByTestId('nav-queue').click();
    await expect(queueRow.getByTestId('timeline-state')).toContainText('Requiere atención — La plataforma siguió respondiendo');
    await expect(queueRow.getByTestId('attention-give-up')).toHaveText(/Abandonar/);
    await shoot(page, 'needs-attention-queue-es');
    await page.getByTestId('nav-counter').click();
    await expect(timeline(page, stuck, 'es').getByTestId('timeline-state')).toContainText('Requiere atención');
    await shoot(page, 'needs-attention-counter-es');
    await managerDrawerOf(page, stuck);
    await expect(page.getByTestId('print-drawer').getByTestId('attention-give-up')).toHaveText(/Abandonar/);
    await shoot(page, 'needs-attention-manager-es');
    await queueRowGiveUp(page, stuck, host.sandboxBaseUrl);

    // Nothing printed twice; the given-up print never printed at all.
    expect(await printed(host.sandboxBaseUrl)).toEqual([next]);
  } finally {
    await stop();
  }
});

/** The manager's drawer of a set-aside print: Try again and Give up are there, and Give up asks first. */
async function managerDrawerOf(page: Page, reference: string): Promise<void> {
  await page.getByTestId('nav-manager').click();
  const row = page.locator(`[data-testid="print-row"][data-reference="${reference}"]`);
  await row.click();
  const drawer = page.getByTestId('print-drawer');
  await expect(drawer.getByTestId('drawer-reference')).toHaveText(reference);
  await expect(drawer.getByTestId('attention-try-again')).toBeVisible();
  await drawer.getByTestId('attention-give-up').click();
  await expect(drawer.getByTestId('give-up-confirm')).toBeVisible();
  await drawer.getByTestId('give-up-no').click();
  await expect(drawer.getByTestId('attention-give-up')).toBeVisible();
}

/** Give up from the Queue screen, in Spanish: the platform had none of it, or cancels what it had. */
async function queueRowGiveUp(page: Page, reference: string, sandboxBaseUrl: string): Promise<void> {
  // Held for pickup: if the give-up's resend creates it, the cancel reaches it before any terminal could.
  await control(sandboxBaseUrl, `/__sandbox/terminals/${TERMINAL}`, { mode: 'manual' });
  await page.getByTestId('nav-queue').click();
  const row = page.locator(`[data-testid="queue-row"][data-reference="${reference}"]`);
  await row.getByTestId('attention-give-up').click();
  await row.getByTestId('give-up-yes').click();
  // Finished, it moves to the terminal's finished list as canceled.
  const finished = page.getByTestId('queue-finished').locator(`[data-reference="${reference}"]`);
  await expect(finished).toHaveAttribute('data-status', 'canceled');
  await expect(finished.getByTestId('timeline-state')).toContainText('Cancelada');
  await shoot(page, 'needs-attention-given-up-es');
}
