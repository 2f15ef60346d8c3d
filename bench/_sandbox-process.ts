/**
 * The sandbox in a child process of its own, started as `npm run sandbox` starts it (the CLI, a manual
 * clock, a seed file), so a bench measures the counter's process alone: the platform's memory, timers
 * and event loop are the child's. The leading underscore keeps `npm run bench` from running this file.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { SeedData } from '../src/sandbox/accounts';

export interface SandboxProcess {
  readonly baseUrl: string;
  readonly pid: number;
  /** The sandbox's time when it started (its manual clock starts at the wall clock). */
  readonly startEpochMs: number;
  /** Moves the child's manual clock forward, firing its timers that fall due. */
  advance(ms: number): Promise<void>;
  /** The child's resident memory, from /proc (NaN where there is none). */
  rssMb(): number;
  addFaults(rules: Array<Record<string, unknown>>): Promise<void>;
  close(): Promise<void>;
}

const ClockState = z.object({ epoch_ms: z.number() });

export async function startSandboxProcess(seed: SeedData, folder: string): Promise<SandboxProcess> {
  const seedFile = join(folder, 'sandbox-seed.json');
  writeFileSync(seedFile, JSON.stringify(seed));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0', '--manual-clock', '--seed', seedFile, '--token-rate-limit', 'off', '--log-level', 'silent'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let printed = '';
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${String(code)} before listening: ${printed}`)));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      printed += chunk;
      const url = /Base URL\s+(\S+)/.exec(printed)?.[1];
      if (url !== undefined) resolve(url);
    });
  });
  child.removeAllListeners('exit');
  // A bench stopped half-way (Ctrl+C, a timeout) takes its sandbox with it.
  const stopChild = (): void => void child.kill('SIGTERM');
  process.once('exit', stopChild);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopChild();
      process.exit(130);
    });
  }
  const pid = child.pid ?? 0;
  const post = async (path: string, body: unknown): Promise<Response> => {
    const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const clock = ClockState.parse(await (await fetch(`${baseUrl}/__sandbox/clock`)).json());
  return {
    baseUrl,
    pid,
    startEpochMs: clock.epoch_ms,
    async advance(ms) {
      await (await post('/__sandbox/clock/advance', { seconds: ms / 1000 })).arrayBuffer();
    },
    rssMb() {
      try {
        const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
        return kb === undefined ? Number.NaN : (Number(kb) * 1024) / 1e6;
      } catch {
        return Number.NaN;
      }
    },
    async addFaults(rules) {
      await (await post('/__sandbox/faults', rules)).arrayBuffer();
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
