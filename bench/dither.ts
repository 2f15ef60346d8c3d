/**
 * Image print benchmark: a 4000×3000 JPEG photo to a 384-dot 1-bit PNG ready to send, in each dithering
 * mode, run by the app's own built image worker in Chromium, as a ratio to the browser's plain
 * drawImage scaling of the same file to the same width in the same page (target ≤ 3). Both sides
 * include decoding the JPEG and reading pixels back. Ours halves the picture on a canvas while it is at
 * least twice the paper's width (each halving averages 2×2 blocks), then src/shared/imaging turns it grey
 * while area-averaging it to 384 dots, dithers, and encodes the PNG and its Base64.
 *
 *   npx electron-vite build && node --import tsx bench/dither.ts
 *
 * Exits 0 whatever the result; the figure is for reading, not for gating.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { chromium } from 'playwright-core';
import { startCounterHost } from '../e2e/fixtures';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config';
import { DITHER_MODES } from '../src/shared/imaging';
import { median } from './_stats';

const TARGET_RATIO = 3;
const WIDTH = 4000;
const HEIGHT = 3000;
const WARMUP_ROUNDS = 2;
const ROUNDS = 7;
const RENDERER_ASSETS = join('out', 'renderer', 'assets');

/** Gradients, shapes and sensor-like noise: a photo's statistics, so the JPEG decodes like a real one. */
function photoJpeg(): Buffer {
  const data = Buffer.alloc(WIDTH * HEIGHT * 4);
  let seed = 2024;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const noise = (seed >>> 24) / 10 - 12;
      const sky = 70 + (170 * y) / HEIGHT;
      const sun = Math.hypot(x - WIDTH * 0.68, y - HEIGHT * 0.28) < HEIGHT * 0.12 ? 70 : 0;
      const hill = y > HEIGHT * (0.62 + 0.08 * Math.sin((x / WIDTH) * 7)) ? -85 : 0;
      const offset = (y * WIDTH + x) * 4;
      data[offset] = Math.max(0, Math.min(255, sky + sun + hill + noise + 15));
      data[offset + 1] = Math.max(0, Math.min(255, sky + sun * 0.8 + hill * 0.5 + noise));
      data[offset + 2] = Math.max(0, Math.min(255, sky + 35 + hill * 1.1 + noise));
      data[offset + 3] = 255;
    }
  }
  return jpeg.encode({ width: WIDTH, height: HEIGHT, data }, 85).data;
}

interface Round {
  baselineMs: number;
  oursMs: number;
  loadMs: number;
  renderMs: number;
  pngBytes: number;
  width: number;
  height: number;
}

async function main(): Promise<void> {
  const workerFile = readdirSync(RENDERER_ASSETS).find((file) => /^image\.worker-.*\.js$/.test(file));
  if (workerFile === undefined) throw new Error(`no image worker in ${RENDERER_ASSETS}; run npx electron-vite build first`);
  const started = performance.now();
  const photo = photoJpeg();
  console.log(`photo: ${WIDTH}×${HEIGHT} JPEG, ${(photo.length / 1024 / 1024).toFixed(1)} MB (made in ${((performance.now() - started) / 1000).toFixed(1)} s)`);

  const { host, stop } = await startCounterHost();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    // tsx compiles this file with esbuild's keepNames, which wraps named functions in a `__name` helper;
    // functions sent to the page need it there too.
    await page.addInitScript('globalThis.__name = (target) => target');
    // The app's page, so the worker loads under the app's own Content Security Policy.
    await page.goto(host.url);
    await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
      (globalThis as unknown as { photo: Blob }).photo = new Blob([bytes], { type: 'image/jpeg' });
    }, photo.toString('base64'));

    const round = (mode: string) =>
      page.evaluate(
        async ({ workerUrl, dither }) => {
          const photo = (globalThis as unknown as { photo: Blob }).photo;
          // Baseline: what a page does without care: decode, drawImage down to the paper's width, read the pixels.
          const baselineStart = performance.now();
          const bitmap = await createImageBitmap(photo);
          const height = Math.round((bitmap.height * 384) / bitmap.width);
          const canvas = new OffscreenCanvas(384, height);
          const context = canvas.getContext('2d');
          if (context === null) throw new Error('no 2d context');
          context.drawImage(bitmap, 0, 0, 384, height);
          context.getImageData(0, 0, 384, height);
          bitmap.close();
          const baselineMs = performance.now() - baselineStart;

          // Ours: the app's worker as the Image tab uses it, already running (it starts with the first
          // picture and stays): load the file, render one print.
          const worker = new Worker(workerUrl, { type: 'module' });
          let nextId = 1;
          const ask = (message: Record<string, unknown>) =>
            new Promise<{ type: string; elapsedMs?: number; image?: { elapsedMs: number; png: Uint8Array; width: number; height: number } }>((resolve) => {
              worker.onmessage = (event) => resolve(event.data);
              worker.postMessage({ ...message, id: nextId++ });
            });
          // Answered "no image" once the worker's code is loaded and running.
          await ask({ type: 'render', settings: { width: 384, brightness: 0, contrast: 0, dither, bitDepth: 1 } });
          const oursStart = performance.now();
          const loaded = await ask({ type: 'load', file: photo });
          const rendered = await ask({ type: 'render', settings: { width: 384, brightness: 0, contrast: 0, dither, bitDepth: 1 } });
          const oursMs = performance.now() - oursStart;
          worker.terminate();
          if (rendered.image === undefined) throw new Error(`the worker answered ${rendered.type}`);
          return {
            baselineMs,
            oursMs,
            loadMs: loaded.elapsedMs ?? 0,
            renderMs: rendered.image.elapsedMs,
            pngBytes: rendered.image.png.length,
            width: rendered.image.width,
            height: rendered.image.height,
          };
        },
        { workerUrl: `/assets/${workerFile}`, dither: mode },
      );

    console.log(`Chromium ${browser.version()}, the built worker (${workerFile}) on the app's page; medians of ${ROUNDS} rounds`);
    let worst = 0;
    for (const mode of DITHER_MODES) {
      for (let index = 0; index < WARMUP_ROUNDS; index++) await round(mode);
      const rounds: Round[] = [];
      for (let index = 0; index < ROUNDS; index++) rounds.push(await round(mode));
      const baseline = median(rounds.map((entry) => entry.baselineMs));
      const ours = median(rounds.map((entry) => entry.oursMs));
      const ratio = ours / baseline;
      worst = Math.max(worst, ratio);
      const sample = rounds[0];
      console.log(
        `${mode.padEnd(16)} ours ${ours.toFixed(0)} ms (decode + halve + read pixels ${median(rounds.map((entry) => entry.loadMs)).toFixed(0)} ms, grey + scale + dither + PNG ${median(rounds.map((entry) => entry.renderMs)).toFixed(0)} ms) → ${sample?.width}×${sample?.height} dots, ${sample?.pngBytes} bytes; drawImage baseline ${baseline.toFixed(0)} ms; ratio ${ratio.toFixed(2)} (target ≤ ${TARGET_RATIO})`,
      );
    }
    console.log(
      worst <= TARGET_RATIO
        ? `target met: worst ratio ${worst.toFixed(2)} ≤ ${TARGET_RATIO}`
        : `TARGET MISSED: worst ratio ${worst.toFixed(2)} > ${TARGET_RATIO}`,
    );
  } finally {
    await browser.close();
    await stop();
  }
}

await main();
