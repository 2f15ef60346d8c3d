import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { ChannelName, ChannelRequest, ChannelResponse } from '../src/shared/ipc/contract';
import type { IpcResult } from '../src/shared/ipc/define';
import { expect, screenshot, startCounterHost, test, type CounterHost } from './fixtures';

/**
 * The store manager's screen in the real app (browser host + embedded sandbox, whose virtual terminals
 * pick a print up after about 2 s and print it in about 1.5 s). Run `npx electron-vite build` first.
 */

const TERMINAL_1 = 'NEWLAND_N950__SBX0000001';
const TERMINAL_2 = 'NEWLAND_N950__SBX0000002';
const TERMINAL_3 = 'PAX_A910__SBX0000003';
const SEEDED = 3_000;

/** A host whose journal already holds months of finished prints (`--seed-prints`). */
function seededTest(count: number) {
  return test.extend<{ counter: CounterHost }>({
    // eslint-disable-next-line no-empty-pattern
    counter: async ({}, use) => {
      const { host, stop } = await startCounterHost({ extraArgs: ['--seed-prints', String(count)] });
      await use(host);
      await stop();
    },
  });
}
const seeded = seededTest(SEEDED);

/** Calls the contract the way the renderer does (the host's token, the page's origin), for setup and for checking. */
async function invoke<C extends ChannelName>(counter: CounterHost, channel: C, request: ChannelRequest<C>): Promise<ChannelResponse<C>> {
  const response = await fetch(`${counter.origin}/__counter/invoke/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-counter-token': counter.token, origin: counter.origin },
    body: JSON.stringify(request),
  });
  const result = (await response.json()) as IpcResult<ChannelResponse<C>>;
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

async function sandboxTerminal(counter: CounterHost, terminalId: string, action: { settings: Record<string, unknown> } | 'refresh'): Promise<void> {
  const response =
    action === 'refresh'
      ? await fetch(`${counter.sandboxBaseUrl}/__sandbox/terminals/${terminalId}/refresh`, { method: 'POST' })
      : await fetch(`${counter.sandboxBaseUrl}/__sandbox/terminals/${terminalId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(action.settings),
        });
  if (!response.ok) throw new Error(`sandbox terminal ${terminalId}: ${response.status} ${await response.text()}`);
}

function receipt(label: string): string {
  return `{center}{b}TIENDA CENTRO{/b}{/center}{br}${label}{br}${'-'.repeat(32)}{br}1 x Cafe americano          $2.500{br}{b}TOTAL                     $2.500{/b}`;
}

const enqueue = (counter: CounterHost, terminalId: string, label: string) =>
  invoke(counter, 'prints.enqueue', { terminalId, subtype: 'custom', content: receipt(label) });

const card = (page: Page, terminalId: string) => page.locator(`[data-testid="terminal-card"][data-terminal="${terminalId}"]`);
const rows = (page: Page) => page.locator('[data-testid="print-row"][data-id]');
const drawer = (page: Page) => page.getByTestId('print-drawer');
const countText = (page: Page) => page.getByTestId('history-count');

async function openManager(page: Page, counter: CounterHost): Promise<void> {
  await page.goto(counter.url);
  await page.getByTestId('nav-manager').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Store manager');
  await expect(card(page, TERMINAL_1)).toBeVisible();
}

/** The visible rows' values of one column, read from the page. */
async function column(page: Page, attribute: 'data-reference' | 'data-id'): Promise<string[]> {
  return rows(page).evaluateAll((elements, name) => elements.map((element) => element.getAttribute(name) ?? ''), attribute);
}

async function cellTexts(locator: Locator, cellClass: string): Promise<string[]> {
  return locator.locator(`.${cellClass}`).allTextContents();
}

function count(value: number): string {
  return value === 1 ? '1 print' : `${value.toLocaleString('en-GB')} prints`;
}

