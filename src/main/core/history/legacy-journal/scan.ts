import type { LegacyFiles } from './files';
import { decodeLine, NEWLINE, type JournalLine } from './format';

/** Chunks (1 MB each) of nothing but zeros after which the rest of a segment is its unused, preallocated part. */
const ZERO_CHUNKS_TO_STOP = 4;

export interface ScanResult {
  /** Stretches that were not a whole, checksummed record: damaged bytes, or a torn last write. */
  damaged: number;
}

const isZeroChunk = (chunk: Buffer): boolean => {
  for (let index = chunk.length - 1; index >= 0; index--) if (chunk[index] !== 0) return false;
  return true;
};

const RECORD_START = /[0-9a-f]{8} \{"k":"/g;

/**
 * The record of the line from `start` to `end`. A line that fails its checksum may be a damaged record
 * glued to a whole one (its newline was the damaged byte): the whole one is found by its start, and kept.
 */
function recordAt(buffer: Buffer, start: number, end: number): { line: JournalLine | undefined; start: number; damaged: boolean } {
  const line = decodeLine(buffer.subarray(start, end));
  if (line !== undefined) return { line, start, damaged: false };
  const text = buffer.toString('latin1', start, end);
  RECORD_START.lastIndex = 1;
  for (let match = RECORD_START.exec(text); match !== null; match = RECORD_START.exec(text)) {
    const inside = decodeLine(buffer.subarray(start + match.index, end));
    if (inside !== undefined) return { line: inside, start: start + match.index, damaged: true };
    RECORD_START.lastIndex = match.index + 1;
  }
  return { line: undefined, start, damaged: true };
}

/**
 * Every whole record of a file, with its offset and length. A zero byte ends a line as a newline does
 * (JSON never holds one), so a zero inside a written record costs that record only: reading goes on at
 * the next line, whose checksum says whether it is whole. A good line ended by a zero with nothing after
 * it is a torn last write whose newline never reached the disk, so it was never acknowledged, and is
 * left out; followed by more records, its newline was damaged and it is kept. A damaged newline glues two
 * records into one line: the second is still found by its start (`recordAt`). The scan stops after a
 * long run of zero chunks: the preallocated, never written rest of a segment.
 */
export async function scanFile(files: LegacyFiles, name: string, onLine: (line: JournalLine, offset: number, length: number) => void): Promise<ScanResult> {
  let carry: Buffer = Buffer.alloc(0);
  let carryOffset = 0;
  let damaged = 0;
  let zeroChunks = 0;
  const endedByZero: Array<[JournalLine, number, number]> = [];
  for await (const chunk of files.chunks(name)) {
    zeroChunks = isZeroChunk(chunk) ? zeroChunks + 1 : 0;
    const buffer = carry.length === 0 ? chunk : Buffer.concat([carry, chunk]);
    let start = 0;
    for (let index = 0; index < buffer.length; index++) {
      const byte = buffer[index];
      if (byte !== NEWLINE && byte !== 0) continue;
      if (index > start) {
        const found = recordAt(buffer, start, index);
        if (found.damaged) damaged++;
        if (found.line !== undefined) {
          const record: [JournalLine, number, number] = [found.line, carryOffset + found.start, index + 1 - found.start];
          if (byte === 0) endedByZero.push(record);
          else {
            for (const pending of endedByZero.splice(0)) onLine(...pending);
            onLine(...record);
          }
        }
      }
      start = index + 1;
    }
    carryOffset += start;
    carry = Buffer.from(buffer.subarray(start));
    if (zeroChunks >= ZERO_CHUNKS_TO_STOP) break;
  }
  // A last line without its end (a torn write, or a file cut short) counts as damaged.
  if (carry.some((byte) => byte !== 0)) damaged++;
  damaged += endedByZero.length;
  return { damaged };
}
