/**
 * The whole-store view's first paint in Chromium, for bench/store.ts: a browser host (the built renderer)
 * with the store database on, from the click on "Whole store" to the painted frame showing the first
 * rows of every counter's history (target ≤ 15 frames of 16 ms). Timed inside the page as
 * bench/manager-view.ts times this counter's view: a MutationObserver for the rows, then the task after
 * the next animation frame. The same wait for a frame with no work is measured alongside as the baseline.
 */
import { chromium, type Page } from 'playwright-core';
import { startCounterHost } from '../e2e/fixtures';
import { configureInSettings } from '../e2e/store-settings';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config';
import { median } from './_stats';

const FRAME_MS = 16;

interface Sample {
  commitMs: number;
  paintMs: number;
}

/** From a click on the scope's "Whole store" (or, with no selector, nothing) to the frame after the rows appear. */
function paintAfter(page: Page, click: boolean): Promise<Sample> {
  return page.evaluate(
    (clicking) =>
      new Promise<Sample>((resolve) => {
        const started = performance.now();
        const afterNextFrame = (commitMs: number) =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve({ commitMs, paintMs: performance.now() - started });
            channel.port2.postMessage(null);
          });
        if (!clicking) {
          afterNextFrame(0);
          return;
        }
        const scope = document.querySelector<HTMLElement>('[data-testid="scope-store"]');
        if (scope === null) throw new Error('the scope switch is not showing');
        const observer = new MutationObserver(() => {
          if (document.querySelector('[data-testid="store-row"]') === null) return;
          observer.disconnect();
          afterNextFrame(performance.now() - started);
        });
        observer.observe(document.body, { childList: true, subtree: true });
        scope.click();
      }),
    click,
  );
}

export async function measureStorePaint(url: string, runs: number, rows: number): Promise<void> {
  const { host, stop } = await startCounterHost();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    // tsx's keepNames wraps functions in `__name`; functions sent to the page need it there too.
    await page.addInitScript('globalThis.__name = (target) => target');
    await configureInSettings(page, host, url, 'Bench counter');
    const paints: Sample[] = [];
    const idle: number[] = [];
    for (let run = 0; run <= runs; run++) {
      // A fresh page on "This counter" each time: nothing of the store's reads is cached in the renderer.
      await page.goto(`${host.url}#/manager`);
      await page.getByTestId('scope-counter').click();
      await page.reload();
      await page.getByTestId('scope-store').waitFor();
      await page.waitForTimeout(300);
      idle.push((await paintAfter(page, false)).paintMs);
      const sample = await paintAfter(page, true);
      // The first also warms Chromium's code caches: not counted.
      if (run > 0) paints.push(sample);
    }
    const paint = median(paints.map((sample) => sample.paintMs));
    const frames = (ms: number) => (ms / FRAME_MS).toFixed(2);
    console.log(
      `whole-store view over ${rows.toLocaleString('en-GB')} prints, first paint: median ${paint.toFixed(1)} ms = ${frames(paint)} frames (rows in the page at ${median(paints.map((sample) => sample.commitMs)).toFixed(1)} ms)   target ≤ 15 frames`,
    );
    console.log(
      `waiting for a frame alone: ${median(idle).toFixed(1)} ms = ${frames(median(idle))} frames; all first paints (ms): ${paints.map((sample) => sample.paintMs.toFixed(0)).join(' ')}`,
    );
  } finally {
    await browser.close();
    await stop();
  }
}