test.describe('Manager screen', () => {
  test('prints on three terminals show on their cards, live, and leave them when printed', async ({ page, counter }) => {
    for (const terminalId of [TERMINAL_1, TERMINAL_2, TERMINAL_3]) await sandboxTerminal(counter, terminalId, { settings: { mode: 'manual' } });
    await openManager(page, counter);
    for (const terminalId of [TERMINAL_1, TERMINAL_2, TERMINAL_3]) await expect(card(page, terminalId).getByTestId('card-current')).toContainText('Idle');

    const one = await enqueue(counter, TERMINAL_1, 'one');
    const two = await enqueue(counter, TERMINAL_2, 'two');
    const three = await enqueue(counter, TERMINAL_3, 'three');
    const behind = await enqueue(counter, TERMINAL_1, 'one, second');
    for (const [terminalId, print] of [
      [TERMINAL_1, one],
      [TERMINAL_2, two],
      [TERMINAL_3, three],
    ] as const) {
      const current = card(page, terminalId).getByTestId('card-current');
      await expect(current).toContainText(print.externalReference);
      await expect(current.locator('[data-status]')).toHaveAttribute('data-status', 'created');
      await expect(card(page, terminalId).getByTestId('card-answered')).toContainText(/just now|\d+ s ago/);
    }
    await expect(card(page, TERMINAL_1).getByTestId('card-queued')).toHaveText('1');
    await expect(card(page, TERMINAL_2).getByTestId('card-queued')).toHaveText('0');
    // The table follows the same events: the four new prints are on top.
    await expect(countText(page)).toHaveText(count(4));
    await expect.poll(() => column(page, 'data-reference')).toEqual([behind, three, two, one].map((print) => print.externalReference));
    await screenshot(page, 'manager-board-live');

    for (const terminalId of [TERMINAL_2, TERMINAL_3]) await sandboxTerminal(counter, terminalId, 'refresh');
    for (const terminalId of [TERMINAL_2, TERMINAL_3])
      await expect(card(page, terminalId).getByTestId('card-current')).toContainText('Idle', { timeout: 15_000 });
    await expect(rows(page).filter({ hasText: two.externalReference }).locator('[data-status]')).toHaveAttribute('data-status', 'processed');

    // Terminal 1 prints its first, then takes the one that waited behind it.
    await sandboxTerminal(counter, TERMINAL_1, 'refresh');
    await expect(card(page, TERMINAL_1).getByTestId('card-current')).toContainText(behind.externalReference, { timeout: 15_000 });
    await expect(card(page, TERMINAL_1).getByTestId('card-queued')).toHaveText('0');
  });

  seeded('filters by terminal, status, kind and dates, and the search finds a reference, as main answers them', async ({ page, counter }) => {
    await openManager(page, counter);
    await expect(countText(page)).toHaveText(count(SEEDED));
    await expect(rows(page).first()).toBeVisible();

    await page.getByTestId('filter-terminal').selectOption(TERMINAL_2);
    await page.getByTestId('filter-status').getByRole('checkbox', { name: 'Failed' }).check();
    await page.getByTestId('filter-status').getByRole('checkbox', { name: 'Canceled' }).check();
    const expected = await invoke(counter, 'prints.list', {
      filters: { terminalId: TERMINAL_2, status: ['failed', 'canceled'] },
      page: { index: 0, size: 200 },
    });
    expect(expected.total).toBeGreaterThan(5);
    await expect(countText(page)).toHaveText(count(expected.total));
    await expect.poll(() => column(page, 'data-id')).toEqual(expected.items.slice(0, await rows(page).count()).map((print) => print.id));
    for (const terminal of await rows(page)
      .locator('.ph-terminal')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-terminal'))))
      expect(terminal).toBe(TERMINAL_2);
    for (const status of await rows(page)
      .locator('[data-status]')
      .evaluateAll((pills) => pills.map((pill) => pill.getAttribute('data-status'))))
      expect(['failed', 'canceled']).toContain(status);
    await screenshot(page, 'manager-filtered');

    await page.getByTestId('filter-clear').click();
    await expect(countText(page)).toHaveText(count(SEEDED));
    await page.getByTestId('filter-subtype').selectOption('invoice');
    const invoices = await invoke(counter, 'prints.list', { filters: { subtype: 'invoice' }, page: { index: 0, size: 1 } });
    await expect(countText(page)).toHaveText(count(invoices.total));
    for (const kind of await cellTexts(rows(page), 'ph-subtype')) expect(kind).toBe('Invoice');

    // A date range is whole local days: the day of a known print, and only that day.
    await page.getByTestId('filter-subtype').selectOption('');
    const sample = (await invoke(counter, 'prints.list', { sort: { field: 'createdAt', direction: 'asc' }, page: { index: 40, size: 1 } })).items[0];
    if (sample === undefined) throw new Error('the seeded journal is too short');
    const day = await page.evaluate((iso) => {
      const date = new Date(iso);
      return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    }, sample.createdAt);
    await page.getByTestId('filter-from').fill(day);
    await page.getByTestId('filter-to').fill(day);
    const { from, to } = await page.evaluate((date) => {
      const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
      return { from: new Date(year, month - 1, dayOfMonth).toISOString(), to: new Date(year, month - 1, dayOfMonth + 1).toISOString() };
    }, day);
    const ofThatDay = await invoke(counter, 'prints.list', { filters: { from, to }, page: { index: 0, size: 200 } });
    expect(ofThatDay.items.map((print) => print.id)).toContain(sample.id);
    await expect(countText(page)).toHaveText(count(ofThatDay.total));
    // The cell shows the locale's date and time (lib/datetime); its machine-readable time is the print's.
    const shownDays = await rows(page)
      .locator('.ph-time time')
      .evaluateAll((times) =>
        times.map((time) => {
          const date = new Date(time.getAttribute('datetime') ?? '');
          return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
        }),
      );
    expect(shownDays.length).toBeGreaterThan(0);
    for (const shown of shownDays) expect(shown).toBe(day);
    const [dayYear] = day.split('-');
    for (const time of await cellTexts(rows(page), 'ph-time')) expect(time).toContain(dayYear);

    // The search: part of one reference, typed as a person types, finds that print.
    await page.getByTestId('filter-clear').click();
    const target = (await invoke(counter, 'prints.list', { page: { index: 7, size: 1 } })).items[0];
    if (target === undefined) throw new Error('the seeded journal is too short');
    await page.getByTestId('filter-search').pressSequentially(target.externalReference.slice(-8).toLowerCase(), { delay: 40 });
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute('data-id', target.id);
    await expect(countText(page)).toHaveText(count(1));
    await screenshot(page, 'manager-search');
  });

  seeded('sorts by a column from its header, said by aria-sort', async ({ page, counter }) => {
    await openManager(page, counter);
    const header = page.getByRole('columnheader', { name: /Reference/ });
    await expect(page.getByRole('columnheader', { name: /Time/ })).toHaveAttribute('aria-sort', 'descending');
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await page.getByTestId('sort-reference').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    const ascending = await invoke(counter, 'prints.list', { sort: { field: 'externalReference', direction: 'asc' }, page: { index: 0, size: 5 } });
    await expect.poll(async () => (await column(page, 'data-reference')).slice(0, 5)).toEqual(ascending.items.map((print) => print.externalReference));
    await page.getByTestId('sort-reference').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    const descending = await invoke(counter, 'prints.list', { sort: { field: 'externalReference', direction: 'desc' }, page: { index: 0, size: 5 } });
    await expect.poll(async () => (await column(page, 'data-reference')).slice(0, 5)).toEqual(descending.items.map((print) => print.externalReference));
  });

  seeded('opens a print from the keyboard, shows its preview, history and keys, and Esc gives focus back', async ({ page, counter }) => {
    await openManager(page, counter);
    await page.getByTestId('filter-subtype').selectOption('invoice');
    await page.getByTestId('filter-status').getByRole('checkbox', { name: 'Printed' }).check();
    const invoices = await invoke(counter, 'prints.list', { filters: { subtype: 'invoice', status: ['processed'] }, page: { index: 0, size: 3 } });
    await expect.poll(async () => (await column(page, 'data-id')).slice(0, 3)).toEqual(invoices.items.map((print) => print.id));
    await rows(page).first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(rows(page).nth(2)).toBeFocused();
    await page.keyboard.press('Enter');
    const second = invoices.items[2];
    if (second === undefined) throw new Error('too few invoices');
    await expect(drawer(page)).toHaveAttribute('data-id', second.id);
    await expect(drawer(page).getByRole('heading', { level: 2 })).toHaveText(`Print ${second.externalReference}`);
    await expect(drawer(page).getByRole('heading', { level: 2 })).toBeFocused();
    const detail = await invoke(counter, 'prints.get', { id: second.id, includeContent: false });
    await expect(page.getByTestId('drawer-key')).toHaveText(detail.idempotencyKey);
    await expect(page.getByTestId('drawer-action')).toHaveText(detail.actionId ?? '');
    await expect(page.getByTestId('drawer-history').locator('li')).toHaveCount(detail.history.length);
    // The invoice's printed form, by the same renderer the Counter screen previews with.
    await expect(page.getByTestId('print-preview').locator('svg')).toContainText('COMERCIAL TIENDA CENTRO SPA');
    await screenshot(page, 'manager-drawer-invoice');
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toHaveCount(0);
    await expect(rows(page).nth(2)).toBeFocused();
  });

  seeded('a reprint links to its original, and the original to its reprint', async ({ page, context, counter }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: counter.origin });
    await openManager(page, counter);
    await page.getByTestId('filter-status').getByRole('checkbox', { name: 'Printed' }).check();
    await page.getByTestId('filter-subtype').selectOption('custom');
    const original = (await invoke(counter, 'prints.list', { filters: { status: ['processed'], subtype: 'custom' }, page: { index: 0, size: 1 } })).items[0];
    if (original === undefined) throw new Error('no printed receipt in the seed');
    await expect(rows(page).first()).toHaveAttribute('data-id', original.id);
    await rows(page).first().click();
    await expect(drawer(page)).toHaveAttribute('data-id', original.id);
    await expect(page.getByTestId('print-preview').locator('svg')).toContainText('TIENDA CENTRO');
    await page.getByTestId('copy-reference').click();
    await expect(drawer(page)).toContainText('Reference copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(original.externalReference);

    await page.getByTestId('reprint-print').click();
    const reprintLink = page.getByTestId('reprint-note').getByTestId('print-link');
    await expect(reprintLink).toHaveText(new RegExp(`^${original.externalReference.slice(0, 55)}-R`));
    await expect(page.getByTestId('reprinted-as').getByTestId('print-link')).toHaveText(await reprintLink.innerText());
    await reprintLink.click();
    const reprintId = await drawer(page).getAttribute('data-id');
    expect(reprintId).not.toBe(original.id);
    await expect(page.getByTestId('reprint-of').getByTestId('print-link')).toHaveText(original.externalReference);
    await expect(page.getByTestId('drawer-key')).not.toHaveText(
      await invoke(counter, 'prints.get', { id: original.id, includeContent: false }).then((detail) => detail.idempotencyKey),
    );
    await screenshot(page, 'manager-reprint');
    await page.getByTestId('reprint-of').getByTestId('print-link').click();
    await expect(drawer(page)).toHaveAttribute('data-id', original.id);
    await expect(page.getByTestId('reprinted-as').getByTestId('print-link')).toHaveAttribute('data-id', reprintId ?? '');
  });

  test('cancels from the drawer while allowed, and says why not once the print is on the terminal', async ({ page, counter }) => {
    await sandboxTerminal(counter, TERMINAL_1, { settings: { mode: 'manual', completion: 'manual' } });
    await openManager(page, counter);
    // Two prints quickly: the first waits at the platform for pickup, the second in our queue behind it.
    const first = await enqueue(counter, TERMINAL_1, 'first');
    const second = await enqueue(counter, TERMINAL_1, 'second');
    const third = await enqueue(counter, TERMINAL_1, 'third');
    await expect(card(page, TERMINAL_1).getByTestId('card-queued')).toHaveText('2');
    await expect(card(page, TERMINAL_1).getByTestId('card-current').locator('[data-status]')).toHaveAttribute('data-status', 'created');

    await rows(page).filter({ hasText: second.externalReference }).click();
    await expect(drawer(page)).toHaveAttribute('data-status', 'queued');
    await page.getByTestId('cancel-print').click();
    await expect(drawer(page)).toHaveAttribute('data-status', 'canceled');
    await expect(page.getByTestId('drawer-history')).toContainText('canceled_locally');

    await card(page, TERMINAL_1).getByTestId('card-reference').click();
    await expect(drawer(page)).toHaveAttribute('data-id', first.id);
    await expect(drawer(page)).toHaveAttribute('data-status', 'created');
    await page.getByTestId('cancel-print').click();
    await expect(drawer(page)).toHaveAttribute('data-status', 'canceled');
    await expect(page.getByTestId('drawer-history')).toContainText('canceled_by_api');
    await screenshot(page, 'manager-canceled');

    // The third moves up, is sent, and once the terminal holds it only the terminal can cancel it.
    await expect(card(page, TERMINAL_1).getByTestId('card-current')).toContainText(third.externalReference, { timeout: 15_000 });
    await expect(card(page, TERMINAL_1).getByTestId('card-current').locator('[data-status]')).toHaveAttribute('data-status', 'created', { timeout: 15_000 });
    await sandboxTerminal(counter, TERMINAL_1, 'refresh');
    await card(page, TERMINAL_1).getByTestId('card-reference').click();
    await expect(drawer(page)).toHaveAttribute('data-status', 'on_terminal', { timeout: 15_000 });
    await expect(page.getByTestId('cancel-print')).toBeDisabled();
    await expect(page.getByTestId('cancel-note')).toContainText('only lets it be canceled there');
    await screenshot(page, 'manager-cancel-on-terminal');
  });

  seeded('exports the filtered rows, every one of them, as CSV', async ({ page, counter }) => {
    await openManager(page, counter);
    await page.getByTestId('filter-terminal').selectOption(TERMINAL_3);
    await page.getByTestId('filter-status').getByRole('checkbox', { name: 'Printed' }).check();
    const expected = await invoke(counter, 'prints.list', { filters: { terminalId: TERMINAL_3, status: ['processed'] }, page: { index: 0, size: 200 } });
    expect(expected.total).toBeGreaterThan(200);
    await expect(countText(page)).toHaveText(count(expected.total));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^counter-prints-\d{8}-\d{4}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    const [header, ...records] = lines.slice(0, -1);
    const columns = header?.split(',') ?? [];
    expect(columns).toEqual(
      expect.arrayContaining(['created_at', 'terminal_id', 'subtype', 'external_reference', 'status', 'attempts', 'last_error_code', 'id']),
    );
    expect(records).toHaveLength(expected.total);
    const at = (name: string) => columns.indexOf(name);
    const cells = records.map((record) => record.split(','));
    expect(new Set(cells.map((cell) => cell[at('terminal_id')]))).toEqual(new Set([TERMINAL_3]));
    expect(new Set(cells.map((cell) => cell[at('status')]))).toEqual(new Set(['processed']));
    expect(cells.slice(0, 200).map((cell) => cell[at('id')])).toEqual(expected.items.map((print) => print.id));
    await expect(page.getByTestId('history-note')).toHaveText(`${expected.total.toLocaleString('en-GB')} rows exported.`);
  });

  seeded('prunes history older than a chosen age after saying how many records go', async ({ page, counter }) => {
    await openManager(page, counter);
    await page.getByTestId('prune-open').click();
    const dialog = page.getByTestId('prune-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('prune-age').selectOption('90');
    const { count: going } = await invoke(counter, 'manager.pruneCount', { olderThanDays: 90 });
    expect(going).toBeGreaterThan(SEEDED / 3);
    await expect(dialog.getByTestId('prune-count')).toHaveAttribute('data-count', String(going));
    await expect(dialog.getByTestId('prune-count')).toContainText(`This removes ${going.toLocaleString('en-GB')} finished prints`);
    await screenshot(page, 'manager-prune-confirm');
    await dialog.getByTestId('prune-confirm').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('history-note')).toHaveText(`${going.toLocaleString('en-GB')} prints removed from the history.`);
    await expect(countText(page)).toHaveText(count(SEEDED - going));
  });
});

