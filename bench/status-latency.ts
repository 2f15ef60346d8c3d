/**
 * Status latency: the time from a terminal's state change (the sandbox's virtual terminal picks a print
 * up, prints it) to the renderer's `print.changed` event, and the requests per minute each terminal
 * costs. Target: p95 ≤ 1.5 s at ≤ 40 requests per minute per terminal. The baseline, measured in the
 * same run on the same scenario, is a fixed-interval poller at the budget's own pace (one request every
 * 1.5 s, i.e. 40 a minute): the best a non-adaptive poller can do within the budget.
 *
 *   node --import tsx bench/status-latency.ts [--prints 10] [--seeds 7,11,13]
 *
 * Everything runs on one manual clock shared by the sandbox and the core, advanced from one timer to the
 * next while real loopback HTTP completes in between, so the figures are in platform time, exact, and
 * independent of this machine's speed. A state the poller skipped over (a print that went from created to
 * processed between two polls) counts with the time its next state was seen. Latencies are also printed
 * by round and by state, to show where the tail comes from. No timed assertions: it prints and exits 0.
 */
import { parseArgs } from 'node:util';
import { createManualClock, type ManualClock, type TimerHandle } from '../src/shared/clock';
import { createSandbox } from '../src/sandbox/app';
import { createAppCore } from '../src/main/core/app-core';
import { silentLogger, type Http } from '../src/main/core/ports';
import { DEFAULT_QUEUE_POLICY, type QueuePolicy } from '../src/main/core/print-queue/print-queue';
import { createMemoryStore } from '../src/main/core/settings/store';
import { COUNTER_APP, receipt, TERMINAL_1, TERMINAL_2, TERMINAL_3 } from '../src/main/testing/harness';
import type { PrintSummary } from '../src/shared/ipc/channels/prints';
import { z } from 'zod';
import { quantile } from './_stats';

const { values } = parseArgs({ options: { prints: { type: 'string', default: '10' }, seeds: { type: 'string', default: '7,11,13' } } });
const SEEDS = values.seeds.split(',').map(Number);
const PRINTS_PER_ROUND = Number(values.prints);
const TERMINALS = [TERMINAL_1, TERMINAL_2, TERMINAL_3];

/**
 * Terminal behaviour per round: quick pickups, slow ones, and a cashier who only notices after minutes.
 * Prints arrive at a cashier's pace: a new one every `gapMs` on average (exponential gaps) per terminal.
 */
const ROUNDS: Array<{ name: string; pickupMs: [number, number]; printMs: [number, number]; gapMs: number }> = [
  { name: 'quick pickup', pickupMs: [500, 4_000], printMs: [1_000, 4_000], gapMs: 20_000 },
  { name: 'slow pickup', pickupMs: [5_000, 40_000], printMs: [1_500, 6_000], gapMs: 30_000 },
  { name: 'long wait', pickupMs: [90_000, 240_000], printMs: [1_500, 5_000], gapMs: 30_000 },
];

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A manual clock that knows when its next timer is due, so the driver can jump straight to it. */
function trackingClock(): ManualClock & { nextDue(): number | undefined } {
  const manual = createManualClock();
  const due = new Map<number, number>();
  return {
    ...manual,
    setTimeout(callback, delayMs) {
      const handle: TimerHandle = manual.setTimeout(() => {
        due.delete(handle.id);
        callback();
      }, delayMs);
      due.set(handle.id, manual.now() + Math.max(0, delayMs));
      return handle;
    },
    clearTimeout(handle) {
      due.delete(handle.id);
      manual.clearTimeout(handle);
    },
    nextDue: () => (due.size === 0 ? undefined : Math.min(...due.values())),
  };
}

const CreateBody = z.object({ config: z.object({ point: z.object({ terminal_id: z.string() }) }) });
const StoredAction = z.object({
  id: z.string(),
  terminal_id: z.string(),
  external_reference: z.string(),
  history: z.array(z.object({ status: z.string(), at: z.number() })),
});

interface Outcome {
  latencies: number[];
  /** The same latencies by round and by the status that changed, to show where the tail comes from. */
  byRound: Map<string, number[]>;
  maxPerMinute: number;
  meanPerMinute: number;
}

