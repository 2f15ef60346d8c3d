import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Page } from '@playwright/test';
import type { ChannelName, ChannelRequest, ChannelResponse } from '../src/shared/ipc/contract';
import type { IpcResult } from '../src/shared/ipc/define';
import { postgresUnavailableReason, startTestPostgres, type TestPostgres } from '../src/main/core/store/testing/test-postgres';
import { expect, screenshot, startCounterHost, test, type CounterHost } from './fixtures';
import { configureInSettings } from './store-settings';

/**
 * One store, many counters: two browser hosts with their own data folders publish to one
 * real PostgreSQL (a throwaway server on loopback). Run `npx electron-vite build` first.
 */

const TERMINAL = 'NEWLAND_N950__SBX0000001';
const unavailable = postgresUnavailableReason();

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

/** A print as the Counter screen would make it (its reference made by Counter); its reference. */
async function print(counter: CounterHost, label: string): Promise<string> {
  const content = `{center}{b}TIENDA CENTRO{/b}{/center}{br}${label}{br}${'-'.repeat(32)}{br}1 x Cafe americano          $2.500{br}{b}TOTAL                     $2.500{/b}`;
  return (await invoke(counter, 'prints.enqueue', { terminalId: TERMINAL, subtype: 'custom', content })).externalReference;
}

/** Every print of a counter as the store database has it: status, and how many transitions (a duplicate would add rows). */
async function storedPrints(url: string, counterId: string): Promise<Map<string, { status: string; transitions: number }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ reference: string; status: string; transitions: number }>(
      `SELECT p.external_reference AS reference, p.status,
         (SELECT count(*)::int FROM print_transitions t WHERE t.counter_id = p.counter_id AND t.print_id = p.id) AS transitions
       FROM prints p WHERE p.counter_id = $1`,
      [counterId],
    );
    return new Map(rows.map((row) => [row.reference, { status: row.status, transitions: row.transitions }]));
  } finally {
    await client.end();
  }
}

/** What the counter's own history says: the truth the store's copy must equal. */
async function localPrints(counter: CounterHost): Promise<Map<string, { status: string; transitions: number }>> {
  const page = await invoke(counter, 'prints.list', { page: { index: 0, size: 200 } });
  const result = new Map<string, { status: string; transitions: number }>();
  for (const item of page.items) {
    const detail = await invoke(counter, 'prints.get', { id: item.id, includeContent: false });
    result.set(item.externalReference, { status: detail.status, transitions: detail.history.length });
  }
  return result;
}

/**
 * The whole-store drawer of another counter's print, in both languages and both widths: the counter's
 * name, every step as that counter has it, and its content left on that counter. Esc closes it.
 */