test('a "from" after the "to" is marked on both date fields and said in the language, not read as no prints', async ({ page, counter }) => {
  const problem = page.getByTestId('filter-range-problem');
  const from = page.getByTestId('filter-from');
  const to = page.getByTestId('filter-to');
  for (const language of ['en', 'es'] as const) {
    await invoke(counter, 'settings.update', { language });
    await page.goto(counter.url);
    await page.getByTestId('nav-manager').click();
    await expect(card(page, TERMINAL_1)).toBeVisible();
    await from.fill('2026-03-02');
    await to.fill('2026-03-01');
    await to.blur();
    await expect(problem).toHaveText(
      language === 'en'
        ? '"From" is later than "To": no print can match. Swap the dates or clear one of them.'
        : '«Desde» es posterior a «Hasta»: ninguna impresión puede coincidir. Invierta las fechas o borre una de ellas.',
    );
    const problemId = await problem.getAttribute('id');
    for (const field of [from, to]) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAttribute('aria-describedby', problemId ?? '');
    }
    for (const [width, height] of [
      [1366, 768],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await problem.scrollIntoViewIfNeeded();
      await expect(problem).toBeInViewport({ ratio: 1 });
      await screenshot(page, `manager-dates-inverted-${language}-${width}`);
    }
    // The same day on both sides is a range: the mark and the sentence go.
    await from.fill('2026-03-01');
    await from.blur();
    await expect(problem).toBeHidden();
    for (const field of [from, to]) await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  }
});

