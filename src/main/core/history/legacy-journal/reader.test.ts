import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalPrint } from '../records/print';
import { samplePrint } from '../test-prints';
import { openLegacyJournalWriter, type LegacyJournalWriter } from './testing/writer';
import { legacyDirectoryFiles } from './files';
import { encodeLine } from './format';
import { readLegacyJournal, type LegacyJournal } from './reader';

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function tempDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), 'counter-legacy-'));
  directories.push(directory);
  return directory;
}

function print(id: string, seq: number, overrides: Partial<JournalPrint> = {}): JournalPrint {
  const at = 1_000 + seq;
  return samplePrint(seq, {
    id,
    terminalId: 'NEWLAND_N950__SBX0000001',
    externalReference: `REF-${id}`,
    idempotencyKey: `key-${id}`,
    createdAt: at,
    updatedAt: at,
    history: [{ status: 'queued', at, reason: null }],
    contentBytes: 5,
    contentPreview: 'hello',
    ...overrides,
  });
}

const filesOf = (directory: string) =>
  Object.fromEntries(
    readdirSync(directory).map((name) => [
      name,
      createHash('sha256')
        .update(readFileSync(join(directory, name)))
        .digest('hex'),
    ]),
  );

/** Reads, and proves the reading changed no byte of any file and removed or added none. */
async function read(directory: string): Promise<LegacyJournal> {
  const before = filesOf(directory);
  const journal = await readLegacyJournal(legacyDirectoryFiles(directory));
  for (const item of journal.prints()) await journal.content(item.id).catch(() => undefined);
  expect(filesOf(directory)).toEqual(before);
  return journal;
}

const ids = (journal: LegacyJournal) => journal.prints().map((entry) => entry.id);

function written(directory: string, count: number, segmentBytes = 24 * 1024): LegacyJournalWriter {
  const writer = openLegacyJournalWriter(directory, { segmentBytes });
  for (let index = 1; index <= count; index++) writer.append(print(`p${index}`, index), `content ${index}`);
  return writer;
}

/** Offset of the start of record `n` (0-based) in a file of lines. */
function recordStart(bytes: Buffer, n: number): number {
  let start = 0;
  for (let line = 0; line < n; line++) start = bytes.indexOf(0x0a, start) + 1;
  return start;
}

