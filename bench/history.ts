/**
 * Print history on SQLite (src/main/core/history): each figure is a ratio to a baseline measured in the
 * same run.
 *
 *   node --import tsx bench/history.ts [--large 1000000] [--ops 400]
 *
 * - one durable transition (a commit with synchronous=FULL, until `durable` settles) with 100 prints and with --large prints,
 *   alternating between the two histories so disk noise hits both alike: ratio target ≤ 1.2;
 * - opening a folder of --large prints and reading the manager's first page: target ≤ 300 ms
 *   (baseline: the same for 100 prints);
 * - resident memory of a process that opened --large prints, over one that opened an empty history
 *   (each in its own child process): target ≤ 50 MB;
 * - the data folder after 100 starts with one print each, over the size of the history itself
 *   (`VACUUM INTO` copy): target ≤ 2×;
 * - a worker_threads message round trip, beside the transition's cost (where the calls run,
 *   docs/decisions.md "Print history").
 * No timed assertions: it prints and exits 0.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { ListPrintsRequest } from '../src/shared/ipc/channels/prints';
import { openHistory } from '../src/main/core/history/open';
import type { PrintHistory } from '../src/main/core/history/print-history';
import { PRINT_COLUMNS, printValues } from '../src/main/core/history/rows';
import { sqlite } from '../src/main/core/history/sqlite';
import { samplePrint } from '../src/main/core/history/test-prints';
import { summarize } from './_stats';

const { values } = parseArgs({
  options: { large: { type: 'string', default: '1000000' }, ops: { type: 'string', default: '400' }, probe: { type: 'string' } },
});
const FIRST_PAGE = ListPrintsRequest.parse({});

if (values.probe !== undefined) {
  // Child process: open, show the first page, report resident memory.
  const { history } = openHistory({ file: values.probe, integrityCheck: 'none' });
  history.list(FIRST_PAGE);
  globalThis.gc?.();
  console.log(JSON.stringify({ rss: process.memoryUsage().rss }));
  history.closeSync();
  process.exit(0);
}

const SMALL = 100;
const LARGE = Number(values.large);
const OPS = Number(values.ops);
const root = mkdtempSync(join(tmpdir(), 'counter-bench-history-'));
const CONTENT = 'Thank you for your purchase\n'.repeat(4);

/**
 * One transaction, prepared statements, no sync, and the indexes built once at the end instead of
 * updated row by row: a large history in minutes at most, not an hour of fsyncs.
 */
