import { constants, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDirectoryFiles, createMemoryFiles } from './journal-files';
import { encodeLine, openPrintJournal, type PrintJournal } from './journal';
import { queuedPrint, type JournalPrint } from './records';

const directories: string[] = [];
const journals: PrintJournal[] = [];
afterEach(async () => {
  for (const journal of journals.splice(0)) await journal.close().catch(() => undefined);
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function tempDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), 'counter-journal-'));
  directories.push(directory);
  return directory;
}

async function open(directory: string, maxSegmentBytes = 64 * 1024): Promise<PrintJournal> {
  const journal = await openPrintJournal({ files: await createDirectoryFiles(directory), maxSegmentBytes });
  journals.push(journal);
  return journal;
}

function print(id: string, seq: number, overrides: Partial<JournalPrint> = {}): JournalPrint {
  return {
    ...queuedPrint({
      id,
      seq,
      terminalId: 'NEWLAND_N950__SBX0000001',
      subtype: 'custom',
      externalReference: `REF-${id}`,
      idempotencyKey: `key-${id}`,
      at: 1_000 + seq,
      contentBytes: 5,
      contentPreview: 'hello',
    }),
    ...overrides,
  };
}

const segmentFiles = (directory: string) =>
  readdirSync(directory)
    .filter((name) => name.startsWith('seg-'))
    .sort();

