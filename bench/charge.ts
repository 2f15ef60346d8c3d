/**
 * Charge on the terminal, two figures:
 *  1. Charge → the order on the platform (what the virtual terminal shows as the amount due), as a ratio to a
 *     bare fetch of the same create measured in the same run. Target: ≤ 1.5×. The sale's durable write
 *     (SQLite, synchronous = FULL) is inside the timing. The per-terminal budget is lifted for this part, as
 *     bench/print-pipeline.ts does: at 40 requests a minute it, not the pipeline, would set the pace.
 *  2. Card tap (the control API's approval) → `processed` as main emits it, at the real budget of 40 requests
 *     a minute per terminal. Target: p95 ≤ 1.5 s. The tap comes at a random moment after the terminal shows
 *     the amount, so the poll's phase is sampled rather than fixed.
 *
 *   node --import tsx bench/charge.ts [--rounds 100] [--taps 20]
 *
 * The sandbox runs in-process on the system clock, as the app embeds it. No timed assertions: it prints and exits 0.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { createSandbox } from '../src/sandbox/app';
import { createAppCore, type AppCore } from '../src/main/core/app-core';
import type { SalesPolicy } from '../src/main/core/sales/sales-service';
import { silentLogger } from '../src/main/core/ports';
import { createMemoryStore } from '../src/main/core/settings/store';
import { COUNTER_APP, TERMINAL_1 } from '../src/main/testing/harness';
import { ChargeRequest, type TerminalSale } from '../src/shared/ipc/channels/terminal-sales';
import { durableCommitProbe } from './_durable-probe';
import { sandboxToken } from './_sandbox-token';
import { summarize } from './_stats';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '100' }, taps: { type: 'string', default: '20' } } });
const rounds = Number(values.rounds);
const taps = Number(values.taps);
const warmup = 10;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

const sandbox = await createSandbox({ tokenRateLimit: null });
const baseUrl = await sandbox.listen();
const control = async (path: string, body?: unknown): Promise<void> => {
  const response = await fetch(
    `${baseUrl}${path}`,
    body === undefined ? { method: 'POST' } : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
};

const trace: Array<[string, number]> = [];
const traced = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
  trace.push([`send ${init?.method ?? 'GET'} ${String(url).replace(baseUrl, '')}`, performance.now()]);
  const response = await fetch(url, init);
  trace.push([`answer ${response.status}`, performance.now()]);
  return response;
};
function startCore(dataDirectory: string, policy: Partial<SalesPolicy>, receiverPort = 0): AppCore {
  return createAppCore({
    settingsStore: createMemoryStore(),
    shell: 'browser-host',
    version: 'bench',
    sandboxBaseUrl: baseUrl,
    fetch: (url, init) => traced(url, init),
    logger: silentLogger,
    sandboxCredentials: { clientId: COUNTER_APP.clientId, clientSecret: COUNTER_APP.clientSecret },
    dataDirectory,
    queuePolicy: { requestsPerMinute: 1_000_000 },
    salesPolicy: policy,
    notificationReceiver: { host: '127.0.0.1', port: receiverPort },
  });
}

/** Resolves when main emits the sale in a state the predicate accepts; the time is taken in the listener. */
function watcher(core: AppCore) {
  const waiters = new Map<string, { done: (sale: TerminalSale) => boolean; resolve: (at: number) => void }>();
  // The last state of each sale: a state reached before the bench started waiting (the charge's answer can come after it) counts.
  const latest = new Map<string, { sale: TerminalSale; at: number }>();
  core.events.subscribe((name, payload) => {
    if (name !== 'terminalSale.changed') return;
    const sale = payload as TerminalSale;
    latest.set(sale.id, { sale, at: performance.now() });
    const waiter = waiters.get(sale.id);
    if (waiter !== undefined && waiter.done(sale)) {
      waiters.delete(sale.id);
      waiter.resolve(performance.now());
    }
  });
  return (id: string, done: (sale: TerminalSale) => boolean) =>
    new Promise<number>((resolve) => {
      const last = latest.get(id);
      if (last !== undefined && done(last.sale)) return resolve(last.at);
      waiters.set(id, { done, resolve });
    });
}

const token = await sandboxToken(baseUrl);
const authorized = (key: string) => ({
  'content-type': 'application/json',
  accept: 'application/json',
  authorization: `Bearer ${token}`,
  'x-idempotency-key': key,
});