async function openStoreDrawer(page: Page, reference: string, steps: number): Promise<void> {
  for (const language of ['en', 'es'] as const) {
    if (language === 'es') {
      await page.goto(page.url().replace(/#.*$/, '#/settings'));
      await page.getByLabel('Language').selectOption('es');
      await page.goto(page.url().replace(/#.*$/, '#/manager'));
      await page.getByTestId('scope-store').click();
    }
    // The counters run in the sandbox: the view says its rows are the rehearsal's, not real sales.
    await expect(page.getByTestId('store-sandbox')).toContainText(language === 'en' ? 'Sandbox: this is the store' : 'Sandbox: esta es la tienda');
    await screenshot(page, `store-sandbox-${language}`);
    await page.locator(`[data-testid="store-row"][data-reference="${reference}"]`).getByTestId('store-open').click();
    const drawer = page.getByTestId('store-drawer');
    await expect(drawer.getByRole('heading', { level: 2 })).toBeFocused();
    await expect(drawer.getByTestId('store-drawer-counter')).toHaveText('Counter A');
    await expect(drawer.getByTestId('drawer-history').locator('li')).toHaveCount(steps);
    await expect(drawer.getByTestId('store-drawer-content-elsewhere')).toContainText(language === 'en' ? 'stays on Counter A' : 'queda en Counter A');
    for (const width of [1366, 1024]) {
      await page.setViewportSize({ width, height: 768 });
      await screenshot(page, `store-drawer-${language}-${width}`);
    }
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
  }
  await page.goto(page.url().replace(/#.*$/, '#/settings'));
  await page.getByLabel('Idioma').selectOption('en');
  await page.goto(page.url().replace(/#.*$/, '#/manager'));
  await page.getByTestId('scope-store').click();
}

/** Sessions of this database waiting for a lock: a publish held inside its transaction. */
async function backendsWaitingForALock(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

test.describe('store database', () => {
  test.skip(unavailable !== undefined, `no PostgreSQL: ${unavailable ?? ''}`);
  let database: TestPostgres;
  test.beforeAll(async () => {
    database = await startTestPostgres({ durable: true });
  });
  test.afterAll(async () => {
    await database?.stop();
  });

  test('a print on counter A appears in counter B’s whole-store view; an outage and a crash of A lose and duplicate nothing', async ({ browser }) => {
    test.setTimeout(240_000);
    const url = await database.freshDatabase();
    const dataA = mkdtempSync(join(tmpdir(), 'counter-e2e-store-a-'));
    let a = await startCounterHost({ dataDirectory: dataA });
    const b = await startCounterHost();
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    try {
      const pageA = await context.newPage();
      await configureInSettings(pageA, a.host, url, 'Counter A');
      await screenshot(pageA, 'store-settings-en');
      const pageB = await context.newPage();
      await configureInSettings(pageB, b.host, url, 'Counter B');
      const counterA = (await invoke(a.host, 'store.status', {})).counterId;

      // B's manager, whole store: A's print shows up there without a reload.
      await pageB.goto(`${b.host.url}#/manager`);
      await pageB.getByTestId('scope-store').click();
      await expect(pageB.getByTestId('whole-store')).toBeVisible();
      const first = await print(a.host, 'A-1');
      const row = pageB.locator(`[data-testid="store-row"][data-reference="${first}"]`);
      await expect(row).toBeVisible({ timeout: 10_000 });
      await expect(row).toContainText('Counter A');
      await expect(pageB.getByTestId('store-counters')).toContainText('Counter A');
      await expect(row).toContainText(/Printed|Done|processed/i, { timeout: 20_000 });
      await screenshot(pageB, 'store-whole-store-en');
      await expect.poll(async () => (await localPrints(a.host)).get(first)?.status, { timeout: 20_000 }).toBe('processed');
      await openStoreDrawer(pageB, first, (await localPrints(a.host)).get(first)?.transitions ?? -1);

      // The database goes away mid-run: A keeps printing, its sync says how many changes wait.
      await database.stopServer();
      const during: string[] = [];
      for (const label of ['A-2', 'A-3', 'A-4']) during.push(await print(a.host, label));
      const last = during.at(-1) ?? '';
      await pageA.goto(`${a.host.url}#/settings`);
      await expect(pageA.getByTestId('store-sync')).toHaveAttribute('data-kind', 'error', { timeout: 15_000 });
      await expect(pageA.getByTestId('store-sync')).toContainText(/changes waiting/);
      await screenshot(pageA, 'store-sync-error-en');

      // Killed while the outbox holds those changes (it cannot have published them), then the database returns.
      await expect.poll(async () => (await localPrints(a.host)).get(last)?.status, { timeout: 20_000 }).toBe('processed');
      await a.kill();
      await database.startServer();
      a = await startCounterHost({ dataDirectory: dataA });
      await pageA.goto(`${a.host.url}#/settings`);
      await expect(pageA.getByTestId('store-sync')).toHaveAttribute('data-kind', 'up_to_date', { timeout: 30_000 });

      // Exactly the local history, each print once with each transition once.
      const local = await localPrints(a.host);
      expect([...local.keys()].sort()).toEqual([first, ...during].sort());
      await expect.poll(async () => Object.fromEntries(await storedPrints(url, counterA)), { timeout: 15_000 }).toEqual(Object.fromEntries(local));
      await expect(pageB.locator(`[data-testid="store-row"][data-reference="${last}"]`)).toBeVisible({ timeout: 10_000 });

      // A reprint asked from B's view runs on A (the owning counter), once, and B hears back.
      await pageB.locator(`[data-testid="store-row"][data-reference="${first}"]`).getByTestId('store-reprint').click();
      await expect(pageB.getByTestId('store-command')).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
      await expect(pageB.getByTestId('store-command')).toContainText('Counter A did it.');
      await screenshot(pageB, 'store-command-done-en');
      const reprints = (await invoke(a.host, 'prints.list', { page: { index: 0, size: 200 } })).items.filter((item) => item.reprintOf !== null);
      expect(reprints).toHaveLength(1);
    } finally {
      await context.close();
      await a.stop();
      await b.stop();
      rmSync(dataA, { recursive: true, force: true });
    }
  });
  test('counter A killed while its batch waits inside PostgreSQL resumes: every change published once', async ({ browser }) => {
    test.setTimeout(180_000);
    const url = await database.freshDatabase();
    const dataA = mkdtempSync(join(tmpdir(), 'counter-e2e-store-kill-'));
    let a = await startCounterHost({ dataDirectory: dataA });
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const blocker = new pg.Client({ connectionString: url });
    try {
      const page = await context.newPage();
      await configureInSettings(page, a.host, url, 'Counter A');
      const counterA = (await invoke(a.host, 'store.status', {})).counterId;

      // Another session holds the prints table: A's next batch gets inside its transaction and waits there.
      await blocker.connect();
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE prints IN EXCLUSIVE MODE');
      const made: string[] = [];
      for (const label of ['K-1', 'K-2', 'K-3']) made.push(await print(a.host, label));
      for (const reference of made) await expect.poll(async () => (await localPrints(a.host)).get(reference)?.status, { timeout: 20_000 }).toBe('processed');
      await expect.poll(() => backendsWaitingForALock(url), { timeout: 15_000 }).toBeGreaterThan(0);

      // Killed mid-publish; the lock goes, and PostgreSQL rolls back what the dead connection had begun.
      await a.kill();
      await blocker.query('ROLLBACK');
      a = await startCounterHost({ dataDirectory: dataA });
      await page.goto(`${a.host.url}#/settings`);
      await expect(page.getByTestId('store-sync')).toHaveAttribute('data-kind', 'up_to_date', { timeout: 30_000 });
      await screenshot(page, 'store-resumed-after-kill-en');

      const local = await localPrints(a.host);
      expect([...local.keys()].sort()).toEqual([...made].sort());
      await expect.poll(async () => Object.fromEntries(await storedPrints(url, counterA)), { timeout: 15_000 }).toEqual(Object.fromEntries(local));
    } finally {
      await blocker.end().catch(() => undefined);
      await context.close();
      await a.stop();
      rmSync(dataA, { recursive: true, force: true });
    }
  });
});
