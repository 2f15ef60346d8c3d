import { isFinalPrintStatus } from '../../../../shared/lifecycle/print';
import { silentLogger, type Logger } from '../../ports';
import type { JournalPrint } from '../records/print';
import type { LegacyFiles } from './files';
import { decodeLine, SEGMENT, segmentName, SNAPSHOT, snapshotName, type JournalLine } from './format';
import { scanFile } from './scan';

/** What the old journal still holds, read without changing a byte of it. */
export interface LegacyJournal {
  /** Every readable print, in enqueue order. */
  prints(): Readonly<JournalPrint>[];
  /** The print's content, read from its record when asked (a large history is not held in memory). */
  content(id: string): Promise<string>;
  /** Records that could not be read (damaged or torn), over every file. */
  readonly damagedRecords: number;
}

interface ContentRef {
  file: string;
  offset: number;
  length: number;
}

/** The replay's state: the prints as the records read so far leave them, and where each one's content is. */
class Replay {
  readonly prints = new Map<string, JournalPrint>();
  readonly refs = new Map<string, ContentRef>();

  apply(line: JournalLine, file: string, offset: number, length: number): void {
    switch (line.k) {
      case 'enq':
      case 'snap': {
        // `rev` orders records about one print: a snapshot and a segment may both hold it.
        const known = this.prints.get(line.p.id);
        if (known !== undefined && known.rev >= line.p.rev) return;
        this.prints.set(line.p.id, { ...line.p, history: [...line.p.history] });
        this.refs.set(line.p.id, { file, offset, length });
        return;
      }
      case 'upd': {
        const print = this.prints.get(line.id);
        if (print === undefined || print.rev >= line.rev) return;
        Object.assign(print, line.s, { rev: line.rev });
        if (line.h !== undefined) print.history.push(line.h);
        return;
      }
      case 'prune':
        for (const print of [...this.prints.values()]) {
          if (!isFinalPrintStatus(print.status) || print.updatedAt >= line.before) continue;
          this.prints.delete(print.id);
          this.refs.delete(print.id);
        }
        return;
      case 'end':
        return;
    }
  }
}

const numbered = (names: readonly string[], pattern: RegExp): number[] =>
  names.flatMap((name) => {
    const digits = pattern.exec(name)?.[1];
    return digits === undefined ? [] : [Number(digits)];
  });

/**
 * Applies the newest snapshot and returns the last segment it covers. A damaged or incomplete newest
 * snapshot does not cost the history: its readable records are merged with every older snapshot's, and
 * 0 is returned so that every segment still there is replayed as well (`rev` decides between copies).
 */
async function applySnapshots(files: LegacyFiles, snapshots: readonly number[], replay: Replay, logger: Logger): Promise<{ covered: number; damaged: number }> {
  const newest = snapshots[0];
  if (newest === undefined) return { covered: 0, damaged: 0 };
  const lines: Array<[JournalLine, number, number]> = [];
  let complete = false;
  const { damaged } = await scanFile(files, snapshotName(newest), (line, offset, length) => {
    if (line.k === 'end') complete = line.count === lines.length && line.through === newest;
    else lines.push([line, offset, length]);
  });
  if (complete && damaged === 0) {
    for (const [line, offset, length] of lines) replay.apply(line, snapshotName(newest), offset, length);
    return { covered: newest, damaged: 0 };
  }
  logger.warn('a damaged snapshot in the old journal: its readable records are merged with the older snapshots and the segments', {
    snapshot: snapshotName(newest),
    damaged,
  });
  let olderDamage = 0;
  for (const older of snapshots.slice(1).reverse()) {
    const name = snapshotName(older);
    olderDamage += (await scanFile(files, name, (line, offset, length) => line.k !== 'end' && replay.apply(line, name, offset, length))).damaged;
  }
  for (const [line, offset, length] of lines) replay.apply(line, snapshotName(newest), offset, length);
  return { covered: 0, damaged: damaged + olderDamage + (complete ? 0 : 1) };
}

/**
 * Reads the old print journal: the newest snapshot, then every later segment in order. It only ever
 * reads (the port has no write), and keeps every record it can read: a damaged record is skipped and
 * reading goes on at the next checksummed line; a damaged snapshot falls back as `applySnapshots` says.
 */
export async function readLegacyJournal(files: LegacyFiles, options: { logger?: Logger } = {}): Promise<LegacyJournal> {
  const logger = options.logger ?? silentLogger;
  const names = await files.list();
  const segments = numbered(names, SEGMENT).sort((a, b) => a - b);
  const snapshots = numbered(names, SNAPSHOT).sort((a, b) => b - a);
  const replay = new Replay();
  const snapshotRead = await applySnapshots(files, snapshots, replay, logger);
  let damagedRecords = snapshotRead.damaged;
  // Segments a complete snapshot covers are leftovers of an interrupted compaction: already in it.
  for (const number of segments.filter((segment) => segment > snapshotRead.covered)) {
    const name = segmentName(number);
    const { damaged } = await scanFile(files, name, (line, offset, length) => replay.apply(line, name, offset, length));
    if (damaged > 0) logger.warn('damaged records of the old journal were skipped', { segment: name, damaged });
    damagedRecords += damaged;
  }
  return {
    prints: () => [...replay.prints.values()].sort((a, b) => a.seq - b.seq),
    damagedRecords,
    async content(id) {
      const ref = replay.refs.get(id);
      if (ref === undefined) throw new Error(`print ${id} is not in the old journal`);
      const line = decodeLine((await files.read(ref.file, ref.offset, ref.length)).subarray(0, ref.length - 1));
      if (line === undefined || (line.k !== 'enq' && line.k !== 'snap') || line.p.id !== id)
        throw new Error(`the old journal's record of print ${id} is damaged`);
      return line.c;
    },
  };
}
