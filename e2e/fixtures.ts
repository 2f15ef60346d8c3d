import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { test as base, type Page } from '@playwright/test';
import type { ChannelName, ChannelRequest, ChannelResponse } from '../src/shared/ipc/contract';
import type { IpcResult } from '../src/shared/ipc/define';

export interface CounterHost {
  /** Address with the per-run token: what a person opens. */
  url: string;
  origin: string;
  token: string;
  sandboxBaseUrl: string;
  dataDirectory: string;
}

/**
 * Starts the real app the way `npm run dev:web` does (embedded sandbox + main-process core + built
 * renderer behind the browser host) in a child process with its own data folder.
 */
export async function startCounterHost(
  options: { extraArgs?: readonly string[]; /** A data folder to reuse (a restart); the caller removes it. */ dataDirectory?: string } = {},
): Promise<{ host: CounterHost; stop: () => Promise<void>; kill: () => Promise<void> }> {
  const ownsData = options.dataDirectory === undefined;
  const dataDirectory = options.dataDirectory ?? mkdtempSync(join(tmpdir(), 'counter-e2e-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/main/host/cli.ts', '--port', '0', '--json', '--data', dataDirectory, ...(options.extraArgs ?? [])],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! });
  const host = await new Promise<CounterHost>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`browser host exited early with code ${String(code)}`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as CounterHost));
  });
  // A child killed by a signal keeps exitCode null (its signalCode is set): it has exited all the same.
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    host,
    /** SIGKILL, as a crash or a power cut would: nothing runs on the way out. The data folder stays. */
    async kill() {
      if (hasExited()) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!hasExited()) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (ownsData) rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}

export const SCREENSHOT_DIR = join('e2e', 'screenshots');

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}

export const test = base.extend<{ counter: CounterHost }>({
  // Playwright requires the destructuring pattern even when a fixture uses no other fixture.
  // eslint-disable-next-line no-empty-pattern
  counter: async ({}, use) => {
    const { host, stop } = await startCounterHost();
    await use(host);
    await stop();
  },
});

/** Calls the contract the way the renderer does (the host's token, the page's origin), for setup and for checking. */
export async function invoke<C extends ChannelName>(counter: CounterHost, channel: C, request: ChannelRequest<C>): Promise<ChannelResponse<C>> {
  const response = await fetch(`${counter.origin}/__counter/invoke/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-counter-token': counter.token, origin: counter.origin },
    body: JSON.stringify(request),
  });
  const result = (await response.json()) as IpcResult<ChannelResponse<C>>;
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

export { expect } from '@playwright/test';