let accountId: string | undefined;
async function bareCreate(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/v1/orders`, {
    method: 'POST',
    headers: authorized(randomUUID()),
    body: JSON.stringify({
      type: 'point',
      external_reference: `BARE-${randomUUID().slice(0, 8)}`,
      expiration_time: 'PT15M',
      transactions: { payments: [{ amount: '24.00' }] },
      config: { point: { terminal_id: TERMINAL_1, print_on_terminal: 'no_ticket' } },
    }),
  });
  const order = (await response.json()) as { id: string; user_id: string };
  const elapsed = performance.now() - started;
  accountId = order.user_id;
  if (response.status !== 201) throw new Error(`bare create answered ${response.status}`);
  await fetch(`${baseUrl}/v1/orders/${order.id}/cancel`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-idempotency-key': randomUUID() } });
  return elapsed;
}

// Part 1: manual pickup, so an order stays `created` until the bench cancels it.
await control(`/__sandbox/terminals/${TERMINAL_1}`, { mode: 'manual' });
const firstDirectory = mkdtempSync(join(tmpdir(), 'counter-bench-charge-'));
const core = startCore(firstDirectory, { requestsPerMinute: 1_000_000 });
const reached = watcher(core);

async function chargeCreate(): Promise<number> {
  const started = performance.now();
  trace.length = 0;
  const sale = await core.handlers['terminalSales.charge'](ChargeRequest.parse({ terminalId: TERMINAL_1, amount: '24,00' }));
  const created = sale.orderId !== null ? performance.now() : await reached(sale.id, (changed) => changed.orderId !== null);
  const elapsed = created - started;
  if (process.env['BENCH_TRACE'] !== undefined)
    console.log(trace.map(([what, at]) => `${what} +${(at - started).toFixed(2)}`).join(' | '), `| created +${elapsed.toFixed(2)}`);
  const canceled = reached(sale.id, (changed) => changed.status === 'canceled');
  await core.handlers['terminalSales.cancel']({ id: sale.id });
  await canceled;
  return elapsed;
}

const probe = durableCommitProbe(firstDirectory, 900);

const bare: number[] = [];
const ours: number[] = [];
const durable: number[] = [];
for (let round = 0; round < rounds + warmup; round++) {
  const b = await bareCreate();
  const o = await chargeCreate();
  const d = probe.commit();
  if (process.env['BENCH_DEBUG'] !== undefined) console.log('charge', round, b.toFixed(1), o.toFixed(1));
  if (round >= warmup) {
    bare.push(b);
    ours.push(o);
    durable.push(d);
  }
}
probe.close();
await core.close();
rmSync(firstDirectory, { recursive: true, force: true });

// Part 2: automatic pickup at once, the real budget of 40 requests a minute per terminal.
await control(`/__sandbox/terminals/${TERMINAL_1}`, { mode: 'auto', pickup_delay_ms: 0 });
const secondDirectory = mkdtempSync(join(tmpdir(), 'counter-bench-charge-'));
// The account's webhook URL points at Counter's receiver, as a merchant sets it in the platform's dashboard:
// the order's webhook (topic order) then tells of the approval before the next poll would.
const receiverPort = await freePort();
await fetch(`${baseUrl}/__sandbox/accounts/${accountId}/notification-url`, {
  method: 'PUT',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ url: `http://127.0.0.1:${receiverPort}/notifications?source_news=webhooks` }),
});
const paced = startCore(secondDirectory, {}, receiverPort);
const pacedReached = watcher(paced);
const tapToApproved: number[] = [];
for (let round = 0; round < taps; round++) {
  // The terminal's own slip: Counter's receipt would be the terminal's next order and hold the next charge back.
  const sale = await paced.handlers['terminalSales.charge'](ChargeRequest.parse({ terminalId: TERMINAL_1, amount: '24,00', printOnTerminal: true }));
  await pacedReached(sale.id, (changed) => changed.status === 'at_terminal');
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 2_000));
  const approved = pacedReached(sale.id, (changed) => changed.status === 'processed');
  const tappedAt = performance.now();
  await control(`/__sandbox/terminals/${TERMINAL_1}/card`, { result: 'approved' });
  tapToApproved.push((await approved) - tappedAt);
  if (process.env['BENCH_DEBUG'] !== undefined) console.log('tap', round, tapToApproved.at(-1)?.toFixed(1));
}
await paced.close();
rmSync(secondDirectory, { recursive: true, force: true });

const base = summarize(bare);
const charge = summarize(ours);
const tap = summarize(tapToApproved);
const sync = summarize(durable);
const format = (value: number) => `${value.toFixed(2)} ms`;
console.log(`charges measured: ${rounds} (after ${warmup} warm-up rounds); taps: ${taps}`);
console.log(`bare fetch of the create:          median ${format(base.median)}  p95 ${format(base.p95)}  mean ${format(base.mean)}`);
console.log(`one durable SQLite commit alone:   median ${format(sync.median)}  p95 ${format(sync.p95)}  mean ${format(sync.mean)}`);
console.log(`Charge → order on the terminal:     median ${format(charge.median)}  p95 ${format(charge.p95)}  mean ${format(charge.mean)}`);
console.log(
  `fetch after the commit, one then the other (the floor while the key must be on disk first) / fetch, median: ${((base.median + sync.median) / base.median).toFixed(2)}×`,
);
console.log(`ratio (median): ${(charge.median / base.median).toFixed(2)}×   ratio (p95): ${(charge.p95 / base.p95).toFixed(2)}×   target ≤ 1.5×`);
console.log(`card tap → approved (40 req/min):  median ${format(tap.median)}  p95 ${format(tap.p95)}  mean ${format(tap.mean)}   target p95 ≤ 1500 ms`);

await sandbox.close();
