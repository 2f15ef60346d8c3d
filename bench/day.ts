/**
 * The day's close at the size of a busy day: reconciling 5,000 sales against the platform's payment search
 * (the sandbox) at the pace Counter holds itself to, and the X report of that shift.
 *
 *   node --import tsx bench/day.ts
 *
 * 1. A sandbox with 5,000 approved payments (control call `payments/elsewhere`, each with a sale's
 *    reference), and a history (a SQLite file) with the 5,000 terminal sales of one open shift.
 * 2. Floor: the search pages the window needs (payments, then merchant orders), fetched bare (fetch and
 *    JSON.parse) at the same pace. Reconciliation: the day service's reconcile (the window's sales read
 *    from the history, every page read and checked with the platform's schema, matched). Ratio = reconcile / floor (target ≤ 1.2).
 * 3. X report: the day service's X of that shift (target ≤ 100 ms), beside a baseline of reading the
 *    window's 5,000 sale records bare (SELECT and JSON.parse), as a ratio. Medians of several runs.
 * Prints its figures and exits 0; no assertions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createManualClock } from '../src/shared/clock';
import { MerchantOrderSearchResponse, PaymentSearchResponse } from '../src/shared/platform/search';
import { createDayService } from '../src/main/core/day/day-service';
import { RECONCILE_REQUESTS_PER_MINUTE } from '../src/main/core/day/day-area';
import { createPacer, SEARCH_PAGE, type PaymentReader } from '../src/main/core/day/platform-payments';
import { createDaySources } from '../src/main/core/history/day-sources';
import { createSalesHistory } from '../src/main/core/history/sales-history';
import { migrated } from '../src/main/core/history/schema';
import { createShiftBook } from '../src/main/core/history/shifts';
import { sqlite } from '../src/main/core/history/sqlite';
import { sampleSale } from '../src/main/core/history/test-sales';
import type { MerchantOrderSearchParams, PaymentSearchParams } from '../src/main/core/platform/payments-client';
import { DEFAULT_SEED } from '../src/sandbox/accounts';
import { createSandbox } from '../src/sandbox/app';
import { sandboxToken } from './_sandbox-token';
import { median } from './_stats';

const SALES = 5_000;
const X_RUNS = 15;
const INTERVAL_MS = 60_000 / RECONCILE_REQUESTS_PER_MINUTE;

const sandbox = await createSandbox({ tokenRateLimit: null });
const baseUrl = await sandbox.listen();
const token = await sandboxToken(baseUrl);
const owner = DEFAULT_SEED.applications.find((application) => application.client_id === '4815162342')?.owner_user_id ?? DEFAULT_SEED.users[0]!.user_id;
const directory = mkdtempSync(join(tmpdir(), 'counter-bench-day-'));
const db = migrated(new (sqlite().DatabaseSync)(join(directory, 'history-sandbox.sqlite')));

try {
  const openedAt = Date.now() - 60_000;
  const clock = createManualClock(openedAt);
  const service = createDayService({
    clock,
    history: () => Promise.resolve({ book: createShiftBook(db), sources: createDaySources(db) }),
    counterId: () => 'bench',
    language: () => 'en',
    currency: () => null,
    print: () => Promise.resolve('unused'),
    payments: () => reader(createPacer(INTERVAL_MS), true),
  });
  const shift = await service.open({ personId: null, personName: 'Bench', floatCents: 10_000 });

  console.log(`seeding ${SALES} payments in the sandbox and ${SALES} sales in the history…`);
  const sales = createSalesHistory(db);
  // One transaction per sale, as the sales service writes them; a file in WAL-less mode is fast enough for 5,000.
  db.exec('PRAGMA synchronous = OFF');
  for (let index = 0; index < SALES; index++) {
    const at = new Date(openedAt + 1_000 + index).toISOString();
    sales.save(sampleSale(`sale-${index}`, { status: 'processed', amount: `${10 + (index % 90)}.50`, createdAt: at, updatedAt: at }));
  }
  db.exec('PRAGMA synchronous = FULL');
  for (let start = 0; start < SALES; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, SALES - start) }, async (_, offset) => {
        const index = start + offset;
        const response = await fetch(`${baseUrl}/__sandbox/payments/elsewhere`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user_id: owner, amount: 10 + (index % 90) + 0.5, external_reference: `ref-sale-${index}` }),
        });
        if (!response.ok) throw new Error(`seeding answered ${response.status}`);
      }),
    );
  }
  await clock.advance(Date.now() + 1_000 - clock.now());

  // 2. The floor: the pages themselves, bare, at the same pace.
  const window = { begin: new Date(openedAt).toISOString(), end: new Date(Date.now() + 5 * 60_000).toISOString() };
  const floorStart = performance.now();
  const bare = reader(createPacer(INTERVAL_MS), false);
  let pages = 0;
  for (let offset = 0; ; offset += SEARCH_PAGE) {
    await bare.pace();
    const page = await bare.search({
      range: 'date_created',
      begin_date: window.begin,
      end_date: window.end,
      sort: 'date_created',
      criteria: 'asc',
      offset,
      limit: SEARCH_PAGE,
    });
    pages++;
    if (offset + page.results.length >= page.paging.total) break;
  }
  for (let offset = 0; ; offset += SEARCH_PAGE) {
    await bare.pace();
    const page = await bare.searchMerchantOrders({ date_created_from: window.begin, date_created_to: window.end, offset, limit: SEARCH_PAGE });
    pages++;
    if (page.elements.length === 0 || offset + page.elements.length >= page.total) break;
  }
  const floorMs = performance.now() - floorStart;

  const reconcileStart = performance.now();
  const result = await service.reconcile(shift.id);
  const reconcileMs = performance.now() - reconcileStart;
  console.log(`search pages: ${pages} (of ${SEARCH_PAGE}), pace ${RECONCILE_REQUESTS_PER_MINUTE}/min (one request every ${INTERVAL_MS} ms)`);
  console.log(`matched ${result.matched}, differences ${result.differences.length}, pages read ${result.pages}`);
  console.log(`floor (bare pages at the pace): ${floorMs.toFixed(0)} ms; reconcile: ${reconcileMs.toFixed(0)} ms`);
  console.log(`reconcile / floor = ${(reconcileMs / floorMs).toFixed(3)}× (target ≤ 1.2)`);

  // 3. The X report of that shift, and the bare read of its sales.
  const bareRead = db.prepare('SELECT record FROM sale_records WHERE created_at BETWEEN ? AND ?');
  const baseline: number[] = [];
  const x: number[] = [];
  for (let run = 0; run < X_RUNS; run++) {
    let started = performance.now();
    for (const row of bareRead.all(openedAt, clock.now())) JSON.parse(String(row['record']));
    baseline.push(performance.now() - started);
    started = performance.now();
    const report = await service.x(shift.id);
    x.push(performance.now() - started);
    if (report.total.count !== SALES) throw new Error(`the X counted ${report.total.count} sales`);
  }
  const xMedian = median(x);
  console.log(`X report: median ${xMedian.toFixed(1)} ms (target ≤ 100 ms: ${(xMedian / 100).toFixed(3)}× of it)`);
  console.log(`bare read of the sales: median ${median(baseline).toFixed(1)} ms; X / bare read = ${(xMedian / median(baseline)).toFixed(2)}×`);
} finally {
  db.close();
  rmSync(directory, { recursive: true, force: true });
  await sandbox.close();
}

/** The payment search over loopback with the bench's token, paced; `parse` is where bare and checked differ. */
function reader(pace: () => Promise<void>, check: boolean): PaymentReader {
  const get = async (path: string, query: PaymentSearchParams | MerchantOrderSearchParams): Promise<unknown> => {
    const params = new URLSearchParams(Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]));
    const response = await fetch(`${baseUrl}${path}?${params.toString()}`, { headers: { authorization: `Bearer ${token}` } });
    return JSON.parse(await response.text());
  };
  return {
    pace,
    search: async (query) => {
      const body = await get('/v1/payments/search', query);
      return check ? PaymentSearchResponse.parse(body) : (body as PaymentSearchResponse);
    },
    searchMerchantOrders: async (query) => {
      const body = await get('/merchant_orders/search', query);
      return check ? MerchantOrderSearchResponse.parse(body) : (body as MerchantOrderSearchResponse);
    },
  };
}
