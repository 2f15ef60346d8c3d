/**
 * Sell screen benchmark, in Chromium against the built renderer in the browser host, each figure in 16 ms
 * frames and as a ratio to a baseline measured in the same run:
 *   - keystroke to amount: from a key typed in the amount to the painted frame showing the amount as it
 *     will be charged (target ≤ 1 frame);
 *   - Enter to "sending": from Enter in the amount to the painted frame showing the sale's card as sending
 *     (target ≤ 2 frames).
 * Both are timed inside the page: from the keydown (performance.now in a capturing listener), a
 * MutationObserver for the change, then the task after the next animation frame, which runs once that frame
 * is produced. The baseline is the same key in a plain input outside React, to the frame after it: what any
 * keystroke costs on this machine, only waiting for the next frame.
 *
 *   npx electron-vite build && node --import tsx bench/sell.ts [--runs 15]
 *
 * Exits 0 whatever the result; the figures are for reading, not for gating.
 */
import { parseArgs } from 'node:util';
import { chromium, type Page } from 'playwright-core';
import { startCounterHost } from '../e2e/fixtures';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config';
import { median, quantile } from './_stats';

const FRAME_MS = 16;
const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' } } });
const RUNS = Number(values.runs);

type Watch = 'amount' | 'sending' | 'plain';

/**
 * Arms a timer in the page: started by the next keydown on `selector`, stopped at the frame after `watch`
 * is seen; the result is read with `result`.
 */
async function arm(page: Page, selector: string, watch: Watch, expected: string): Promise<void> {
  await page.evaluate(
    ([target, what, text]) => {
      const holder = window as unknown as { benchResult?: Promise<number> };
      holder.benchResult = new Promise<number>((resolve) => {
        const element = document.querySelector(target);
        if (element === null) throw new Error(`${target} is not showing`);
        let started = 0;
        // Never wait for ever: a change that never came counts as NaN and is reported.
        setTimeout(() => resolve(Number.NaN), 5000);
        const done = () =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now() - started);
            channel.port2.postMessage(null);
          });
        const seen = (): boolean => {
          if (what === 'plain') return true;
          if (what === 'amount') return (document.querySelector('[data-testid="sell-amount-shown"]')?.textContent ?? '').endsWith(text);
          return document.querySelector('[data-testid="sale-status"][data-status="sending"]') !== null;
        };
        element.addEventListener(
          'keydown',
          () => {
            started = performance.now();
            if (what === 'plain') return done();
            const observer = new MutationObserver(() => {
              if (!seen()) return;
              observer.disconnect();
              done();
            });
            observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
          },
          { capture: true, once: true },
        );
      });
    },
    [selector, watch, expected] as const,
  );
}

async function timed(page: Page, selector: string, watch: Watch, expected: string, key: string): Promise<number> {
  await arm(page, selector, watch, expected);
  await page.keyboard.press(key);
  // The page's promise alone does not keep Node's event loop alive.
  const alive = setInterval(() => undefined, 1000);
  try {
    return await page.evaluate(() => (window as unknown as { benchResult: Promise<number> }).benchResult);
  } finally {
    clearInterval(alive);
  }
}

function report(name: string, samples: number[], baseline: number[], target: number): void {
  const med = median(samples);
  const p95 = quantile(samples, 0.95);
  const base = median(baseline);
  console.log(
    `${name}: median ${(med / FRAME_MS).toFixed(2)} frames (${med.toFixed(1)} ms), p95 ${(p95 / FRAME_MS).toFixed(2)} frames; ` +
      `${(med / base).toFixed(2)}× the baseline keystroke (${base.toFixed(1)} ms); target ≤ ${target} frame${target === 1 ? '' : 's'}`,
  );
}

async function main(): Promise<void> {
  const { host, stop } = await startCounterHost();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.addInitScript('globalThis.__name = (target) => target');
    await page.goto(host.url.replace(/#.*$/, '') + '#/sell');
    await page.waitForSelector('[data-testid="charge"]:not([disabled])', { timeout: 30_000 });
    await page.evaluate(() => {
      const plain = document.createElement('input');
      plain.id = 'bench-plain';
      document.body.append(plain);
    });

    const baseline: number[] = [];
    const keystroke: number[] = [];
    const enter: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await page.focus('#bench-plain');
      baseline.push(await timed(page, '#bench-plain', 'plain', '', '7'));
      await page.focus('[data-testid="sell-amount"]');
      await page.fill('[data-testid="sell-amount"]', '');
      // A different amount each run: the same one again would (rightly) ask "charge again?".
      const digits = String(run + 11);
      await page.keyboard.type(digits.slice(0, -1));
      keystroke.push(await timed(page, '[data-testid="sell-amount"]', 'amount', `${digits}.00`, digits.slice(-1)));
      enter.push(await timed(page, '[data-testid="sell-amount"]', 'sending', '', 'Enter'));
      await page.waitForSelector('[data-testid="charge"]:not([disabled])');
    }
    report('keystroke to amount on screen', keystroke, baseline, 1);
    report('Enter to "sending"', enter, baseline, 2);
  } finally {
    await browser.close();
    await stop();
  }
}

await main();
