import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, invoke, SCREENSHOT_DIR, startCounterHost, test, type CounterHost } from './fixtures';
import { layoutProblems } from './layout-check';

/**
 * A store owner's first run, on the embedded sandbox: the set-up guide in Settings signs in, chooses and
 * names a terminal and prints a test ticket that reaches the virtual terminal's paper; in both languages at
 * both window sizes, with nothing cut or scrolling sideways and no serious accessibility violation.
 * Run `npx electron-vite build` first.
 */

const TERMINAL = 'NEWLAND_N950__SBX0000001';
const SHOTS = process.env['SHOTS_DIR'] ?? SCREENSHOT_DIR;
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;
const WORDS = {
  en: {
    progress: '1 of 3 steps done',
    demo: 'Connected to the demo account.',
    signedIn: 'Connected as user 1001.',
    printed: 'Printed: the terminal took the test ticket.',
    done: 'Done',
    allDone: /^Counter is set up/,
  },
  es: {
    progress: '1 de 3 pasos hechos',
    demo: 'Conectado a la cuenta de demostración.',
    signedIn: 'Conectado como usuario 1001.',
    printed: 'Impreso: la terminal tomó el ticket de prueba.',
    done: 'Hecho',
    allDone: /^Counter está configurado/,
  },
} as const;

async function checkScreen(page: Page, name: string, found: string[], focus: Locator): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await focus.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(0);
  found.push(...(await layoutProblems(page)).map((problem) => `${name}: ${problem.kind} ${problem.where} by ${problem.overflowPx}px`));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    for (const node of violation.nodes) found.push(`${name}: ${violation.id} (${violation.impact}) ${node.target.join(' ')}`);
  }
}

async function openSettings(page: Page, counter: CounterHost, language: 'en' | 'es'): Promise<void> {
  await page.goto(counter.url);
  await page.getByTestId('nav-settings').click();
  if (language === 'es') {
    await page.locator('#settings-language').selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  }
}

