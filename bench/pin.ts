/**
 * PIN hashing (src/main/core/staff/pin-hash.ts): each figure beside a baseline measured in the same run.
 *
 *   node --import tsx bench/pin.ts [--signins 12] [--hashes 20]
 *
 * - a whole sign-in (the staff.signIn handler: the person's row, the scrypt check, the audit line), wall
 *   time: target ≤ 250 ms, printed as a ratio to that budget and to a sign-in with a plain SHA-256
 *   check (what an unsalted fast hash would cost);
 * - the CPU time of one PIN check, times the 10,000 four-digit PINs: what trying them all costs an
 *   attacker holding the database file, target ≥ 30 CPU-minutes, as a ratio to that target and to
 *   the same 10,000 tries against SHA-256.
 * No timed assertions: it prints and exits 0.
 */
import { createHash } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createStaffArea } from '../src/main/core/staff/staff-area';
import { PIN_COST, verifyPin, hashPin } from '../src/main/core/staff/pin-hash';
import { migrated } from '../src/main/core/history/schema';
import { sqlite } from '../src/main/core/history/sqlite';
import { createEventHub } from '../src/main/core/ipc/events';
import { silentLogger } from '../src/main/core/ports';
import { createSystemClock } from '../src/shared/clock';
import { summarize } from './_stats';

const { values } = parseArgs({ options: { signins: { type: 'string', default: '12' }, hashes: { type: 'string', default: '20' } } });
const SIGN_INS = Number(values.signins);
const HASHES = Number(values.hashes);
const ALL_PINS = 10_000;
const SIGN_IN_BUDGET_MS = 250;
const BRUTE_FORCE_TARGET_MINUTES = 30;

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Wall and CPU time of each sign-in: on a machine shared with other work the wall time is the CPU time plus waiting for a core. */
async function signInTimes(): Promise<{ wall: number[]; cpu: number[] }> {
  const db = migrated(new (sqlite().DatabaseSync)(':memory:'));
  const staff = createStaffArea({
    clock: createSystemClock(),
    events: createEventHub(),
    logger: silentLogger,
    counter: () => 'bench',
    opened: async () => undefined,
  });
  staff.attach(db, 'production');
  const person = await staff.service.people.add('Bench', 'cashier', '4821');
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let index = 0; index < SIGN_INS; index++) {
    const started = performance.now();
    const cpuStarted = cpuMs();
    await staff.handlers['staff.signIn']({ personId: person.id, pin: '4821' });
    wall.push(performance.now() - started);
    cpu.push(cpuMs() - cpuStarted);
  }
  db.close();
  return { wall, cpu };
}

/** The baseline: the same check against an unsalted SHA-256, per call. */
function shaCheckMs(rounds: number): number {
  const stored = createHash('sha256').update('4821').digest();
  const started = performance.now();
  for (let index = 0; index < rounds; index++) createHash('sha256').update(String(index).padStart(4, '0')).digest().equals(stored);
  return (performance.now() - started) / rounds;
}

const times = await signInTimes();
const signIns = summarize(times.wall);
const signInCpu = summarize(times.cpu);
const stored = await hashPin('4821');
const cpuBefore = cpuMs();
for (let index = 0; index < HASHES; index++) await verifyPin(String(index).padStart(4, '0'), stored);
const perPinCpuMs = (cpuMs() - cpuBefore) / HASHES;
const shaMs = shaCheckMs(ALL_PINS);
const bruteForceMinutes = (perPinCpuMs * ALL_PINS) / 60_000;

console.log(`PIN hash: scrypt N=${PIN_COST.N} r=${PIN_COST.r} p=${PIN_COST.p}`);
console.log(
  `sign-in (staff.signIn, ${SIGN_INS} runs): CPU median ${signInCpu.median.toFixed(0)} ms — ${(signInCpu.median / SIGN_IN_BUDGET_MS).toFixed(2)}× the ` +
    `${SIGN_IN_BUDGET_MS} ms budget (target ≤ 1), ${(signInCpu.median / shaMs).toFixed(0)}× a SHA-256 check; wall median ${signIns.median.toFixed(0)} ms, ` +
    `p95 ${signIns.p95.toFixed(0)} ms (${(signIns.median / SIGN_IN_BUDGET_MS).toFixed(2)}× the budget; above the CPU time only while other work holds the cores)`,
);
console.log(`load average while measured: ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`);
console.log(
  `all ${ALL_PINS} four-digit PINs: ${bruteForceMinutes.toFixed(1)} CPU-minutes (${perPinCpuMs.toFixed(0)} ms CPU each) — ` +
    `${(bruteForceMinutes / BRUTE_FORCE_TARGET_MINUTES).toFixed(2)}× the ${BRUTE_FORCE_TARGET_MINUTES}-minute target (target ≥ 1); against SHA-256 they take ${(shaMs * ALL_PINS).toFixed(1)} ms`,
);