seeded('speaks Spanish when the settings say so', async ({ page, counter }) => {
  await invoke(counter, 'settings.update', { language: 'es' });
  await page.goto(counter.url);
  await page.getByTestId('nav-manager').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gerente de tienda');
  await expect(page.getByRole('heading', { level: 2, name: 'Terminales' })).toBeVisible();
  await expect(card(page, TERMINAL_1).getByTestId('card-current')).toContainText('Libre: nada por imprimir');
  await expect(countText(page)).toHaveText(`${SEEDED.toLocaleString('es-CL')} impresiones`);
  await expect(page.getByRole('columnheader', { name: /Referencia/ })).toBeVisible();
  await expect(rows(page).first().locator('[data-status]')).toHaveText(/Impresa|Falló|Cancelada/);
  await screenshot(page, 'manager-es');
});

seededTest(100_000)('a seeded journal of 100,000 prints opens, scrolls and filters in the browser', async ({ page, counter }) => {
  test.setTimeout(120_000);
  await openManager(page, counter);
  await expect(countText(page)).toHaveText(count(100_000));
  await expect(rows(page).first()).toBeVisible();
  // Only what is in view exists in the page.
  expect(await page.locator('[data-testid="print-row"]').count()).toBeLessThan(80);
  await screenshot(page, 'manager-100k');

  await page.getByTestId('print-table-scroll').evaluate((element) => element.scrollTo({ top: 40 * 61_234 }));
  const middle = await invoke(counter, 'prints.list', { page: { index: 61_234 / 2, size: 2 } });
  await expect(page.locator(`[data-testid="print-row"][data-index="61234"]`)).toHaveAttribute('data-id', middle.items[0]?.id ?? '');

  await page.getByTestId('filter-terminal').selectOption(TERMINAL_2);
  await page.getByTestId('filter-status').getByRole('checkbox', { name: 'Failed' }).check();
  const failed = await invoke(counter, 'prints.list', { filters: { terminalId: TERMINAL_2, status: ['failed'] }, page: { index: 0, size: 200 } });
  await expect(countText(page)).toHaveText(count(failed.total));
  await expect.poll(async () => (await column(page, 'data-id')).slice(0, 10)).toEqual(failed.items.slice(0, 10).map((print) => print.id));

  await page.getByTestId('filter-clear').click();
  const target = failed.items[3];
  if (target === undefined) throw new Error('too few failures');
  await page.getByTestId('filter-search').fill(target.externalReference);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toHaveAttribute('data-id', target.id);
  await screenshot(page, 'manager-100k-search');
});