function seed(file: string, count: number): { ms: number } {
  openHistory({ file }).history.closeSync();
  const started = performance.now();
  const db = new (sqlite().DatabaseSync)(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF');
  const indexes = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL").all() as Array<{ name: string; sql: string }>;
  for (const { name } of indexes) db.exec(`DROP INDEX ${name}`);
  const insertPrint = db.prepare(`INSERT INTO prints (${PRINT_COLUMNS.join(', ')}) VALUES (${PRINT_COLUMNS.map(() => '?').join(', ')})`);
  const insertTransition = db.prepare('INSERT INTO print_transitions (print_id, status, at, reason) VALUES (?, ?, ?, ?)');
  const insertContent = db.prepare('INSERT INTO print_contents (print_id, content) VALUES (?, ?)');
  db.exec('BEGIN');
  for (let seq = 1; seq <= count; seq++) {
    const print = samplePrint(seq, { status: 'processed', attempts: 1 });
    print.history.push({ status: 'processed', at: print.createdAt + 3_000, reason: null });
    print.updatedAt = print.createdAt + 3_000;
    insertPrint.run(...printValues(print));
    for (const transition of print.history) insertTransition.run(print.id, transition.status, transition.at, transition.reason);
    insertContent.run(print.id, CONTENT);
  }
  for (const { sql } of indexes) db.exec(sql);
  db.exec('COMMIT');
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  return { ms: performance.now() - started };
}

function timedOpen(file: string): { history: PrintHistory; ms: number } {
  const started = performance.now();
  const { history } = openHistory({ file, integrityCheck: 'none' });
  history.list(FIRST_PAGE);
  return { history, ms: performance.now() - started };
}

/** Until the write is on disk (with synchronous=FULL that is when the commit returns; `durable` is awaited all the same). */
async function transition(history: PrintHistory, id: string, at: number): Promise<number> {
  const started = performance.now();
  await history.update(id, { status: 'on_terminal', updatedAt: at }, { status: 'on_terminal', at, reason: null }).durable;
  return performance.now() - started;
}

function rssOf(file: string): number {
  const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/history.ts', '--probe', file], { encoding: 'utf8' });
  return (JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as { rss: number }).rss;
}

function folderBytes(directory: string): number {
  return readdirSync(directory).reduce((sum, name) => sum + statSync(join(directory, name)).size, 0);
}

async function workerRoundTrip(samples: number): Promise<number[]> {
  const worker = new Worker('const { parentPort } = require("node:worker_threads"); parentPort.on("message", (m) => parentPort.postMessage(m));', {
    eval: true,
  });
  const times: number[] = [];
  for (let index = 0; index < samples; index++) {
    const started = performance.now();
    await new Promise((resolve) => {
      worker.once('message', resolve);
      worker.postMessage({ id: index, status: 'on_terminal' });
    });
    times.push(performance.now() - started);
  }
  await worker.terminate();
  return times;
}

const smallFile = join(root, 'small', 'history.sqlite');
const largeFile = join(root, 'large', 'history.sqlite');
const emptyFile = join(root, 'empty', 'history.sqlite');
seed(smallFile, SMALL);
const seeded = seed(largeFile, LARGE);
openHistory({ file: emptyFile }).history.closeSync();
console.log(
  `seeded ${LARGE} prints (2 transitions and ${CONTENT.length} bytes of content each) in ${(seeded.ms / 1000).toFixed(1)} s; file ${(statSync(largeFile).size / 1e6).toFixed(0)} MB`,
);

const small = timedOpen(smallFile);
const large = timedOpen(largeFile);
console.log(`open + manager's first page: ${SMALL} prints ${small.ms.toFixed(1)} ms, ${LARGE} prints ${large.ms.toFixed(1)} ms   target ≤ 300 ms`);
const quickStarted = performance.now();
openHistory({ file: largeFile, integrityCheck: 'quick' }).history.closeSync();
console.log(`open with PRAGMA quick_check, ${LARGE} prints: ${(performance.now() - quickStarted).toFixed(0)} ms`);

const smallIds = small.history.list({ ...FIRST_PAGE, page: { index: 0, size: SMALL } }).items.map((print) => print.id);
const largeIds = large.history.list({ ...FIRST_PAGE, page: { index: 0, size: 200 } }).items.map((print) => print.id);
const smallSamples: number[] = [];
const largeSamples: number[] = [];
for (let op = 0; op < OPS + 50; op++) {
  const a = await transition(small.history, smallIds[op % smallIds.length] ?? '', Date.now());
  const b = await transition(large.history, largeIds[op % largeIds.length] ?? '', Date.now());
  if (op >= 50) {
    smallSamples.push(a);
    largeSamples.push(b);
  }
}
const s = summarize(smallSamples);
const l = summarize(largeSamples);
const format = (value: number) => `${value.toFixed(3)} ms`;
console.log(`one durable transition, ${String(SMALL).padStart(7)} prints: median ${format(s.median)}  p95 ${format(s.p95)}  mean ${format(s.mean)}`);
console.log(`one durable transition, ${String(LARGE).padStart(7)} prints: median ${format(l.median)}  p95 ${format(l.p95)}  mean ${format(l.mean)}`);
console.log(`ratio ${LARGE}/${SMALL} (median): ${(l.median / s.median).toFixed(2)}   (mean): ${(l.mean / s.mean).toFixed(2)}   target ≤ 1.2`);
small.history.closeSync();
large.history.closeSync();

const trip = summarize(await workerRoundTrip(OPS));
console.log(`worker_threads message round trip: median ${format(trip.median)}  p95 ${format(trip.p95)}  (vs. the transition's median ${format(s.median)})`);

const emptyRss = rssOf(emptyFile);
const largeRss = rssOf(largeFile);
console.log(
  `resident memory: empty history ${(emptyRss / 1e6).toFixed(0)} MB, ${LARGE} prints ${(largeRss / 1e6).toFixed(0)} MB, over empty ${((largeRss - emptyRss) / 1e6).toFixed(1)} MB   target ≤ 50 MB`,
);

const startsDirectory = join(root, 'starts');
const startsFile = join(startsDirectory, 'history.sqlite');
for (let start = 0; start < 100; start++) {
  const { history } = openHistory({ file: startsFile });
  void history.append(samplePrint(history.nextSeq()), CONTENT);
  history.closeSync();
}
const compactCopy = join(root, 'compact.sqlite');
const db = new (sqlite().DatabaseSync)(startsFile);
db.exec(`VACUUM INTO '${compactCopy}'`);
db.close();
const folder = folderBytes(startsDirectory);
const itself = statSync(compactCopy).size;
console.log(
  `data folder after 100 starts with one print each: ${(folder / 1024).toFixed(0)} KB, the history itself ${(itself / 1024).toFixed(0)} KB, ratio ${(folder / itself).toFixed(2)}   target ≤ 2`,
);

rmSync(root, { recursive: true, force: true });