async function runScenario(seed: number, poll: QueuePolicy['poll'], requestBurst = DEFAULT_QUEUE_POLICY.requestBurst): Promise<Outcome> {
  const clock = trackingClock();
  const random = seededRandom(seed);
  const sandbox = await createSandbox({ clock, tokenRateLimit: null });
  const baseUrl = await sandbox.listen();

  let inFlight = 0;
  const requests: Array<{ at: number; actionId: string | null; terminalId: string | null }> = [];
  const http: Http = async (url, init = {}) => {
    const path = new URL(url).pathname;
    const actionId = /^\/terminals\/v1\/actions\/([^/]+)/.exec(path)?.[1] ?? null;
    const entry: { at: number; actionId: string | null; terminalId: string | null } = { at: clock.now(), actionId, terminalId: null };
    requests.push(entry);
    // A create's body may still be on its way (held until the journal's write is durable): read a copy.
    const request = new Request(url, init);
    const bodyRead = path === '/terminals/v1/actions' && init.method === 'POST' ? request.clone().text() : undefined;
    inFlight++;
    try {
      const response = await fetch(request);
      if (bodyRead !== undefined) entry.terminalId = CreateBody.parse(JSON.parse(await bodyRead)).config.point.terminal_id;
      return response;
    } finally {
      inFlight--;
    }
  };
  const core = createAppCore({
    settingsStore: createMemoryStore(),
    shell: 'browser-host',
    version: 'bench',
    sandboxBaseUrl: baseUrl,
    clock,
    fetch: http,
    logger: silentLogger,
    sandboxCredentials: { clientId: COUNTER_APP.clientId, clientSecret: COUNTER_APP.clientSecret },
    queuePolicy: { poll, requestBurst },
  });
  const seen = new Map<string, number>();
  core.events.subscribe((name, payload) => {
    if (name !== 'print.changed') return;
    const summary = payload as PrintSummary;
    const key = `${summary.externalReference}:${summary.status}`;
    if (!seen.has(key)) seen.set(key, clock.now());
  });

  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  async function drive(until: () => boolean): Promise<void> {
    for (;;) {
      for (let spins = 0; spins < 6 || inFlight > 0; spins++) {
        await (inFlight > 0 ? new Promise<void>((resolve) => setTimeout(resolve, 1)) : turn());
      }
      if (until()) return;
      const next = clock.nextDue();
      if (next === undefined) throw new Error('nothing left to wait for');
      await clock.advance(Math.max(0, next - clock.now()));
    }
  }

  const references: string[] = [];
  for (const [roundIndex, round] of ROUNDS.entries()) {
    for (const terminalId of TERMINALS) {
      const between = (range: [number, number]) => Math.round(range[0] + random() * (range[1] - range[0]));
      await fetch(`${baseUrl}/__sandbox/terminals/${terminalId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pickup_delay_ms: between(round.pickupMs), print_duration_ms: between(round.printMs) }),
      });
      let at = 0;
      for (let index = 0; index < PRINTS_PER_ROUND; index++) {
        const reference = `LAT-${roundIndex}-${terminalId.slice(-2)}-${index}`;
        references.push(reference);
        at += Math.round(-Math.log(1 - random()) * round.gapMs);
        clock.setTimeout(() => {
          void core.handlers['prints.enqueue']({ terminalId, subtype: 'custom', content: receipt(reference), externalReference: reference });
        }, at);
      }
    }
    await drive(() => references.every((reference) => seen.has(`${reference}:processed`)));
  }

  const actions = z.object({ actions: z.array(StoredAction) }).parse(sandbox.snapshot()['actions']).actions;
  const latencies: number[] = [];
  const byRound = new Map<string, number[]>();
  for (const action of actions) {
    const round = ROUNDS[Number(action.external_reference.split('-')[1])]?.name ?? 'unknown';
    for (const step of action.history) {
      if (step.status !== 'on_terminal' && step.status !== 'processed') continue;
      // A state the poller skipped over (on_terminal between two polls) reached the cashier with the next one.
      const eventAt =
        seen.get(`${action.external_reference}:${step.status}`) ??
        (step.status === 'on_terminal' ? seen.get(`${action.external_reference}:processed`) : undefined);
      if (eventAt === undefined) continue;
      latencies.push(eventAt - step.at);
      const key = `${round}, ${step.status}`;
      byRound.set(key, [...(byRound.get(key) ?? []), eventAt - step.at]);
    }
  }

  const terminalOfAction = new Map(actions.map((action) => [action.id, action.terminal_id]));
  let maxPerMinute = 0;
  const perMinute: number[] = [];
  for (const terminalId of TERMINALS) {
    const times = requests
      .filter((request) => (request.terminalId ?? (request.actionId === null ? null : terminalOfAction.get(request.actionId))) === terminalId)
      .map((request) => request.at);
    for (let start = 0, end = 0; end < times.length; end++) {
      while ((times[end] ?? 0) - (times[start] ?? 0) >= 60_000) start++;
      maxPerMinute = Math.max(maxPerMinute, end - start + 1);
    }
    const span = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 60_000;
    if (span > 0) perMinute.push(times.length / span);
  }

  await core.close();
  await sandbox.close();
  return { latencies, byRound, maxPerMinute, meanPerMinute: perMinute.reduce((sum, value) => sum + value, 0) / Math.max(1, perMinute.length) };
}

/** The same scenarios (one per seed) for a policy, pooled. */
async function runAll(poll: QueuePolicy['poll'], requestBurst?: number): Promise<Outcome> {
  const outcomes: Outcome[] = [];
  for (const seed of SEEDS) outcomes.push(await runScenario(seed, poll, requestBurst));
  const byRound = new Map<string, number[]>();
  for (const outcome of outcomes) for (const [key, values] of outcome.byRound) byRound.set(key, [...(byRound.get(key) ?? []), ...values]);
  return {
    latencies: outcomes.flatMap((outcome) => outcome.latencies),
    byRound,
    maxPerMinute: Math.max(...outcomes.map((outcome) => outcome.maxPerMinute)),
    meanPerMinute: outcomes.reduce((sum, outcome) => sum + outcome.meanPerMinute, 0) / outcomes.length,
  };
}

const sweep =
  process.env['BENCH_POLICY'] === undefined ? undefined : (JSON.parse(process.env['BENCH_POLICY']) as { poll: Partial<QueuePolicy['poll']>; burst?: number });
const adaptive = await runAll({ ...DEFAULT_QUEUE_POLICY.poll, ...sweep?.poll }, sweep?.burst);
const fixed = await runAll(
  {
    initialMs: 1_500,
    factor: 1,
    fastCapMs: 1_500,
    fastPhaseMs: 0,
    slowCapMs: 1_500,
    idlePhaseMs: 0,
    idleCapMs: 1_500,
    behindMs: 1_500,
    waitMemory: 1,
    waitTrust: 0,
    earlyCapMs: 1_500,
  },
  4,
);

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
for (const [name, outcome] of [
  ['adaptive poller (ours)', adaptive],
  ['fixed 1.5 s poller (baseline)', fixed],
] as const) {
  console.log(
    `${name.padEnd(30)} state changes ${outcome.latencies.length}  latency p50 ${seconds(quantile(outcome.latencies, 0.5))}  p95 ${seconds(quantile(outcome.latencies, 0.95))}  max ${seconds(Math.max(...outcome.latencies))}  requests/min/terminal mean ${outcome.meanPerMinute.toFixed(1)} max ${outcome.maxPerMinute}`,
  );
}
console.log('adaptive poller by round and change:');
for (const [key, values] of adaptive.byRound)
  console.log(
    `  ${key.padEnd(28)} ${String(values.length).padStart(4)} changes  p50 ${seconds(quantile(values, 0.5))}  p95 ${seconds(quantile(values, 0.95))}  max ${seconds(Math.max(...values))}`,
  );
console.log(
  `ratio to baseline: p95 latency ${(quantile(adaptive.latencies, 0.95) / quantile(fixed.latencies, 0.95)).toFixed(2)}   mean requests/min ${(adaptive.meanPerMinute / fixed.meanPerMinute).toFixed(2)}   target p95 ≤ 1.5 s at ≤ 40 requests/min`,
);