for (const language of ['en', 'es'] as const) {
  for (const size of SIZES) {
    test(`a store owner sets Counter up from the guide in ${language} at ${size.width}: sign in, name a terminal, a test print on paper`, async ({
      page,
      counter,
    }) => {
      const words = WORDS[language];
      const found: string[] = [];
      const shot = (state: string, focus: Locator) => checkScreen(page, `setup-guide-${state}-${size.width}-${language}`, found, focus);
      await page.setViewportSize(size);
      await openSettings(page, counter, language);
      const guide = page.getByTestId('setup-guide');
      await expect(guide.getByTestId('guide-progress')).toHaveText(words.progress);
      await expect(guide.getByTestId('guide-connect-line')).toHaveText(words.demo);
      await expect(guide.getByTestId('guide-step-connect')).toHaveAttribute('data-state', 'done');
      await expect(guide.getByTestId('guide-step-terminals')).toHaveAttribute('data-state', 'todo');
      await expect(guide.getByTestId('guide-terminal').first()).toBeVisible();
      await shot('start', guide.getByTestId('guide-step-terminals'));

      // 1. Sign in on the platform's page, opened in a new tab; nothing typed in Counter.
      const opened = page.context().waitForEvent('page');
      await guide.getByTestId('guide-sign-in').click();
      const tab = await opened;
      await tab.waitForLoadState();
      await tab.getByRole('button', { name: 'Accept' }).click();
      await expect(tab.getByText('Signed in. You can close this tab')).toBeVisible();
      await tab.close();
      await expect(guide.getByTestId('guide-connect-line')).toHaveText(words.signedIn);

      // 2. Choose the terminal and name it, by keyboard as much as by mouse.
      const row = guide.getByTestId('guide-terminal').filter({ hasText: TERMINAL });
      await row.getByTestId('guide-terminal-use').check();
      await row.getByTestId('guide-terminal-name').fill('Caja de adelante');
      await row.getByTestId('guide-terminal-name').press('Enter');
      await expect(guide.getByTestId('guide-step-terminals')).toHaveAttribute('data-state', 'done');
      await expect(guide.getByTestId('guide-step-terminals-state')).toHaveText(words.done);

      // 3. The test ticket goes through the queue; "printed" only once the terminal has printed it.
      const print = guide.getByTestId('guide-test-print');
      await expect(print).toContainText('Caja de adelante');
      await print.focus();
      await page.keyboard.press('Enter');
      await expect(guide.getByTestId('print-timeline')).toBeVisible();
      await expect(guide.getByTestId('guide-step-test')).toHaveAttribute('data-state', 'waiting');
      await shot('printing', guide.getByTestId('guide-step-test'));
      await expect(guide.getByTestId('guide-test-line')).toHaveText(words.printed, { timeout: 20_000 });
      await expect(guide.getByTestId('print-timeline')).toHaveAttribute('data-status', 'processed');
      await expect(guide.getByTestId('guide-step-test')).toHaveAttribute('data-state', 'done');
      await expect(guide).toHaveAttribute('data-done', '3');
      await shot('done', guide.getByTestId('guide-step-test'));

      // The ticket is on the virtual terminal's paper, under the print's own reference.
      const settings = await invoke(counter, 'settings.get', {});
      expect(settings.setupTestPrint).toMatchObject({ environment: 'sandbox', terminalId: TERMINAL });
      const detail = await invoke(counter, 'prints.get', { id: settings.setupTestPrint!.printId, includeContent: true });
      expect(detail.content).toContain('Caja de adelante');
      const paper = await page.context().newPage();
      await paper.goto(`${counter.sandboxBaseUrl}/__sandbox/terminals/${TERMINAL}/view`);
      const roll = paper.getByRole('region', { name: 'paper roll' });
      await expect(roll.getByRole('img', { name: `Print ${detail.externalReference}` })).toBeVisible();
      await paper.close();

      // Folded once done, and opened again from its button.
      await page.getByTestId('nav-counter').click();
      await page.getByTestId('nav-settings').click();
      await expect(guide.getByTestId('guide-step-connect')).toHaveCount(0);
      await expect(guide.getByTestId('guide-progress')).toHaveText(words.allDone);
      await shot('folded', guide);
      await guide.getByTestId('guide-toggle').click();
      await expect(guide.getByTestId('guide-step-test')).toHaveAttribute('data-state', 'done');
      expect([...new Set(found)]).toEqual([]);
    });
  }
}

test('the developer fields stay folded under “Advanced” until opened', async ({ page, counter }) => {
  await page.goto(`${counter.url}#/settings`);
  await expect(page.getByTestId('setup-guide')).toBeVisible();
  for (const [disclosure, field] of [
    ['connect-advanced', 'setup-clientId'],
    ['connect-advanced', 'setup-clientSecret'],
    ['connect-advanced', 'setup-baseUrl'],
    ['store-advanced', 'store-url'],
  ] as const) {
    await expect(page.getByTestId(field)).toBeHidden();
    await expect(page.getByTestId(disclosure)).not.toHaveAttribute('open');
  }
  await page.getByTestId('connect-advanced').locator('summary').click();
  await expect(page.getByTestId('setup-clientId')).toBeVisible();
  await expect(page.getByTestId('setup-clientSecret')).toBeVisible();
  await expect(page.getByTestId('store-url')).toBeHidden();
  // By keyboard too: the summary takes the focus and Enter opens it.
  await page.getByTestId('store-advanced').locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('store-url')).toBeVisible();
});

