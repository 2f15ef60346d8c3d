import { closeSync, fdatasyncSync, openSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { isFinalPrintStatus } from '../../../../../shared/lifecycle/print';
import type { JournalPrint, JournalTransition, PrintPatch } from '../../records/print';
import { encodeLine, SEGMENT, segmentName, SNAPSHOT, snapshotName, type JournalLine } from '../format';

/**
 * Writes the old journal's format, for the tests of its reader and of the migration only: the app no
 * longer writes it. It keeps no promises the old journal kept (no group commit, no tail repair, no
 * compaction of its own); it lays records out as the old journal did, so the reader meets real files.
 */
export interface LegacyJournalWriter {
  append(print: JournalPrint, content: string): void;
  /** A transition; its `rev` is the print's next one. */
  update(id: string, patch: PrintPatch, transition?: JournalTransition): void;
  prune(before: number, at: number): void;
  /** Writes what a compaction wrote: every print so far in `snap-<segment>.log`, then goes on in a new segment. */
  snapshot(options?: { removeCoveredSegments?: boolean }): string;
  /** The segment written now. */
  segment(): string;
  close(): void;
}

export interface LegacyWriterOptions {
  /** Segments zero-filled to this size ahead of use, as the old journal did; a full one rolls to the next. */
  segmentBytes?: number;
  /** fdatasync after each record, so a record is on disk once its call returns (the crash test's ACK). */
  sync?: boolean;
}

/** Starts after every file already there, so a run after a crash never writes over what the crash left. */
export function openLegacyJournalWriter(directory: string, options: LegacyWriterOptions = {}): LegacyJournalWriter {
  const segmentBytes = options.segmentBytes ?? 64 * 1024;
  const names = readdirSync(directory);
  const numbers = names.flatMap((name) => [SEGMENT.exec(name)?.[1], SNAPSHOT.exec(name)?.[1]]).filter((digits) => digits !== undefined);
  let number = Math.max(0, ...numbers.map(Number)) + 1;
  let size = 0;
  let fd = openSegment(number);
  const prints = new Map<string, JournalPrint>();
  const contents = new Map<string, string>();

  function openSegment(n: number): number {
    const handle = openSync(join(directory, segmentName(n)), 'w+');
    writeSync(handle, Buffer.alloc(segmentBytes), 0, segmentBytes, 0);
    fdatasyncSync(handle);
    return handle;
  }

  function roll(): void {
    closeSync(fd);
    number++;
    size = 0;
    fd = openSegment(number);
  }

  function write(line: JournalLine): void {
    const data = encodeLine(line);
    if (size > 0 && size + data.length > segmentBytes) roll();
    writeSync(fd, data, 0, data.length, size);
    size += data.length;
    if (options.sync === true) fdatasyncSync(fd);
  }

  return {
    append(print, content) {
      const record = { ...print, history: [...print.history] };
      prints.set(print.id, record);
      contents.set(print.id, content);
      write({ k: 'enq', p: record, c: content });
    },
    update(id, patch, transition) {
      const print = prints.get(id);
      if (print === undefined) throw new Error(`print ${id} was not written by this writer`);
      Object.assign(print, patch, { rev: print.rev + 1 });
      if (transition !== undefined) print.history.push(transition);
      write({ k: 'upd', id, rev: print.rev, s: patch, h: transition });
    },
    prune(before, at) {
      for (const print of [...prints.values()]) if (isFinalPrintStatus(print.status) && print.updatedAt < before) prints.delete(print.id);
      write({ k: 'prune', before, at });
    },
    snapshot(snapshotOptions) {
      const through = number;
      const lines = [...prints.values()].map((print) => encodeLine({ k: 'snap', p: print, c: contents.get(print.id) ?? '' }));
      lines.push(encodeLine({ k: 'end', count: prints.size, through }));
      const name = snapshotName(through);
      writeFileSync(join(directory, name), Buffer.concat(lines));
      roll();
      if (snapshotOptions?.removeCoveredSegments === true) for (let n = 1; n <= through; n++) rmSync(join(directory, segmentName(n)), { force: true });
      return name;
    },
    segment: () => segmentName(number),
    close: () => closeSync(fd),
  };
}
