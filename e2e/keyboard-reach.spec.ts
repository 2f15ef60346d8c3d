import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { control, openSell, TERMINAL } from './sell-page';
import { openScreen, SCREENS } from './screens';

/**
 * Every action reachable by keyboard, on every screen, in both languages at both window sizes: each
 * visible button, link, field and list is reached by Tab (so it is in the tab order), shows a focus ring
 * when it has the keyboard, and the main actions work with the keyboard alone.
 */
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
] as const;
const LANGUAGES = ['en', 'es'] as const;

interface Reach {
  /** Controls never reached by Tab: `tag#testid "text"`. */
  unreached: string[];
  /** Controls reached without a visible focus ring. */
  noRing: string[];
  /** How many controls were looked for: a walk that found none proves nothing. */
  total: number;
}

/**
 * Marks every visible control, then walks the page with Tab and records what takes the focus and whether
 * it shows a ring. Left out, by design: controls of a composite widget (tabs, a toolbar, radio buttons)
 * whose group is reached (arrow keys move inside it), and the touch pads, whose every key is typed
 * into the field they fill (the amount, the PIN), which keeps the keyboard.
 */
async function walkWithTab(page: Page, within?: { scope: string; fromFocus: boolean }): Promise<Reach> {
  const total = await page.evaluate((options) => {
    document.querySelectorAll('[data-kr]').forEach((element) => element.removeAttribute('data-kr'));
    const root = options === undefined ? document : document.querySelector(options.scope);
    if (root === null) throw new Error(`nothing matches ${options?.scope ?? ''}`);
    const controls = Array.from(root.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, textarea, summary')).filter(
      (element) =>
        element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
        element.closest('[inert], [aria-hidden="true"]') === null &&
        !(element as HTMLButtonElement).disabled &&
        element.closest('.amount-pad, .pin-keys') === null,
    );
    controls.forEach((element, index) => element.setAttribute('data-kr', String(index)));
    // A panel that is not modal is walked from where its focus is, so Tab goes through it before the page.
    if (options?.fromFocus !== true) (document.activeElement as HTMLElement | null)?.blur();
    return controls.length;
  }, within);
  const reached = new Set<string>();
  const noRing: string[] = [];
  let first: string | null = null;
  for (let press = 0; press < total * 3 + 40; press++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate((scope) => {
      const element = document.activeElement as HTMLElement | null;
      if (element === null || element === document.body) return null;
      const ringed = (candidate: Element | null): boolean => {
        if (candidate === null) return false;
        const style = getComputedStyle(candidate);
        return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
      };
      // The ring may be drawn on the field's visible face (a hidden radio's label) or its frame (focus-within).
      // A date field's own calendar button (inside the field, where the page's style cannot reach) is ringed by the browser.
      const onPickerButton = element instanceof HTMLInputElement && /^(date|datetime-local)$/.test(element.type) && !element.matches(':focus');
      const ring =
        onPickerButton ||
        ringed(element) ||
        ringed(element.nextElementSibling) ||
        ringed(element.parentElement) ||
        ringed(element.parentElement?.parentElement ?? null);
      const name = `${element.tagName.toLowerCase()}${element.dataset['testid'] === undefined ? '' : `#${element.dataset['testid']}`} "${(element.textContent ?? element.getAttribute('aria-label') ?? '').trim().slice(0, 30)}"`;
      return { key: element.dataset['kr'] ?? `other:${name}`, ring, name, inside: scope === undefined || element.closest(scope) !== null };
    }, within?.scope);
    if (stop === null) continue;
    if (stop.key === first) break;
    first ??= stop.key;
    reached.add(stop.key);
    if (!stop.ring && stop.inside) noRing.push(stop.name);
  }
  const unreached = await page.evaluate(
    (keys) => {
      const seen = new Set(keys);
      const composite = '[role="tablist"], [role="toolbar"], [role="radiogroup"], [role="grid"], [role="menu"]';
      const describe = (element: HTMLElement) =>
        `${element.tagName.toLowerCase()}${element.dataset['testid'] === undefined ? '' : `#${element.dataset['testid']}`} "${(element.textContent ?? element.getAttribute('aria-label') ?? '').trim().slice(0, 30)}"`;
      return Array.from(document.querySelectorAll<HTMLElement>('[data-kr]'))
        .filter((element) => !seen.has(element.dataset['kr'] ?? ''))
        .filter((element) => {
          const group = element.closest(composite);
          if (group !== null && Array.from(group.querySelectorAll<HTMLElement>('[data-kr]')).some((other) => seen.has(other.dataset['kr'] ?? ''))) return false;
          if (element instanceof HTMLInputElement && element.type === 'radio' && element.name !== '') {
            const peers = Array.from(document.querySelectorAll<HTMLElement>(`input[type="radio"][name="${CSS.escape(element.name)}"]`));
            if (peers.some((other) => seen.has(other.dataset['kr'] ?? ''))) return false;
          }
          return true;
        })
        .map(describe);
    },
    [...reached],
  );
  return { unreached, noRing: [...new Set(noRing)], total };
}

