/**
 * The audit trail's pages (src/main/core/history/staff-records.ts): a page of "who did what" with each
 * filter over --large entries, as a ratio to the same page over 1,000 entries measured in the same run.
 *
 *   node --import tsx bench/audit.ts [--large 1000000] [--runs 30]
 *
 * Target: every ratio ≤ 2 (keyset paging reads one short index range, whatever the size). No timed
 * assertions: it prints and exits 0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { AuditFilters } from '../src/shared/ipc/channels/staff';
import { migrated } from '../src/main/core/history/schema';
import { sqlite, type DatabaseSync } from '../src/main/core/history/sqlite';
import { createStaffRecords } from '../src/main/core/history/staff-records';
import { summarize } from './_stats';

const { values } = parseArgs({ options: { large: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '30' } } });
const LARGE = Number(values.large);
const RUNS = Number(values.runs);
const SMALL = 1_000;
const PEOPLE = 12;
const ACTIONS = ['terminalSales.charge', 'prints.enqueue', 'staff.signIn', 'terminalSales.refund', 'prints.reprint', 'settings.update'];
const START = Date.UTC(2026, 0, 1);
const root = mkdtempSync(join(tmpdir(), 'counter-bench-audit-'));

/** `count` entries a second apart, people and actions in turn (refunds rarer), in one transaction. */
function seeded(count: number): { db: DatabaseSync; lastAt: number } {
  const db = migrated(new (sqlite().DatabaseSync)(join(root, `audit-${count}.sqlite`)));
  db.exec('PRAGMA synchronous = OFF');
  const insert = db.prepare(
    'INSERT INTO audit_log (at, counter, person_id, person_name, approved_by_id, approved_by_name, action, subject, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  db.exec('BEGIN');
  for (let index = 0; index < count; index++) {
    const person = `person-${index % PEOPLE}`;
    const action = ACTIONS[index % 97 === 0 ? 3 : index % ACTIONS.length] ?? 'prints.enqueue';
    insert.run(new Date(START + index * 1000).toISOString(), 'counter-1', person, person, null, null, action, `id-${index}`, 'terminalId=T1');
  }
  db.exec('COMMIT');
  return { db, lastAt: START + (count - 1) * 1000 };
}

function pageTime(db: DatabaseSync, filters: AuditFilters): number {
  const records = createStaffRecords(db);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const first = records.page(filters, undefined, 50);
    // The second page too: the keyset step is what "Older entries" does.
    records.page(filters, first[first.length - 1]?.seq, 50);
    times.push(performance.now() - started);
  }
  return summarize(times).median;
}

const seedStarted = performance.now();
const small = seeded(SMALL);
const large = seeded(LARGE);
console.log(`seeded ${LARGE} entries in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
const cases: Array<[string, (lastAt: number) => AuditFilters]> = [
  ['no filter', () => ({})],
  ['one person', () => ({ personId: 'person-3' })],
  ['one action (rare: refunds)', () => ({ action: 'terminalSales.refund' })],
  ['person and action', () => ({ personId: 'person-3', action: 'terminalSales.charge' })],
  ['the last hour', (lastAt) => ({ from: new Date(lastAt - 3_600_000).toISOString() })],
  [
    'a day in the middle',
    (lastAt) => ({ from: new Date(START + (lastAt - START) / 2).toISOString(), to: new Date(START + (lastAt - START) / 2 + 86_400_000).toISOString() }),
  ],
];
for (const [name, filters] of cases) {
  const baseline = pageTime(small.db, filters(small.lastAt));
  const measured = pageTime(large.db, filters(large.lastAt));
  console.log(
    `${name}: two pages over ${LARGE} entries ${measured.toFixed(2)} ms, over ${SMALL} ${baseline.toFixed(2)} ms — ratio ${(measured / baseline).toFixed(2)} (target ≤ 2)`,
  );
}
small.db.close();
large.db.close();
rmSync(root, { recursive: true, force: true });
