/**
 * Drain after an outage: 300 prints wait on 6 terminals while the platform is away; it comes back, the
 * cashier answers "print all" for every terminal, and the clock runs until every print is `processed`.
 * The figure is the drain time as a ratio to its floor, computed in the same run from the same settings:
 * per terminal, the larger of (its prints × the terminal's pickup + print time, since the platform keeps
 * one waiting order per terminal) and (its creates beyond the burst ÷ the per-terminal request budget);
 * the floor is the slowest terminal's. Target ≤ 1.2×.
 *
 *   node --import tsx bench/drain.ts [--prints 300]
 *
 * Platform time on the sandbox's manual clock, real loopback HTTP in between; prints and exits 0.
 */
import { parseArgs } from 'node:util';
import { createAppCore } from '../src/main/core/app-core';
import { coreCaller } from './_call';
import { drainBreakdown } from './_drain-breakdown';
import { silentLogger } from '../src/main/core/ports';
import { DEFAULT_QUEUE_POLICY } from '../src/main/core/print-queue/print-queue';
import { createMemoryStore } from '../src/main/core/settings/store';
import { COUNTER_APP, createTestHttp, driveUntil, receipt, startTestSandbox } from '../src/main/testing/harness';
import { DEFAULT_SEED } from '../src/sandbox/accounts';
import { DEFAULT_TERMINAL_SETTINGS } from '../src/sandbox/terminals/virtual-terminal';

const { values } = parseArgs({ options: { prints: { type: 'string', default: '300' } } });
const PRINTS = Number(values.prints);
const EXTRA = [5, 6, 7].map((n) => ({
  id: `PAX_A910__SBX000000${n}`,
  user_id: 1001,
  pos_id: 100 + n,
  store_id: '5001',
  external_pos_id: `CAJA0${n}`,
  operating_mode: 'PDV' as const,
  name: `Caja ${n}`,
}));
const seed = { ...DEFAULT_SEED, terminals: [...DEFAULT_SEED.terminals, ...EXTRA] };
const TERMINALS = seed.terminals.filter((terminal) => terminal.user_id === 1001 && terminal.operating_mode === 'PDV').map((terminal) => terminal.id);
if (TERMINALS.length !== 6) throw new Error(`expected 6 PDV terminals, found ${TERMINALS.length}`);

const platform = await startTestSandbox({ seed });
let down = true;
const http = createTestHttp(platform.clock, ({ path }) => (down && path.startsWith('/terminals/') ? 'refuse' : 'pass'));
const core = createAppCore({
  settingsStore: createMemoryStore(),
  shell: 'browser-host',
  version: 'bench',
  sandboxBaseUrl: platform.baseUrl,
  clock: platform.clock,
  fetch: http.http,
  logger: silentLogger,
  backlogStaleAfterMs: 60_000,
  sandboxCredentials: { clientId: COUNTER_APP.clientId, clientSecret: COUNTER_APP.clientSecret },
});
const call = coreCaller(core);

await call('credentials.verify', {});
for (let index = 0; index < PRINTS; index++) {
  await call('prints.enqueue', { terminalId: TERMINALS[index % TERMINALS.length], subtype: 'custom', content: receipt(`backlog ${index}`) });
}
const outage = platform.clock.now();
await driveUntil(platform.clock, () => platform.clock.now() - outage > 61_000, { stepMs: 1_000, maxMs: 120_000, what: 'the outage' });
down = false;
const held = await call<{ terminals: Array<{ terminalId: string; waiting: number }> }>('backlog.list', {});
const started = platform.clock.now();
const realStart = performance.now();
for (const terminal of held.terminals) await call('backlog.decide', { terminalId: terminal.terminalId, decision: 'print_all' });
await driveUntil(
  platform.clock,
  async () => (await call<{ total: number }>('prints.list', { filters: { status: ['processed'] }, page: { size: 1 } })).total >= PRINTS,
  {
    stepMs: 100,
    maxMs: 60 * 60_000,
    what: 'every print processed',
  },
);
const drainMs = platform.clock.now() - started;

const perTerminal = Math.ceil(PRINTS / TERMINALS.length);
const printFloorMs = perTerminal * (DEFAULT_TERMINAL_SETTINGS.pickup_delay_ms + DEFAULT_TERMINAL_SETTINGS.print_duration_ms);
const budgetFloorMs = (Math.max(0, perTerminal - DEFAULT_QUEUE_POLICY.requestBurst) / DEFAULT_QUEUE_POLICY.requestsPerMinute) * 60_000;
const floorMs = Math.max(printFloorMs, budgetFloorMs);
const requests = http.log.filter((request) => request.at >= started && request.path.startsWith('/terminals/')).length;
console.log(`terminals held after the outage: ${held.terminals.length} (${held.terminals.map((terminal) => terminal.waiting).join(', ')} prints)`);
console.log(
  `drain: ${(drainMs / 1000).toFixed(1)} s platform time for ${PRINTS} prints on ${TERMINALS.length} terminals (${((performance.now() - realStart) / 1000).toFixed(1)} s real)`,
);
console.log(
  `floor: ${(floorMs / 1000).toFixed(1)} s (print time ${(printFloorMs / 1000).toFixed(1)} s, request budget ${(budgetFloorMs / 1000).toFixed(1)} s per terminal)`,
);
console.log(`requests to the actions endpoints while draining: ${requests} (${(requests / PRINTS).toFixed(2)} per print)`);
const spent = drainBreakdown(platform.sandbox.snapshot()['actions'], http.log, started);
const perTerminalS = (seconds: number) => (seconds / TERMINALS.length).toFixed(1);
console.log(
  `per terminal: printing ${perTerminalS(spent.printingS)} s, pickup ${perTerminalS(spent.pickupS)} s, idle ${perTerminalS(spent.idleUncheckedS + spent.idleCheckedS)} s ` +
    `(${perTerminalS(spent.idleUncheckedS)} s before a check after the previous print's pickup, ${perTerminalS(spent.idleCheckedS)} s after it, the create waiting)`,
);
console.log(`requests: ${spent.creates} creates, ${spent.refusedCreates} creates refused, ${spent.reads} status reads`);
console.log(`ratio to the floor: ${(drainMs / floorMs).toFixed(2)}× (target ≤ 1.2×)`);
await core.close();
await platform.close();