async function chooseLanguage(page: Page, language: 'en' | 'es'): Promise<void> {
  if (language === 'en') return;
  await page.getByTestId('nav-settings').click();
  await page.locator('#settings-language').selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

for (const language of LANGUAGES) {
  test(`every control on every screen is reached by Tab with a visible ring, in ${language} at both sizes`, async ({ page, counter }) => {
    test.setTimeout(240_000);
    await page.goto(counter.url);
    await chooseLanguage(page, language);
    const found: string[] = [];
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const screen of SCREENS) {
        await openScreen(page, screen);
        const reach = await walkWithTab(page);
        found.push(...reach.unreached.map((control) => `${screen} ${size.width} ${language}: not reached by Tab: ${control}`));
        found.push(...reach.noRing.map((control) => `${screen} ${size.width} ${language}: no focus ring: ${control}`));
      }
    }
    expect(found).toEqual([]);
  });

  test(`Sell by keyboard alone: the amount, Enter charges, Esc cancels, in ${language}`, async ({ page, counter }) => {
    await page.goto(counter.url);
    await chooseLanguage(page, language);
    // The terminal takes nothing for a while, so Esc finds the sale still cancellable.
    await control(counter.sandboxBaseUrl, `/__sandbox/terminals/${TERMINAL}`, { pickup_delay_ms: 60_000 });
    await openSell(page, counter.url);
    await expect(page.getByTestId('sell-terminal')).toHaveValue(TERMINAL);
    await expect(page.getByTestId('sell-amount')).toBeFocused();
    await page.keyboard.type(language === 'es' ? '12,50' : '12.50');
    await expect(page.getByTestId('sell-amount-shown')).toContainText(language === 'es' ? '12,50' : '12.50');
    await page.keyboard.press('Enter');
    const card = page.getByTestId('sale-status');
    await expect(card).toHaveAttribute('data-status', 'created', { timeout: 15_000 });
    await expect(page.getByTestId('sell-amount')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('sell-esc-note')).toBeVisible();
    await expect(card).toHaveAttribute('data-status', 'canceled');
  });

  test(`the PIN pad by digits and Enter, and every dialog closes with Esc and keeps the focus inside, in ${language}`, async ({ page, counter }) => {
    await page.goto(counter.url);
    await chooseLanguage(page, language);
    await page.getByTestId('nav-counter').click();
    // Lock on demand, choose the first person by their number, type the PIN, Enter.
    await page.keyboard.press('Alt+l');
    await expect(page.getByTestId('lock-screen')).toBeVisible();
    await page.keyboard.press('1');
    await expect(page.getByTestId('lock-pin')).toBeFocused();
    await page.keyboard.type('1234');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('lock-screen')).toHaveCount(0);
    await expect(page.getByTestId('staff-name')).toBeVisible();

    const dialogs = [
      { screen: 'counter', opener: 'open-templates', dialog: 'templates-dialog' },
      { screen: 'manager', opener: 'prune-open', dialog: 'prune-dialog' },
      { screen: 'counter', opener: 'help-diagnostics', dialog: 'diagnostics-dialog' },
    ] as const;
    for (const { screen, opener, dialog } of dialogs) {
      await page.getByTestId(`nav-${screen}`).click();
      await page.getByTestId(opener).focus();
      await page.keyboard.press('Enter');
      const box = page.getByTestId(dialog);
      await expect(box).toBeVisible();
      for (let press = 0; press < 25; press++) {
        await page.keyboard.press(press % 5 === 4 ? 'Shift+Tab' : 'Tab');
        const inside = await box.evaluate((element) => element.contains(document.activeElement) || document.activeElement === document.body);
        expect(inside, `${dialog}: focus left the dialog after ${String(press + 1)} presses`).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(box).toBeHidden();
      await expect(page.getByTestId(opener), `${dialog}: the focus goes back to what opened it`).toBeFocused();
    }
  });

  test(`the approval dialog, the print drawer and the unfinished-print question: every control by Tab with a ring, Esc closes, in ${language}`, async ({
    page,
    counter,
  }) => {
    test.setTimeout(120_000);
    // The terminal holds each print until told: prints stay unfinished, to ask about and to cancel.
    await control(counter.sandboxBaseUrl, `/__sandbox/terminals/${TERMINAL}`, { mode: 'manual' });
    await page.goto(counter.url);
    await chooseLanguage(page, language);
    const found: string[] = [];
    const walkBoth = async (what: string, scope: string, fromFocus: () => Promise<void>, atLeast: number) => {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await fromFocus();
        const reach = await walkWithTab(page, { scope, fromFocus: true });
        expect(reach.total, `${what} ${size.width}: controls found`).toBeGreaterThanOrEqual(atLeast);
        found.push(...reach.unreached.map((control) => `${what} ${size.width}: not reached by Tab: ${control}`));
        found.push(...reach.noRing.map((control) => `${what} ${size.width}: no focus ring: ${control}`));
      }
    };

    // The unfinished-print question: Print again while the same receipt is still on its way.
    await openScreen(page, 'counter');
    await page
      .getByTestId('receipt-editor')
      .fill(`{center}{b}LA ESQUINA{/b}{/center}{br}${'-'.repeat(32)}{br}Cafe con leche            $2.500{br}Ref {{external_reference}}`);
    await page.locator('select[data-testid="terminal"]').selectOption(TERMINAL);
    await page.getByTestId('print-button').click();
    await expect(page.getByTestId('unfinished-print').or(page.getByTestId('print-timeline')).first()).toBeVisible();
    await page.getByTestId('print-button').click();
    const question = page.getByTestId('duplicate-dialog');
    await expect(question).toBeVisible();
    await walkBoth('unfinished-print question', '[data-testid="duplicate-dialog"]', () => page.getByTestId('duplicate-keep').focus(), 2);
    await page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);

    // The print drawer, opened from the history by the keyboard; Esc closes it.
    await openScreen(page, 'manager');
    const row = page.locator('[data-testid="print-row"][data-id]').first();
    await row.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByTestId('print-drawer');
    await expect(drawer).toBeVisible();
    await walkBoth('print drawer', '[data-testid="print-drawer"]', () => drawer.getByRole('heading', { level: 2 }).focus(), 3);
    await drawer.getByRole('heading', { level: 2 }).focus();
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);

    // The manager's approval: the cashier cancels the owner's print, which needs a manager's PIN.
    await page.keyboard.press('Alt+l');
    await expect(page.getByTestId('lock-screen')).toBeVisible();
    await page.keyboard.press('3');
    await expect(page.getByTestId('lock-pin')).toBeFocused();
    await page.keyboard.type('1357');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('lock-screen')).toHaveCount(0);
    await openScreen(page, 'queue');
    await page.getByTestId('timeline-cancel').first().click();
    const approval = page.getByTestId('approval-dialog');
    await expect(approval).toBeVisible();
    await walkBoth('approval dialog', '[data-testid="approval-dialog"]', () => page.getByTestId('approval-manager').focus(), 3);
    await page.keyboard.press('Escape');
    await expect(approval).toBeHidden();

    expect(found).toEqual([]);
  });
}
