/**
 * Manager view benchmark, with a journal of 100,000 prints, in Chromium against the built renderer in
 * the browser host, each figure as a ratio to a 16 ms frame:
 *   - first paint: from the click on "Manager" to the frame showing the table's first rows (target ≤ 15);
 *   - filter change: from a search typed into the reference filter to the frame showing the rows that
 *     match (target ≤ 6). The search arrives as one input event (a paste, or the first key after a pause).
 * Both are timed inside the page (performance.now, a MutationObserver for the rows, then the task after
 * the next animation frame, which runs once that frame is produced). The same wait for a frame with no
 * work at all is measured alongside, to show how much of a figure is only waiting for the next frame.
 *
 *   npx electron-vite build && node --import tsx bench/manager-view.ts [--prints 100000] [--runs 9]
 *
 * Exits 0 whatever the result; the figures are for reading, not for gating.
 */
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { startCounterHost } from '../e2e/fixtures';
import { median } from './_stats';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config';

const FRAME_MS = 16;
const { values } = parseArgs({ options: { prints: { type: 'string', default: '100000' }, runs: { type: 'string', default: '9' } } });
const PRINTS = Number(values.prints);
const RUNS = Number(values.runs);
/** Longer than the search's 150 ms settling time, so each measured search goes out at once, as a first key does. */
const PAUSE_BEFORE_SEARCH_MS = 400;

interface Sample {
  /** To the rows being in the page. */
  commitMs: number;
  /** To the frame showing them. */
  paintMs: number;
}

const frames = (ms: number) => (ms / FRAME_MS).toFixed(2);

/** From a click on the Manager navigation item to the painted frame with table rows in it. */
function firstPaint(page: Page): Promise<Sample> {
  return page.evaluate(
    () =>
      new Promise<Sample>((resolve) => {
        const nav = document.querySelector<HTMLElement>('[data-testid="nav-manager"]');
        if (nav === null) throw new Error('the navigation is not showing');
        let commitMs = 0;
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (document.querySelector('[data-testid="print-row"][data-id]') === null) return;
          observer.disconnect();
          commitMs = performance.now() - started;
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve({ commitMs, paintMs: performance.now() - started });
            channel.port2.postMessage(null);
          });
        });
        observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-id'] });
        nav.click();
      }),
  );
}

/**
 * From the search typed (one input event, as React sees typing) to the painted frame whose first row
 * matches it; `term` undefined times the same wait for a frame with nothing typed.
 */
function search(page: Page, term: string | undefined): Promise<Sample> {
  return page.evaluate(
    (typed) =>
      new Promise<Sample>((resolve) => {
        const input = document.querySelector<HTMLInputElement>('[data-testid="filter-search"]');
        const table = document.querySelector('[data-testid="print-table"]');
        if (input === null || table === null) throw new Error('the Manager screen is not showing');
        const started = performance.now();
        const afterNextFrame = (commitMs: number) =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve({ commitMs, paintMs: performance.now() - started });
            channel.port2.postMessage(null);
          });
        if (typed === undefined) {
          afterNextFrame(0);
          return;
        }
        const wanted = typed.toLowerCase();
        const matches = () => {
          const first = table.querySelector('[data-testid="print-row"][data-id]');
          return first?.getAttribute('data-reference')?.toLowerCase().includes(wanted) === true && table.getAttribute('data-previous') === 'false';
        };
        const observer = new MutationObserver(() => {
          if (!matches()) return;
          observer.disconnect();
          afterNextFrame(performance.now() - started);
        });
        observer.observe(table, { childList: true, subtree: true, attributes: true });
        // React listens for the native input event; the value goes in through the prototype's setter, as typing does.
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        setValue?.call(input, typed);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }),
    term,
  );
}

/** Clears the search and waits until the whole list is back. */
async function clearSearch(page: Page): Promise<void> {
  await page.getByTestId('filter-search').fill('');
  await page.waitForFunction((total) => document.querySelector('[data-testid="print-table"]')?.getAttribute('data-total') === String(total), PRINTS);
  await page.waitForTimeout(PAUSE_BEFORE_SEARCH_MS);
}

async function main(): Promise<void> {
  const startedHost = performance.now();
  const { host, stop } = await startCounterHost({ extraArgs: ['--seed-prints', String(PRINTS)] });
  console.log(`browser host with ${PRINTS.toLocaleString('en-GB')} seeded prints up in ${((performance.now() - startedHost) / 1000).toFixed(1)} s`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // tsx compiles this file with esbuild's keepNames, which wraps named functions in a `__name` helper;
    // functions sent to the page need it there too.
    await page.addInitScript('globalThis.__name = (target) => target');

    const paints: Sample[] = [];
    for (let run = 0; run <= RUNS; run++) {
      // A fresh page each time: nothing of the manager's reads is cached in the renderer.
      await page.goto(host.url);
      await page.getByTestId('nav-manager').waitFor();
      await page.waitForTimeout(300);
      const sample = await firstPaint(page);
      // The first load also warms up Chromium's code caches: not counted.
      if (run > 0) paints.push(sample);
    }

    await page.locator('[data-testid="print-row"][data-id]').first().waitFor();
    // Search terms that change the first row: the endings of the references of the rows below it.
    const references = await page
      .locator('[data-testid="print-row"][data-reference]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-reference') ?? ''));
    const terms = references.slice(1, RUNS + 2).map((reference) => reference.slice(-6));
    if (terms.length < RUNS + 1) throw new Error('too few rows in view to take search terms from');
    const searches: Sample[] = [];
    const idle: number[] = [];
    for (const [run, term] of terms.entries()) {
      await clearSearch(page);
      idle.push((await search(page, undefined)).paintMs);
      const sample = await search(page, term);
      if (run > 0) searches.push(sample);
    }

    const paintMedian = median(paints.map((sample) => sample.paintMs));
    const searchMedian = median(searches.map((sample) => sample.paintMs));
    console.log(`runs: ${RUNS} (after one warm-up each), medians; frame = ${FRAME_MS} ms`);
    console.log(
      `first paint of the table   ${paintMedian.toFixed(1)} ms = ${frames(paintMedian)} frames (rows in the page at ${median(paints.map((sample) => sample.commitMs)).toFixed(1)} ms)   target ≤ 15 frames`,
    );
    console.log(
      `filter change (search)     ${searchMedian.toFixed(1)} ms = ${frames(searchMedian)} frames (rows in the page at ${median(searches.map((sample) => sample.commitMs)).toFixed(1)} ms)   target ≤ 6 frames`,
    );
    console.log(`waiting for a frame alone  ${median(idle).toFixed(1)} ms = ${frames(median(idle))} frames`);
    console.log(`all first paints (ms): ${paints.map((sample) => sample.paintMs.toFixed(0)).join(' ')}`);
    console.log(`all searches (ms):     ${searches.map((sample) => sample.paintMs.toFixed(0)).join(' ')}`);
  } finally {
    await browser.close();
    await stop();
  }
}

await main();
