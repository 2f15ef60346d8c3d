/**
 * Print journal: the cost of writing one transition (fdatasync included) with 100 prints in history and
 * with 100,000, as a ratio measured in the same run. Target: ≤ 1.2 (a transition is one short line,
 * whatever the history holds; nothing is rewritten).
 *
 *   node --import tsx bench/journal.ts [--large 100000] [--ops 600]
 *
 * Each history is built quickly (unsynced, in parallel), compacted into a snapshot and reopened, as the
 * app finds it after a restart (the replay time is printed too). The measured transitions then alternate
 * between the two journals, one awaited durable write at a time, so disk noise hits both alike.
 * No timed assertions: it prints and exits 0.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDirectoryFiles } from '../src/main/core/print-queue/journal-files';
import { openPrintJournal, type PrintJournal } from '../src/main/core/print-queue/journal';
import type { JournalPrint } from '../src/main/core/print-queue/records';
import { receipt } from '../src/main/core/testing/harness';
import { summarize } from './_stats';

const { values } = parseArgs({ options: { large: { type: 'string', default: '100000' }, ops: { type: 'string', default: '600' } } });
const SMALL = 100;
const LARGE = Number(values.large);
const OPS = Number(values.ops);
/** Large enough that the measured writes never cross into a new segment. */
const SEGMENT_BYTES = 64 * 1024 * 1024;

function printRecord(index: number, now: number): JournalPrint {
  const history = (['queued', 'sending', 'created'] as const).map((status, step) => ({ status, at: now + step, reason: null }));
  return {
    id: randomUUID(),
    seq: index + 1,
    rev: 0,
    terminalId: `NEWLAND_N950__SBX000000${(index % 3) + 1}`,
    subtype: 'custom',
    externalReference: `BENCH-${index}`,
    idempotencyKey: randomUUID(),
    status: 'created',
    createdAt: now,
    updatedAt: now + 2,
    history,
    lastError: null,
    actionId: randomUUID(),
    attempts: 1,
    firstSentAt: now + 1,
    cancelRequested: false,
    cancelKey: null,
    reprintOf: null,
    contentBytes: 120,
    contentPreview: '',
  };
}

async function build(size: number): Promise<{ directory: string; journal: PrintJournal; ids: string[]; replayMs: number }> {
  const directory = mkdtempSync(join(tmpdir(), `counter-bench-journal-${size}-`));
  const fast = await openPrintJournal({ files: await createDirectoryFiles(directory), maxSegmentBytes: SEGMENT_BYTES, sync: false });
  const content = receipt('bench');
  const now = Date.now();
  const ids: string[] = [];
  for (let start = 0; start < size; start += 2_000) {
    const batch = [];
    for (let index = start; index < Math.min(size, start + 2_000); index++) {
      const record = printRecord(index, now);
      ids.push(record.id);
      batch.push(fast.append(record, content).durable);
    }
    await Promise.all(batch);
  }
  await fast.compact();
  await fast.close();
  const started = performance.now();
  const journal = await openPrintJournal({ files: await createDirectoryFiles(directory), maxSegmentBytes: SEGMENT_BYTES });
  const replayMs = performance.now() - started;
  if (journal.size() !== size) throw new Error(`replayed ${journal.size()} prints, expected ${size}`);
  return { directory, journal, ids, replayMs };
}

async function transition(journal: PrintJournal, id: string): Promise<number> {
  const started = performance.now();
  await journal.update(id, { status: 'on_terminal', updatedAt: Date.now() }, { status: 'on_terminal', at: Date.now(), reason: null }).durable;
  return performance.now() - started;
}


const small = await build(SMALL);
const buildStarted = performance.now();
const large = await build(LARGE);
const largeBuildMs = performance.now() - buildStarted;

const smallSamples: number[] = [];
const largeSamples: number[] = [];
for (let op = 0; op < OPS + 50; op++) {
  const a = await transition(small.journal, small.ids[op % SMALL] ?? '');
  const b = await transition(large.journal, large.ids[(op * 7919) % LARGE] ?? '');
  if (op >= 50) {
    smallSamples.push(a);
    largeSamples.push(b);
  }
}

const s = summarize(smallSamples);
const l = summarize(largeSamples);
const format = (value: number) => `${value.toFixed(3)} ms`;
console.log(`history of ${LARGE} prints built in ${(largeBuildMs / 1000).toFixed(1)} s; replay on open: ${SMALL} prints ${small.replayMs.toFixed(0)} ms, ${LARGE} prints ${large.replayMs.toFixed(0)} ms`);
console.log(`one durable transition, ${String(SMALL).padStart(6)} prints: median ${format(s.median)}  p95 ${format(s.p95)}  mean ${format(s.mean)}`);
console.log(`one durable transition, ${String(LARGE).padStart(6)} prints: median ${format(l.median)}  p95 ${format(l.p95)}  mean ${format(l.mean)}`);
console.log(`ratio ${LARGE}/${SMALL} (median): ${(l.median / s.median).toFixed(2)}   (mean): ${(l.mean / s.mean).toFixed(2)}   target ≤ 1.2`);

for (const { journal, directory } of [small, large]) {
  await journal.close();
  rmSync(directory, { recursive: true, force: true });
}