describe('the legacy journal reader', () => {
  it('reads prints, their transitions and content, in enqueue order', async () => {
    const directory = tempDirectory();
    const writer = written(directory, 2);
    writer.update('p1', { status: 'sending', attempts: 1, updatedAt: 2_000 }, { status: 'sending', at: 2_000, reason: null });
    writer.update('p1', { status: 'processed', actionId: 'x', updatedAt: 3_000 }, { status: 'processed', at: 3_000, reason: null });
    writer.close();
    const journal = await read(directory);
    expect(ids(journal)).toEqual(['p1', 'p2']);
    expect(journal.prints()[0]).toMatchObject({ status: 'processed', attempts: 1, actionId: 'x', rev: 2 });
    expect(journal.prints()[0]?.history.map((step) => step.status)).toEqual(['queued', 'sending', 'processed']);
    expect(await journal.content('p1')).toBe('content 1');
    expect(await journal.content('p2')).toBe('content 2');
    expect(journal.damagedRecords).toBe(0);
  });

  it('drops only a torn last write, cut at any byte, and leaves the torn bytes where they are', async () => {
    const directory = tempDirectory();
    const writer = written(directory, 1, 4_096);
    writer.update('p1', { status: 'sending', updatedAt: 2 }, { status: 'sending', at: 2, reason: null });
    writer.close();
    const path = join(directory, writer.segment());
    const intact = readFileSync(path);
    const dataEnd = intact.indexOf(0);
    const torn = encodeLine({ k: 'upd', id: 'p1', rev: 2, s: { status: 'created', actionId: 'x' } });
    for (let cut = 1; cut < torn.length; cut += 3) {
      const damaged = Buffer.from(intact);
      torn.copy(damaged, dataEnd, 0, cut);
      writeFileSync(path, damaged);
      const journal = await read(directory);
      expect(journal.prints()[0], `cut at ${cut}`).toMatchObject({ status: 'sending', rev: 1 });
    }
  });

  it('keeps every record a zero or a flipped byte anywhere in the fourth record leaves whole, and the rest of the segment', async () => {
    const directory = tempDirectory();
    written(directory, 40).close();
    const path = join(directory, readdirSync(directory)[0] ?? '');
    const intact = readFileSync(path);
    const start = recordStart(intact, 3);
    const end = recordStart(intact, 4);
    for (const damage of [0x00, 0x5a]) {
      // Every fifth byte, and the record's newline.
      const offsets = [...Array.from({ length: Math.ceil((end - start) / 5) }, (_, index) => start + index * 5), end - 1];
      for (const offset of offsets) {
        if (intact[offset] === damage) continue;
        const bytes = Buffer.from(intact);
        bytes[offset] = damage;
        writeFileSync(path, bytes);
        const journal = await read(directory);
        const kept = ids(journal);
        // A zero in place of the record's own newline leaves the record whole, and it is kept.
        const expected = damage === 0 && offset === end - 1 ? 40 : 39;
        expect(kept, `byte ${offset - start} of the record set to ${damage}`).toHaveLength(expected);
        if (expected === 39) expect(kept).not.toContain('p4');
        expect(await journal.content('p40')).toBe('content 40');
      }
    }
  });

  it('keeps every whole record of a segment cut short at any length', async () => {
    const directory = tempDirectory();
    written(directory, 12).close();
    const path = join(directory, readdirSync(directory)[0] ?? '');
    const intact = readFileSync(path);
    const dataEnd = intact.indexOf(0);
    for (let length = 0; length <= dataEnd; length += 13) {
      writeFileSync(path, intact.subarray(0, length));
      const journal = await read(directory);
      const wholeRecords = intact.subarray(0, length).filter((byte) => byte === 0x0a).length;
      expect(ids(journal), `cut to ${length} bytes`).toEqual(Array.from({ length: wholeRecords }, (_, index) => `p${index + 1}`));
    }
  });

  it('reads a snapshot and the segments after it, content from the snapshot', async () => {
    const directory = tempDirectory();
    const writer = written(directory, 30, 2_048);
    for (let index = 1; index <= 30; index += 2)
      writer.update(`p${index}`, { status: 'processed', updatedAt: 5_000 }, { status: 'processed', at: 5_000, reason: null });
    writer.snapshot({ removeCoveredSegments: true });
    writer.update('p2', { status: 'created', actionId: 'z' }, { status: 'created', at: 6_000, reason: null });
    writer.append(print('late', 31), 'late content');
    writer.close();
    const journal = await read(directory);
    expect(journal.prints()).toHaveLength(31);
    expect(journal.prints().find((entry) => entry.id === 'p2')).toMatchObject({ status: 'created', actionId: 'z', rev: 1 });
    expect(journal.prints().find((entry) => entry.id === 'p1')).toMatchObject({ status: 'processed' });
    expect(await journal.content('p1')).toBe('content 1');
    expect(await journal.content('late')).toBe('late content');
  });

  it('loses no print to damage anywhere in a snapshot whose segments are still there, and only the damaged record otherwise', async () => {
    for (const removeCoveredSegments of [false, true]) {
      const directory = tempDirectory();
      const writer = written(directory, 20);
      writer.update('p3', { status: 'sending' }, { status: 'sending', at: 9, reason: null });
      const snapshot = writer.snapshot({ removeCoveredSegments });
      writer.update('p3', { status: 'created', actionId: 'a' }, { status: 'created', at: 10, reason: null });
      writer.close();
      const path = join(directory, snapshot);
      const intact = readFileSync(path);
      for (let offset = 0; offset < intact.length; offset += 101) {
        for (const damage of [0x00, 0xff]) {
          const bytes = Buffer.from(intact);
          bytes[offset] = damage;
          writeFileSync(path, bytes);
          const journal = await read(directory);
          const kept = ids(journal);
          const label = `byte ${offset} set to ${damage}, segments ${removeCoveredSegments ? 'removed' : 'kept'}`;
          if (removeCoveredSegments) expect(kept.length, label).toBeGreaterThanOrEqual(19);
          else expect(kept, label).toHaveLength(20);
          // The segment after the snapshot is replayed whatever the snapshot's damage.
          if (kept.includes('p3'))
            expect(
              journal.prints().find((entry) => entry.id === 'p3'),
              label,
            ).toMatchObject({ status: 'created', rev: 2 });
        }
      }
      writeFileSync(path, intact);
    }
  });

  it('keeps the readable records of a snapshot cut short, merged with the older snapshot and the segments', async () => {
    const directory = tempDirectory();
    const writer = written(directory, 10);
    writer.snapshot({ removeCoveredSegments: true });
    for (let index = 11; index <= 20; index++) writer.append(print(`p${index}`, index), `content ${index}`);
    const newest = writer.snapshot({ removeCoveredSegments: true });
    writer.close();
    const path = join(directory, newest);
    const intact = readFileSync(path);
    for (let length = 0; length < intact.length; length += 131) {
      writeFileSync(path, intact.subarray(0, length));
      const journal = await read(directory);
      const wholeRecords = intact.subarray(0, length).filter((byte) => byte === 0x0a).length;
      // The older snapshot holds p1–p10; the cut newest one adds its whole records of p11–p20.
      expect(ids(journal), `cut to ${length} bytes`).toHaveLength(Math.max(10, Math.min(20, wholeRecords)));
    }
  });

  it('applies a prune record as the old journal did: finished prints last changed before the cut-off', async () => {
    const directory = tempDirectory();
    const writer = openLegacyJournalWriter(directory);
    writer.append(print('old', 1, { status: 'processed', updatedAt: 100 }), 'x');
    writer.append(print('new', 2, { status: 'processed', updatedAt: 10_000 }), 'y');
    writer.append(print('waiting', 3, { status: 'queued', updatedAt: 50 }), 'z');
    writer.prune(5_000, 20_000);
    writer.close();
    expect(ids(await read(directory))).toEqual(['new', 'waiting']);
  });

  it('says which content it could not read, without dropping the print', async () => {
    const directory = tempDirectory();
    written(directory, 3).close();
    const journal = await readLegacyJournal(legacyDirectoryFiles(directory));
    const path = join(directory, readdirSync(directory)[0] ?? '');
    const bytes = readFileSync(path);
    const at = recordStart(bytes, 1) + 40;
    bytes[at] = (bytes[at] ?? 0) ^ 0x01;
    writeFileSync(path, bytes);
    await expect(journal.content('p2')).rejects.toThrow(/damaged/);
    expect(await journal.content('p3')).toBe('content 3');
  });
});