test('the guide resumes after a restart where it stood', async ({ page }) => {
  const dataDirectory = mkdtempSync(join(tmpdir(), 'counter-e2e-guide-'));
  try {
    let running = await startCounterHost({ dataDirectory });
    await page.goto(`${running.host.url}#/settings`);
    const guide = page.getByTestId('setup-guide');
    const row = guide.getByTestId('guide-terminal').filter({ hasText: TERMINAL });
    await row.getByTestId('guide-terminal-use').check();
    await row.getByTestId('guide-terminal-name').fill('Caja de adelante');
    await guide.getByTestId('guide-terminals-save').click();
    await expect(guide.getByTestId('guide-step-terminals')).toHaveAttribute('data-state', 'done');
    await expect(guide.getByTestId('guide-progress')).toHaveText('2 of 3 steps done');
    await running.stop();

    running = await startCounterHost({ dataDirectory });
    await page.goto(`${running.host.url}#/settings`);
    await expect(guide.getByTestId('guide-progress')).toHaveText('2 of 3 steps done');
    await expect(guide.getByTestId('guide-step-terminals')).toHaveAttribute('data-state', 'done');
    await expect(guide.getByTestId('guide-step-test')).toHaveAttribute('data-state', 'todo');
    await expect(row.getByTestId('guide-terminal-name')).toHaveValue('Caja de adelante');
    await running.stop();
  } finally {
    rmSync(dataDirectory, { recursive: true, force: true });
  }
});

test('a test print the terminal fails is shown as failed, the reason first and its code only under Details', async ({ page, counter }) => {
  await fetch(`${counter.sandboxBaseUrl}/__sandbox/terminals/${TERMINAL}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ paper: 'out' }),
  });
  await page.setViewportSize(SIZES[1]);
  await openSettings(page, counter, 'es');
  const guide = page.getByTestId('setup-guide');
  const row = guide.getByTestId('guide-terminal').filter({ hasText: TERMINAL });
  await row.getByTestId('guide-terminal-use').check();
  await row.getByTestId('guide-terminal-name').fill('Caja 1');
  await guide.getByTestId('guide-terminals-save').click();
  await guide.getByTestId('guide-test-print').click();
  await expect(guide.getByTestId('guide-step-test')).toHaveAttribute('data-state', 'failed', { timeout: 20_000 });
  await expect(guide.getByTestId('guide-test-line')).toHaveText(/El ticket de prueba no se imprimió/);
  await expect(guide.getByTestId('guide-progress')).toHaveText('2 de 3 pasos hechos');
  const error = guide.getByTestId('timeline-error');
  await expect(error).toContainText('papel');
  // The platform's code is not on screen until the person opens Details.
  await expect(error.getByTestId('timeline-error-code')).toBeHidden();
  const found: string[] = [];
  await checkScreen(page, 'setup-guide-failed-1024-es', found, guide.getByTestId('guide-step-test'));
  await error.getByText('Detalles').click();
  await expect(error.getByTestId('timeline-error-code')).toHaveText('código terminal_failed');
  await checkScreen(page, 'setup-guide-failed-details-1024-es', found, guide.getByTestId('guide-step-test'));
  expect([...new Set(found)]).toEqual([]);

  // Paper back: another test ticket prints, and the step is done.
  await fetch(`${counter.sandboxBaseUrl}/__sandbox/terminals/${TERMINAL}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ paper: 'ok' }),
  });
  await guide.getByTestId('guide-test-print').click();
  await expect(guide.getByTestId('guide-step-test')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
});

for (const language of ['en', 'es'] as const) {
  test(`in production without the application’s credentials, the guide says who enters them and sign-in waits (${language}, 1024)`, async ({
    page,
    counter,
  }) => {
    await page.setViewportSize(SIZES[1]);
    await openSettings(page, counter, language);
    const radio = page.locator('input[name="environment"][value="production"]');
    await radio.click();
    await expect(radio).toBeChecked();
    const guide = page.getByTestId('setup-guide');
    await expect(guide.getByTestId('guide-step-connect')).toHaveAttribute('data-state', 'todo');
    await expect(guide.getByTestId('guide-connect-line')).toContainText(language === 'en' ? 'Whoever installed Counter' : 'Quien instaló Counter');
    await expect(guide.getByTestId('guide-sign-in')).toBeDisabled();
    await expect(guide.getByTestId('guide-progress')).toHaveText(language === 'en' ? '0 of 3 steps done' : '0 de 3 pasos hechos');
    await expect(page.getByTestId('setup-clientId')).toBeHidden();
    const found: string[] = [];
    await checkScreen(page, `setup-guide-production-1024-${language}`, found, guide.getByTestId('guide-step-connect'));
    expect([...new Set(found)]).toEqual([]);
  });
}
