/**
 * Print pipeline latency: enqueue → action created (the history's durable SQLite commit included), as a ratio
 * to a bare fetch of the same create measured in the same run. Target: ≤ 1.5×.
 *
 *   node --import tsx bench/print-pipeline.ts [--prints 300]
 *
 * The sandbox runs in-process on the system clock, as the app embeds it; the core keeps its history in a real
 * temporary directory. The two measurements alternate, so drift (JIT, GC, disk cache) hits both alike.
 * Between rounds the action is cancelled so the terminal's one waiting order is free (outside the timing).
 * The per-terminal request budget is lifted: at 40 requests a minute it, not the pipeline, would set the pace.
 * The print and its key are committed (synchronous = FULL) before its create leaves, so the fetch-then-commit
 * line printed for reference is the floor of the ratio on this machine's disk.
 * No timed assertions: it prints and exits 0.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createSandbox } from '../src/sandbox/app';
import { createAppCore } from '../src/main/core/app-core';
import { silentLogger } from '../src/main/core/ports';
import { createMemoryStore } from '../src/main/core/settings/store';
import { COUNTER_APP, receipt, TERMINAL_1 } from '../src/main/testing/harness';
import type { PrintSummary } from '../src/shared/ipc/channels/prints';
import { durableCommitProbe } from './_durable-probe';
import { sandboxToken } from './_sandbox-token';
import { summarize } from './_stats';

const { values } = parseArgs({ options: { prints: { type: 'string', default: '300' } } });
const rounds = Number(values.prints);
const warmup = 20;

const sandbox = await createSandbox({ tokenRateLimit: null });
const baseUrl = await sandbox.listen();
// Manual pickup: an action stays `created` until the bench cancels it.
await fetch(`${baseUrl}/__sandbox/terminals/${TERMINAL_1}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ mode: 'manual' }),
});

const dataDirectory = mkdtempSync(join(tmpdir(), 'counter-bench-pipeline-'));
const core = createAppCore({
  settingsStore: createMemoryStore(),
  shell: 'browser-host',
  version: 'bench',
  sandboxBaseUrl: baseUrl,
  fetch: (url, init) => fetch(url, init),
  logger: silentLogger,
  sandboxCredentials: { clientId: COUNTER_APP.clientId, clientSecret: COUNTER_APP.clientSecret },
  dataDirectory,
  // The per-terminal budget (40 requests a minute) would pace the rounds; this measures the pipeline's own cost.
  queuePolicy: { requestsPerMinute: 1_000_000 },
});

/**
 * Resolves when the print with this reference reaches the status; keyed by reference so no event can slip
 * by. The time is taken in the listener, when main emits the event (the app's IPC binding sends it to the
 * renderer from that same call), not when this script's own `await` resumes after main's task has finished.
 */
const waiters = new Map<string, { status: string; resolve: (reached: { summary: PrintSummary; at: number }) => void }>();
core.events.subscribe((name, payload) => {
  if (name !== 'print.changed') return;
  const summary = payload as PrintSummary;
  if (process.env['BENCH_DEBUG'] !== undefined)
    console.log(summary.externalReference, summary.status, summary.lastError?.code ?? '', summary.lastError?.message ?? '');
  const waiter = waiters.get(summary.externalReference);
  if (waiter !== undefined && waiter.status === summary.status) {
    waiters.delete(summary.externalReference);
    waiter.resolve({ summary, at: performance.now() });
  }
});
const statusReached = (reference: string, status: string) =>
  new Promise<{ summary: PrintSummary; at: number }>((resolve) => waiters.set(reference, { status, resolve }));

const token = await sandboxToken(baseUrl);
const content = receipt('bench');

async function bareCreate(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/terminals/v1/actions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}`, 'x-idempotency-key': randomUUID() },
    body: JSON.stringify({
      type: 'print',
      external_reference: `BARE-${randomUUID().slice(0, 8)}`,
      config: { point: { terminal_id: TERMINAL_1, subtype: 'custom' } },
      content,
    }),
  });
  const action = (await response.json()) as { id: string };
  const elapsed = performance.now() - started;
  if (response.status !== 201) throw new Error(`bare create answered ${response.status}`);
  await fetch(`${baseUrl}/terminals/v1/actions/${action.id}/cancel`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-idempotency-key': randomUUID() },
  });
  return elapsed;
}

async function pipelineCreate(round: number): Promise<number> {
  const reference = `PIPE-${round}-${randomUUID().slice(0, 8)}`;
  const started = performance.now();
  const created = statusReached(reference, 'created');
  await core.handlers['prints.enqueue']({ terminalId: TERMINAL_1, subtype: 'custom', content, externalReference: reference });
  const { summary, at } = await created;
  const { id } = summary;
  const elapsed = at - started;
  const canceled = statusReached(reference, 'canceled');
  await core.handlers['prints.cancel']({ id });
  await canceled;
  return elapsed;
}

const probe = durableCommitProbe(dataDirectory, content.length);

const bare: number[] = [];
const pipeline: number[] = [];
const durable: number[] = [];
for (let round = 0; round < rounds + warmup; round++) {
  const b = await bareCreate();
  const p = await pipelineCreate(round);
  const d = probe.commit();
  if (round >= warmup) {
    bare.push(b);
    pipeline.push(p);
    durable.push(d);
  }
}
probe.close();

const base = summarize(bare);
const ours = summarize(pipeline);
const sync = summarize(durable);
const format = (value: number) => `${value.toFixed(2)} ms`;
console.log(`prints measured: ${rounds} (after ${warmup} warm-up rounds)`);
console.log(`bare fetch of the create:       median ${format(base.median)}  p95 ${format(base.p95)}  mean ${format(base.mean)}`);
console.log(`one durable SQLite commit alone: median ${format(sync.median)}  p95 ${format(sync.p95)}  mean ${format(sync.mean)}`);
console.log(`enqueue → created (durable):    median ${format(ours.median)}  p95 ${format(ours.p95)}  mean ${format(ours.mean)}`);
console.log(`fetch after the commit, one then the other (the floor) / fetch, median: ${((base.median + sync.median) / base.median).toFixed(2)}×`);
console.log(`ratio (median): ${(ours.median / base.median).toFixed(2)}×   ratio (p95): ${(ours.p95 / base.p95).toFixed(2)}×   target ≤ 1.5×`);

await core.close();
await sandbox.close();
rmSync(dataDirectory, { recursive: true, force: true });
