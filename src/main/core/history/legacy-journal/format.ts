import { crc32 } from 'node:zlib';
import { z } from 'zod';
import { JournalPrint, JournalTransition, PrintPatch } from '../records/print';

/**
 * The record format of the segment/snapshot journal that kept the print history before SQLite
 * (docs/decisions.md, "Print history on SQLite"). Nothing writes it any more; the migration reads it
 * (reader.ts), and the tests write it (legacy-journal/testing/writer.ts).
 *
 * A file is JSON lines, each prefixed with the CRC-32 of its JSON in 8 hex digits and a space. Segments
 * `seg-NNNNNNNN.log` were zero-filled ahead of use; a snapshot `snap-NNNNNNNN.log` holds every live print
 * (content included) as of segment NNNNNNNN and ends with an `end` line naming its count.
 */
export const JournalLine = z.discriminatedUnion('k', [
  /** A new print with its content: the record that made it durable. */
  z.object({ k: z.literal('enq'), p: JournalPrint, c: z.string() }),
  /** A transition. */
  z.object({ k: z.literal('upd'), id: z.string(), rev: z.number().int(), s: PrintPatch, h: JournalTransition.optional() }),
  /** Forget finished prints last changed before `before` (history pruning by age). */
  z.object({ k: z.literal('prune'), before: z.number(), at: z.number() }),
  /** A print as a snapshot holds it. */
  z.object({ k: z.literal('snap'), p: JournalPrint, c: z.string() }),
  /** A snapshot's last line: without it the snapshot is incomplete. */
  z.object({ k: z.literal('end'), count: z.number().int().nonnegative(), through: z.number().int().nonnegative() }),
]);
export type JournalLine = z.infer<typeof JournalLine>;

export const SEGMENT = /^seg-(\d{8})\.log$/;
export const SNAPSHOT = /^snap-(\d{8})\.log$/;
export const segmentName = (n: number): string => `seg-${String(n).padStart(8, '0')}.log`;
export const snapshotName = (n: number): string => `snap-${String(n).padStart(8, '0')}.log`;
export const NEWLINE = 0x0a;
const CRC_PREFIX_LENGTH = 9; // 8 hex digits and a space

export function encodeLine(line: JournalLine): Buffer {
  const json = Buffer.from(JSON.stringify(line));
  return Buffer.concat([Buffer.from(`${crc32(json).toString(16).padStart(8, '0')} `, 'latin1'), json, Buffer.from([NEWLINE])]);
}

/** A line without its newline; undefined when torn or damaged. */
export function decodeLine(raw: Buffer): JournalLine | undefined {
  if (raw.length <= CRC_PREFIX_LENGTH || raw[CRC_PREFIX_LENGTH - 1] !== 0x20) return undefined;
  const expected = Number.parseInt(raw.subarray(0, 8).toString('latin1'), 16);
  const json = raw.subarray(CRC_PREFIX_LENGTH);
  if (!Number.isFinite(expected) || crc32(json) !== expected) return undefined;
  try {
    const parsed = JournalLine.safeParse(JSON.parse(json.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
