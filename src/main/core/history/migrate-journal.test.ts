import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openLegacyJournalWriter } from './legacy-journal/testing/writer';
import { migrateOldJournal } from './migrate-journal';
import { openHistory } from './open';
import { samplePrint } from './test-prints';

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

async function oldJournal(root: string, count: number): Promise<{ directory: string; ids: string[] }> {
  const directory = join(root, 'journal', 'sandbox');
  mkdirSync(directory, { recursive: true });
  const journal = openLegacyJournalWriter(directory, { segmentBytes: 4 * 1024 });
  const ids: string[] = [];
  for (let index = 1; index <= count; index++) {
    const print = samplePrint(index);
    ids.push(print.id);
    journal.append(print, `content ${index}`);
    if (index % 2 === 0)
      journal.update(print.id, { status: 'processed', updatedAt: print.createdAt + 1 }, { status: 'processed', at: print.createdAt + 1, reason: null });
    // Half-way, a compaction's snapshot, as a journal that had run a while holds.
    if (index === Math.floor(count / 2)) journal.snapshot({ removeCoveredSegments: true });
  }
  journal.close();
  return { directory, ids };
}

describe('the old journal', () => {
  it('is imported once with every readable print, and its folder kept renamed', async () => {
    const root = mkdtempSync(join(tmpdir(), 'counter-migrate-'));
    directories.push(root);
    const { directory, ids } = await oldJournal(root, 30);
    // One damaged byte in the last segment's first record: that record only is lost.
    const segment =
      readdirSync(directory)
        .filter((name) => name.startsWith('seg-'))
        .sort()
        .at(-1) ?? '';
    const bytes = readFileSync(join(directory, segment));
    bytes[30] = 0;
    writeFileSync(join(directory, segment), bytes);
    const backup = join(root, 'backup');
    cpSync(directory, backup, { recursive: true });

    const { history } = openHistory({ file: join(root, 'history-sandbox.sqlite') });
    const report = await migrateOldJournal(history, directory, { now: () => Date.parse('2026-11-23T12:00:00Z') });
    expect(report?.movedTo).toBe(`${directory}.migrated-2026-11-23`);
    expect(existsSync(directory)).toBe(false);
    expect(readdirSync(report?.movedTo ?? '').sort()).toEqual(readdirSync(backup).sort());
    // Read, never repaired: not one byte of the old files changed (the damaged one included).
    for (const name of readdirSync(backup)) expect(readFileSync(join(report?.movedTo ?? '', name)).equals(readFileSync(join(backup, name))), name).toBe(true);
    const imported = report?.imported ?? 0;
    expect(imported).toBeGreaterThanOrEqual(29);
    expect(history.size()).toBe(imported);
    const last = ids.at(-1) ?? '';
    expect(history.get(last)).toMatchObject({ status: 'processed', history: [{ status: 'queued' }, { status: 'processed' }] });
    expect(await history.content(last)).toBe('content 30');
    expect(history.unfinished().length).toBeGreaterThanOrEqual(14);
    expect(history.nextSeq()).toBeGreaterThan(30);

    // The same folder back (a crash before the rename, a restored backup): never imported twice.
    cpSync(backup, directory, { recursive: true });
    const again = await migrateOldJournal(history, directory);
    expect(again?.imported).toBe(0);
    expect(history.size()).toBe(imported);
    history.closeSync();
  });

  it('is nothing to do without an old journal folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'counter-migrate-'));
    directories.push(root);
    const { history } = openHistory({ file: join(root, 'history-sandbox.sqlite') });
    expect(await migrateOldJournal(history, join(root, 'journal', 'sandbox'))).toBeUndefined();
    history.closeSync();
  });
});