describe('print journal', () => {
  it('keeps prints, transitions and content across a reopen', async () => {
    const directory = tempDirectory();
    const journal = await open(directory);
    await journal.append(print('a', 1), 'content of a').durable;
    await journal.append(print('b', 2), 'content of b').durable;
    await journal.update('a', { status: 'sending', attempts: 1, updatedAt: 2_000 }, { status: 'sending', at: 2_000, reason: null }).durable;
    await journal.update('a', { status: 'processed', actionId: 'x', updatedAt: 3_000 }, { status: 'processed', at: 3_000, reason: null }).durable;
    // Not closed: the process "dies" here.
    const reopened = await open(directory);
    expect(reopened.size()).toBe(2);
    expect(reopened.get('a')).toMatchObject({ status: 'processed', attempts: 1, actionId: 'x', rev: 2 });
    expect(reopened.get('a')?.history.map((step) => step.status)).toEqual(['queued', 'sending', 'processed']);
    expect(await reopened.content('a')).toBe('content of a');
    expect(await reopened.content('b')).toBe('content of b');
    expect(reopened.nextSeq()).toBe(3);
  });

  it('tolerates a torn last write at any byte, clears it, and writes cleanly after it', async () => {
    const directory = tempDirectory();
    const journal = await open(directory, 4_096);
    await journal.append(print('a', 1), 'A'.repeat(50)).durable;
    await journal.update('a', { status: 'sending', updatedAt: 2 }, { status: 'sending', at: 2, reason: null }).durable;
    await journal.close();
    const [segment] = segmentFiles(directory);
    const path = join(directory, segment ?? '');
    const intact = readFileSync(path);
    const dataEnd = intact.indexOf(0);
    expect(intact.length).toBe(4_096);
    const before = new Map(readdirSync(directory).map((name) => [name, readFileSync(join(directory, name))]));
    const torn = encodeLine({ k: 'upd', id: 'a', rev: 2, s: { status: 'created', actionId: 'x' } });
    for (let cut = 1; cut < torn.length; cut += 7) {
      const damaged = Buffer.from(intact);
      torn.copy(damaged, dataEnd, 0, cut);
      writeFileSync(path, damaged);
      const reopened = await open(directory, 4_096);
      expect(reopened.get('a')).toMatchObject({ status: 'sending', rev: 1 });
      expect(
        readFileSync(path)
          .subarray(dataEnd)
          .every((byte) => byte === 0),
      ).toBe(true);
      await reopened.update('a', { status: 'created', actionId: 'y' }, { status: 'created', at: 3, reason: null }).durable;
      await reopened.close();
      const again = await open(directory, 4_096);
      expect(again.get('a')).toMatchObject({ status: 'created', actionId: 'y' });
      await again.close();
      for (const name of readdirSync(directory)) rmSync(join(directory, name));
      for (const [name, data] of before) writeFileSync(join(directory, name), data);
    }
  });

  it('skips a damaged record in the middle and keeps the rest', async () => {
    const directory = tempDirectory();
    const journal = await open(directory);
    await journal.append(print('a', 1), 'a').durable;
    await journal.append(print('b', 2), 'b').durable;
    await journal.append(print('c', 3), 'c').durable;
    await journal.close();
    const path = join(directory, segmentFiles(directory)[0] ?? '');
    const lines = readFileSync(path, 'utf8').split('\n');
    lines[1] = (lines[1] ?? '').replace('REF-b', 'REF-X');
    writeFileSync(path, lines.join('\n'));
    const reopened = await open(directory);
    expect([...reopened.values()].map((entry) => entry.id)).toEqual(['a', 'c']);
  });

  it('groups concurrent records into shared syncs and resolves each only when durable', async () => {
    const directory = tempDirectory();
    const journal = await open(directory);
    await Promise.all(Array.from({ length: 200 }, (_, index) => journal.append(print(`p${index}`, index + 1), `content ${index}`).durable));
    const reopened = await open(directory);
    expect(reopened.size()).toBe(200);
    expect(await reopened.content('p199')).toBe('content 199');
  });

  it('writes a record in the step that appends it, durably by the write itself where the OS can, else with a sync', async () => {
    for (const writeThrough of [true, false]) {
      const directory = tempDirectory();
      const files = await createDirectoryFiles(directory);
      const calls: string[] = [];
      const journal = await openPrintJournal({
        files: {
          ...files,
          async openSegment(name, size, options) {
            const file = await files.openSegment(name, size, { writeThrough: writeThrough && options?.writeThrough === true });
            return { ...file, writeAt: (offset, data) => (calls.push('write'), file.writeAt(offset, data)), sync: () => (calls.push('sync'), file.sync()) };
          },
        },
      });
      journals.push(journal);
      await journal.append(print('warm', 1), 'first').durable;
      calls.length = 0;
      const { durable } = journal.append(print('p2', 2), 'second');
      // Already on its way before append returned: the print's request is prepared while the disk works.
      expect(calls).toEqual(['write']);
      await durable;
      const osWritesThrough = writeThrough && constants.O_DSYNC !== undefined;
      expect(calls).toEqual(osWritesThrough ? ['write'] : ['write', 'sync']);
      const reopened = await open(directory);
      expect(await reopened.content('p2')).toBe('second');
    }
  });

  it('compacts into a snapshot and a new segment, deleting old segments, with nothing lost', async () => {
    const directory = tempDirectory();
    const journal = await open(directory, 4_096);
    for (let index = 0; index < 60; index++) {
      await journal.append(print(`p${index}`, index + 1), `content ${index} `.repeat(10)).durable;
      if (index % 2 === 0)
        await journal.update(`p${index}`, { status: 'processed', updatedAt: 5_000 }, { status: 'processed', at: 5_000, reason: null }).durable;
    }
    await journal.compact();
    expect(journal.stats().compactions).toBeGreaterThan(0);
    const files = readdirSync(directory);
    expect(files.filter((name) => name.startsWith('snap-'))).toHaveLength(1);
    expect(segmentFiles(directory).length).toBeLessThanOrEqual(1);
    expect(await journal.content('p0')).toBe('content 0 '.repeat(10));
    await journal.update('p1', { status: 'created', actionId: 'z' }, { status: 'created', at: 6_000, reason: null }).durable;
    const reopened = await open(directory, 4_096);
    expect(reopened.size()).toBe(60);
    expect(reopened.get('p0')).toMatchObject({ status: 'processed' });
    expect(reopened.get('p1')).toMatchObject({ status: 'created', actionId: 'z' });
    expect(reopened.get('p1')?.history).toHaveLength(2);
    expect(await reopened.content('p59')).toBe('content 59 '.repeat(10));
  });

  it('keeps the readable records of an incomplete snapshot and replays the segments it would have replaced', async () => {
    const directory = tempDirectory();
    const journal = await open(directory);
    await journal.append(print('a', 1), 'a').durable;
    await journal.close();
    writeFileSync(join(directory, 'snap-00000001.log'), encodeLine({ k: 'snap', p: print('ghost', 9), c: 'x' }));
    const reopened = await open(directory);
    expect([...reopened.values()].map((entry) => entry.id).sort()).toEqual(['a', 'ghost']);
  });

  it('prunes finished prints by age, durably', async () => {
    const directory = tempDirectory();
    const journal = await open(directory);
    await journal.append(print('old', 1, { status: 'processed', updatedAt: 100 }), 'x').durable;
    await journal.append(print('new', 2, { status: 'processed', updatedAt: 10_000 }), 'y').durable;
    await journal.append(print('waiting', 3, { status: 'queued', updatedAt: 50 }), 'z').durable;
    const { removed, durable } = journal.prune(5_000, 20_000);
    await durable;
    expect(removed).toEqual(['old']);
    const reopened = await open(directory);
    expect([...reopened.values()].map((entry) => entry.id).sort()).toEqual(['new', 'waiting']);
  });

  it('refuses new records after a failed write instead of writing at an unknown offset', async () => {
    const directory = tempDirectory();
    const files = await createDirectoryFiles(directory);
    let fail = false;
    const journal = await openPrintJournal({
      files: {
        ...files,
        async openSegment(name, size) {
          const file = await files.openSegment(name, size);
          return { ...file, writeAt: async (offset, data) => (fail ? Promise.reject(new Error('EIO')) : file.writeAt(offset, data)) };
        },
      },
    });
    journals.push(journal);
    await journal.append(print('a', 1), 'a').durable;
    fail = true;
    await expect(journal.append(print('b', 2), 'b').durable).rejects.toMatchObject({ code: 'journal_unavailable' });
    fail = false;
    await expect(journal.append(print('c', 3), 'c').durable).rejects.toMatchObject({ code: 'journal_unavailable' });
    expect(journal.get('b')).toBeUndefined();
  });

  it('leaves a cleanly ended segment untouched and drops a record cut short', async () => {
    const directory = tempDirectory();
    const journal = await open(directory, 4_096);
    await journal.append(print('a', 1), 'a').durable;
    await journal.close();
    const path = join(directory, segmentFiles(directory)[0] ?? '');
    const clean = readFileSync(path);
    await (await open(directory, 4_096)).close();
    expect(readFileSync(path).equals(clean)).toBe(true);
    // The record's final newline never reached the disk.
    const cut = Buffer.from(clean);
    cut[clean.indexOf(0) - 1] = 0;
    writeFileSync(path, cut);
    const reopened = await open(directory, 4_096);
    expect(reopened.size()).toBe(0);
    expect(readFileSync(path).every((byte) => byte === 0)).toBe(true);
  });

  it('loses only the damaged record to a zero or a flipped byte inside it, and rewrites none of the others', async () => {
    for (const damage of [0x00, 0x5a]) {
      const directory = tempDirectory();
      const journal = await open(directory);
      for (let index = 1; index <= 40; index++) await journal.append(print(`p${index}`, index), `content ${index}`).durable;
      await journal.close();
      const path = join(directory, segmentFiles(directory)[0] ?? '');
      const bytes = readFileSync(path);
      // Inside the fourth record (records are lines): one byte replaced.
      let lineStart = 0;
      for (let line = 0; line < 3; line++) lineStart = bytes.indexOf(0x0a, lineStart) + 1;
      bytes[lineStart + 20] = damage;
      writeFileSync(path, bytes);
      const reopened = await open(directory);
      expect(reopened.size()).toBe(39);
      expect(reopened.get('p4')).toBeUndefined();
      expect(await reopened.content('p40')).toBe('content 40');
      await reopened.close();
      const after = readFileSync(path);
      expect(after.subarray(lineStart + 100, bytes.lastIndexOf(0x0a)).equals(bytes.subarray(lineStart + 100, bytes.lastIndexOf(0x0a)))).toBe(true);
    }
  });

  it('keeps working in memory, with no directory at all', async () => {
    const journal = await openPrintJournal({ files: createMemoryFiles(), maxSegmentBytes: 1_024 });
    for (let index = 0; index < 30; index++) await journal.append(print(`m${index}`, index + 1), 'content '.repeat(20)).durable;
    await journal.compact();
    expect(journal.size()).toBe(30);
    expect(await journal.content('m0')).toBe('content '.repeat(20));
  });
});
