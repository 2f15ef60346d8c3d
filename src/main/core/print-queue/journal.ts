import { crc32 } from 'node:zlib';
import { isFinalPrintStatus, type ListPrintsRequest } from '../../../shared/ipc/channels/prints';
import { CounterError } from '../errors';
import { silentLogger, type Logger } from '../ports';
import type { JournalFiles, SegmentFile } from './journal-files';
import { queryPrints } from './query';
import { JournalLine, type JournalPrint, type JournalTransition, type PrintPatch } from './records';

/**
 * The print journal: an append-only log of JSON lines, each prefixed with the CRC-32 of its JSON, in
 * numbered segments. Segments are zero-filled ahead of use, so writing a record never grows a file and
 * its fdatasync flushes data only (steady, sub-millisecond), and the next segment is prepared in the
 * background before it is needed. Every record is synced before the promise that wrote it resolves;
 * records written while a sync is in flight share the next one (group commit). A transition writes one
 * short line, so its cost does not depend on how many prints the history holds. When a segment is full
 * the journal moves to the next and, in the background, writes a snapshot of every live print (content
 * included) covering the closed segments, then deletes them.
 *
 * Replay on open: the newest snapshot (merged with the older ones when it is damaged), then every later
 * segment in order. A line whose checksum fails is skipped, and a zero byte ends a line, so damage costs
 * the damaged record only; whatever follows the last good line of a segment (a torn final write) is
 * zeroed, so new records never follow garbage.
 */
export interface PrintJournal {
  get(id: string): Readonly<JournalPrint> | undefined;
  values(): IterableIterator<Readonly<JournalPrint>>;
  size(): number;
  /** Every unfinished print, in enqueue order: what the queue resumes at start. */
  unfinished(): Readonly<JournalPrint>[];
  /** A page of the history with the manager's filters and sort (the SQLite history answers it from its indexes). */
  list(request: ListPrintsRequest): { items: Readonly<JournalPrint>[]; total: number };
  nextSeq(): number;
  /**
   * Known in memory at once; `durable` resolves once the print and its content are on disk (and if it
   * rejects, the print is forgotten again: a print the journal could not keep is never sent).
   */
  append(print: JournalPrint, content: string): { durable: Promise<void> };
  /**
   * Applies in memory at once; `durable` resolves when the record is on disk. A deferred record is not
   * written by itself: it goes out in front of the next record written (one sync for both), for a
   * change that is safe to lose in a crash because replaying the earlier state redoes it.
   */
  update(
    id: string,
    patch: PrintPatch,
    transition?: JournalTransition,
    options?: { defer?: boolean },
  ): { print: Readonly<JournalPrint>; durable: Promise<void> };
  prune(before: number, now: number): { removed: string[]; durable: Promise<void> };
  content(id: string): Promise<string>;
  /** Snapshot + new segment now (it also runs by itself when a segment is full). */
  compact(): Promise<void>;
  /** Starts writing the records held back by `defer` now, without waiting for them. */
  writeDeferred(): void;
  /** Waits until everything written so far is durable. */
  flush(): Promise<void>;
  close(): Promise<void>;
  stats(): JournalStats;
}

export interface JournalStats {
  prints: number;
  activeSegment: number;
  activeSegmentBytes: number;
  compactions: number;
}

export interface JournalOptions {
  files: JournalFiles;
  logger?: Logger;
  /** Size of a segment; when one is full the journal moves to the next and compacts. */
  maxSegmentBytes?: number;
  /** Off only in benchmarks that build a large history quickly; the app always syncs. */
  sync?: boolean;
}

export class JournalUnavailableError extends CounterError {
  constructor(cause: unknown) {
    super({
      code: 'journal_unavailable',
      retryable: false,
      message: `the print journal cannot be written: ${cause instanceof Error ? cause.message : String(cause)}`,
    });
    this.name = 'JournalUnavailableError';
  }
}

const DEFAULT_MAX_SEGMENT_BYTES = 8 * 1024 * 1024;
const SEGMENT = /^seg-(\d{8})\.log$/;
const SNAPSHOT = /^snap-(\d{8})\.log$/;
const segmentName = (n: number) => `seg-${String(n).padStart(8, '0')}.log`;
const snapshotName = (n: number) => `snap-${String(n).padStart(8, '0')}.log`;
const snapshotTempName = (n: number) => `snap-${String(n).padStart(8, '0')}.tmp`;
const NEWLINE = 0x0a;
const CRC_PREFIX_LENGTH = 9; // 8 hex digits and a space

interface ContentRef {
  file: string;
  offset: number;
  length: number;
}

export function encodeLine(line: JournalLine): Buffer {
  const text = JSON.stringify(line);
  // One buffer, the JSON written in place after its prefix: this runs before every print's first request.
  const data = Buffer.allocUnsafe(CRC_PREFIX_LENGTH + Buffer.byteLength(text) + 1);
  const jsonEnd = CRC_PREFIX_LENGTH + data.write(text, CRC_PREFIX_LENGTH);
  data.write(`${crc32(data.subarray(CRC_PREFIX_LENGTH, jsonEnd)).toString(16).padStart(8, '0')} `, 0, 'latin1');
  data[jsonEnd] = NEWLINE;
  return data;
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

/** Chunks (1 MB each) of nothing but zeros after which the rest of a segment is taken as its unused, preallocated part. */
const ZERO_CHUNKS_TO_STOP = 4;

/**
 * Every complete line of a file with its offset. A zero byte ends a line like a newline does (JSON never
 * contains one), so a zero inside a written record costs that record only: reading resynchronises on the
 * next line, whose CRC says whether it is whole. The scan stops after a long run of zero chunks (the
 * unused, preallocated rest of a segment). `goodEnd` is where the last good line ends, `dataEnd` where
 * the last non-zero byte ends.
 */
async function scanFile(
  files: JournalFiles,
  name: string,
  onLine: (line: JournalLine, offset: number, length: number) => void,
): Promise<{ goodEnd: number; dataEnd: number; damaged: number }> {
  let carry: Buffer = Buffer.alloc(0);
  let carryOffset = 0;
  let goodEnd = 0;
  let damaged = 0;
  let dataEnd = 0;
  let position = 0;
  let zeroChunks = 0;
  const endedByZero: Array<[JournalLine, number, number]> = [];
  for await (const chunk of files.chunks(name)) {
    let lastNonZero = -1;
    for (let index = chunk.length - 1; index >= 0; index--) {
      if (chunk[index] !== 0) {
        lastNonZero = index;
        break;
      }
    }
    if (lastNonZero === -1) zeroChunks++;
    else {
      zeroChunks = 0;
      dataEnd = position + lastNonZero + 1;
    }
    position += chunk.length;
    const buffer = carry.length === 0 ? chunk : Buffer.concat([carry, chunk]);
    let start = 0;
    for (let index = 0; index < buffer.length; index++) {
      const byte = buffer[index];
      if (byte !== NEWLINE && byte !== 0) continue;
      if (index > start) {
        const line = decodeLine(buffer.subarray(start, index));
        const offset = carryOffset + start;
        if (line === undefined) damaged++;
        else if (byte === 0) endedByZero.push([line, offset, index + 1 - start]);
        else {
          // A good line ended by a zero is a damaged newline only when more data follows it; at the end
          // of the data it is a torn write whose newline never reached the disk (never acknowledged).
          for (const [pending, pendingOffset, pendingLength] of endedByZero.splice(0)) onLine(pending, pendingOffset, pendingLength);
          onLine(line, offset, index + 1 - start);
          goodEnd = offset + index + 1 - start;
        }
      }
      start = index + 1;
    }
    carryOffset += start;
    carry = Buffer.from(buffer.subarray(start));
    if (zeroChunks >= ZERO_CHUNKS_TO_STOP) break;
  }
  // A last line without its end (a torn write) counts as damaged.
  if (carry.some((byte) => byte !== 0)) damaged++;
  damaged += endedByZero.length;
  return { goodEnd, dataEnd, damaged };
}

/**
 * Zeroes whatever follows `from` in a segment: a torn write, or bytes of an unsynced batch that a crash
 * persisted out of order. Such bytes lie within one batch of `from`, so the search stops after a long
 * run of zeros instead of reading the whole preallocated rest.
 */
async function clearAfter(files: JournalFiles, name: string, from: number): Promise<boolean> {
  const quietChunksToStop = 4;
  let position = from;
  let lastDirty = -1;
  let quietChunks = 0;
  for await (const chunk of files.chunks(name, from)) {
    let dirtyHere = -1;
    for (let index = chunk.length - 1; index >= 0; index--) {
      if (chunk[index] !== 0) {
        dirtyHere = index;
        break;
      }
    }
    if (dirtyHere === -1) quietChunks++;
    else {
      quietChunks = 0;
      lastDirty = position + dirtyHere;
    }
    position += chunk.length;
    if (quietChunks >= quietChunksToStop) break;
  }
  if (lastDirty < from) return false;
  const segment = await files.openSegment(name, 0);
  try {
    await segment.writeAt(from, Buffer.alloc(lastDirty + 1 - from));
    await segment.sync();
  } finally {
    await segment.close();
  }
  return true;
}

export async function openPrintJournal(options: JournalOptions): Promise<PrintJournal> {
  const { files } = options;
  const logger = options.logger ?? silentLogger;
  const maxSegmentBytes = options.maxSegmentBytes ?? DEFAULT_MAX_SEGMENT_BYTES;
  const syncWrites = options.sync ?? true;

  const prints = new Map<string, JournalPrint>();
  const refs = new Map<string, ContentRef>();
  /** Content of unfinished prints, which the dispatcher still has to send. */
  const pendingContent = new Map<string, string>();
  let maxSeq = 0;
  let compactions = 0;

  const applyPrune = (before: number): string[] => {
    const removed: string[] = [];
    for (const print of prints.values()) {
      if (isFinalPrintStatus(print.status) && print.updatedAt < before) removed.push(print.id);
    }
    for (const id of removed) {
      prints.delete(id);
      refs.delete(id);
      pendingContent.delete(id);
    }
    return removed;
  };

  const applyLine = (line: JournalLine, file: string, offset: number, length: number): void => {
    switch (line.k) {
      case 'enq':
      case 'snap': {
        const known = prints.get(line.p.id);
        if (known !== undefined && known.rev >= line.p.rev) return;
        prints.set(line.p.id, line.p);
        refs.set(line.p.id, { file, offset, length });
        maxSeq = Math.max(maxSeq, line.p.seq);
        if (isFinalPrintStatus(line.p.status)) pendingContent.delete(line.p.id);
        else pendingContent.set(line.p.id, line.c);
        return;
      }
      case 'upd': {
        const print = prints.get(line.id);
        if (print === undefined || print.rev >= line.rev) return;
        Object.assign(print, line.s, { rev: line.rev });
        if (line.h !== undefined) print.history.push(line.h);
        if (isFinalPrintStatus(print.status)) pendingContent.delete(print.id);
        return;
      }
      case 'prune':
        applyPrune(line.before);
        return;
      case 'end':
        return;
    }
  };

  // ---- Replay -------------------------------------------------------------------------------------
  const names = await files.list();
  for (const name of names) if (name.endsWith('.tmp')) await files.remove(name);
  const numbered = (pattern: RegExp) =>
    names.flatMap((name) => {
      const digits = pattern.exec(name)?.[1];
      return digits === undefined ? [] : [Number(digits)];
    });
  const segments = numbered(SEGMENT).sort((a, b) => a - b);
  const snapshots = numbered(SNAPSHOT).sort((a, b) => b - a);

  let coveredThrough = 0;
  /** A damaged newest snapshot: older ones are merged in and nothing is deleted, so nothing more is lost. */
  let keepOldFiles = false;
  for (const [index, through] of snapshots.entries()) {
    const lines: Array<[JournalLine, number, number]> = [];
    let complete = false;
    const { damaged } = await scanFile(files, snapshotName(through), (line, offset, length) => {
      if (line.k === 'end') complete = line.count === lines.length && line.through === through;
      else lines.push([line, offset, length]);
    });
    if (!complete || damaged > 0) {
      // Its readable records, the older snapshots' and every segment still there are merged (rev decides).
      logger.warn('a damaged journal snapshot: its readable records are merged with the older snapshots', { snapshot: snapshotName(through), damaged });
      keepOldFiles = true;
      for (const older of snapshots.slice(index + 1).reverse()) {
        await scanFile(files, snapshotName(older), (line, offset, length) => {
          if (line.k !== 'end') applyLine(line, snapshotName(older), offset, length);
        });
      }
      for (const [line, offset, length] of lines) applyLine(line, snapshotName(through), offset, length);
      break;
    }
    for (const [line, offset, length] of lines) applyLine(line, snapshotName(through), offset, length);
    coveredThrough = through;
    break;
  }
  // Leftovers of an interrupted compaction: everything they hold is in the snapshot just loaded.
  if (!keepOldFiles) {
    for (const through of snapshots) if (through < coveredThrough) await files.remove(snapshotName(through));
    for (const number of segments) if (number <= coveredThrough) await files.remove(segmentName(number));
  }

  const liveSegments = segments.filter((number) => number > coveredThrough);
  // Past every snapshot too, so a compaction never writes over a (damaged) snapshot kept above.
  let activeNumber = Math.max(coveredThrough + 1, liveSegments.at(-1) ?? 0, (snapshots[0] ?? 0) + 1);
  let activeSize = 0;
  for (const number of liveSegments) {
    const name = segmentName(number);
    const { goodEnd, dataEnd, damaged } = await scanFile(files, name, (line, offset, length) => applyLine(line, name, offset, length));
    if (damaged > 0 || goodEnd < dataEnd) logger.warn('damaged journal records were skipped', { segment: name, damaged, tornBytes: dataEnd - goodEnd });
    // A torn last write, or bytes a crash left beyond it, cleared: the next record starts on a clean line.
    // (The last segment may be an empty, prepared one; the tear is then in the one before it.)
    if (await clearAfter(files, name, goodEnd)) logger.warn('the torn end of the journal was cleared', { segment: name, from: goodEnd });
    if (number === activeNumber) activeSize = goodEnd;
  }

  // ---- Group-committed writer ----------------------------------------------------------------------
  interface PendingWrite {
    segment: number;
    offset: number;
    data: Buffer;
    resolve: () => void;
    reject: (error: unknown) => void;
  }
  let queue: PendingWrite[] = [];
  let writer: Promise<void> = Promise.resolve();
  /** Cleared in the same synchronous step that finds the queue empty, so no record is ever left unwritten. */
  let draining = false;
  let openFile: { number: number; file: SegmentFile } | undefined;
  /** Segments being zero-filled ahead of use, by number, with the size asked for. */
  const prepared = new Map<number, { size: number; file: Promise<SegmentFile> }>();
  /** The capacity of the active segment (larger than the default only for a record that needs it). */
  let activeCapacity = maxSegmentBytes;
  let broken: JournalUnavailableError | undefined;
  let closed = false;

  function prepare(number: number, size: number): Promise<SegmentFile> {
    const ready = prepared.get(number);
    if (ready !== undefined && ready.size >= size) return ready.file;
    const file = (ready?.file.then((old) => old.close()) ?? Promise.resolve()).then(() =>
      files.openSegment(segmentName(number), size, { writeThrough: syncWrites }),
    );
    // Awaited by the writer when it reaches that segment; a failure shows there, not as an unhandled rejection.
    file.catch(() => undefined);
    prepared.set(number, { size, file });
    return file;
  }

  async function fileFor(number: number): Promise<SegmentFile> {
    if (openFile?.number === number) return openFile.file;
    const file = await prepare(number, number === activeNumber ? activeCapacity : maxSegmentBytes);
    prepared.delete(number);
    if (openFile !== undefined) await openFile.file.close();
    openFile = { number, file };
    // The next segment is zero-filled now, while this one fills up.
    if (!closed) prepare(number + 1, maxSegmentBytes);
    return file;
  }

  /** Settles after every earlier batch has: a record is never reported durable before one written before it. */
  let settledInOrder: Promise<void> = Promise.resolve();

  /**
   * Writes batches in order and syncs each without waiting for the previous sync to finish (a sync
   * covers every write before it), so a record written while a sync is in flight does not wait for
   * that sync and then for its own: it waits for its own only.
   */
  async function drain(): Promise<void> {
    for (;;) {
      const first = queue[0];
      if (first === undefined) {
        // Same synchronous step as the emptiness check: a record queued from now on starts a new drain.
        draining = false;
        return;
      }
      let count = 0;
      while (count < queue.length && queue[count]?.segment === first.segment) count++;
      const batch = queue.slice(0, count);
      queue = queue.slice(count);
      let synced: Promise<void>;
      try {
        if (broken !== undefined) throw broken;
        // No await when the segment is already open: the write starts in the caller's own step, not after it.
        const file = openFile?.number === first.segment ? openFile.file : await fileFor(first.segment);
        await file.writeAt(first.offset, batch.length === 1 ? first.data : Buffer.concat(batch.map((write) => write.data)));
        synced = syncWrites && !file.writesAreDurable ? file.sync() : Promise.resolve();
      } catch (error) {
        synced = Promise.reject(error);
      }
      const previous = settledInOrder;
      settledInOrder = Promise.all([previous, synced]).then(
        () => {
          for (const write of batch) write.resolve();
        },
        (error: unknown) => {
          // After a failed write or sync the segment's content is unknown: refuse everything until reopened.
          if (broken === undefined) logger.error('the print journal could not be written', { error: String(error) });
          broken ??= new JournalUnavailableError(error);
          for (const write of [...batch, ...queue]) write.reject(broken);
          queue = [];
          throw broken;
        },
      );
      settledInOrder.catch(() => undefined);
    }
  }

  /** Records waiting to go out in front of the next write (see `update`'s `defer`). */
  let deferred: Array<{ line: JournalLine; resolve: () => void; reject: (error: unknown) => void }> = [];

  function queueDeferred(): void {
    const waiting = deferred;
    deferred = [];
    for (const entry of waiting) queueLine(entry.line).durable.then(entry.resolve, entry.reject);
  }

  /** Held-back records go out in front of this one, in the same write and sync. */
  function write(line: JournalLine): { durable: Promise<void>; file: string; offset: number; length: number } {
    queueDeferred();
    const written = queueLine(line);
    startDrain();
    return written;
  }

  function writeDeferred(): void {
    queueDeferred();
    startDrain();
  }

  function startDrain(): void {
    if (draining || queue.length === 0) return;
    draining = true;
    // Runs up to its first write now, so the write starts in the caller's own step.
    writer = drain();
  }

  function queueLine(line: JournalLine): { durable: Promise<void>; file: string; offset: number; length: number } {
    if (broken !== undefined) return { durable: Promise.reject(broken), file: '', offset: 0, length: 0 };
    if (closed) return { durable: Promise.reject(new JournalUnavailableError('the journal is closed')), file: '', offset: 0, length: 0 };
    const data = encodeLine(line);
    if (activeSize > 0 && activeSize + data.length > activeCapacity) {
      activeNumber++;
      activeSize = 0;
      activeCapacity = maxSegmentBytes;
      compactInBackground();
    }
    if (data.length > activeCapacity) {
      // A record larger than a segment (a tiny configured size) gets a segment of its own size.
      activeCapacity = data.length;
      if (openFile?.number !== activeNumber) prepare(activeNumber, activeCapacity);
    }
    const offset = activeSize;
    activeSize += data.length;
    const durable = new Promise<void>((resolve, reject) => queue.push({ segment: activeNumber, offset, data, resolve, reject }));
    return { durable, file: segmentName(activeNumber), offset, length: data.length };
  }

  async function flush(): Promise<void> {
    writeDeferred();
    while (draining) await writer;
    await settledInOrder.catch(() => undefined);
  }

  // ---- Content ------------------------------------------------------------------------------------
  async function readContent(id: string): Promise<string> {
    const cached = pendingContent.get(id);
    if (cached !== undefined) return cached;
    for (let tries = 0; tries < 2; tries++) {
      const ref = refs.get(id);
      if (ref === undefined) throw new Error(`print ${id} is not in the journal`);
      try {
        const line = decodeLine((await files.read(ref.file, ref.offset, ref.length)).subarray(0, ref.length - 1));
        if (line === undefined || (line.k !== 'enq' && line.k !== 'snap') || line.p.id !== id) throw new Error(`the journal record of print ${id} is damaged`);
        return line.c;
      } catch (error) {
        // A compaction may have moved the record to a snapshot meanwhile: look it up once more.
        if ((error as { code?: unknown }).code !== 'ENOENT' || tries > 0) throw error;
      }
    }
    throw new Error(`print ${id} could not be read`);
  }

  // ---- Compaction ---------------------------------------------------------------------------------
  let compacting: Promise<void> | undefined;
  let abandonCompaction = false;
  /** A background compaction is waiting to start; a segment rolled before it starts is covered by it. */
  let backgroundQueued = false;

  /** Compactions run one after the other; each covers every segment closed when it starts. */
  function compact(onStart?: () => void): Promise<void> {
    const run = (compacting ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => {
        onStart?.();
        return runCompaction();
      });
    const tracked: Promise<void> = run.finally(() => {
      if (compacting === tracked) compacting = undefined;
    });
    compacting = tracked;
    return tracked;
  }

  function compactInBackground(): void {
    if (backgroundQueued) return;
    backgroundQueued = true;
    void compact(() => {
      backgroundQueued = false;
    }).catch((error: unknown) => logger.error('journal compaction failed', { error: String(error) }));
  }

  async function runCompaction(): Promise<void> {
    if (activeSize > 0) {
      activeNumber++;
      activeSize = 0;
      activeCapacity = maxSegmentBytes;
    }
    const through = activeNumber - 1;
    if (through <= coveredThrough) return;
    await flush();
    const temp = snapshotTempName(through);
    const final = snapshotName(through);
    await files.remove(temp);
    const out = await files.openAppend(temp);
    const moved = new Map<string, ContentRef>();
    let offset = 0;
    let batch: Buffer[] = [];
    let batchBytes = 0;
    try {
      for (const id of [...prints.keys()]) {
        if (abandonCompaction) return;
        if (!prints.has(id)) continue;
        const content = await readContent(id).catch((error: unknown) => {
          logger.warn('a print without readable content was left out of the snapshot', { id, error: String(error) });
          return undefined;
        });
        // Captured after the await, in one synchronous step: the snapshot holds a consistent rev of each print.
        const print = prints.get(id);
        if (print === undefined || content === undefined) continue;
        const data = encodeLine({ k: 'snap', p: print, c: content });
        moved.set(id, { file: final, offset, length: data.length });
        offset += data.length;
        batch.push(data);
        batchBytes += data.length;
        if (batchBytes >= 1 << 20) {
          await out.append(Buffer.concat(batch));
          batch = [];
          batchBytes = 0;
        }
      }
      batch.push(encodeLine({ k: 'end', count: moved.size, through }));
      await out.append(Buffer.concat(batch));
      await out.sync();
    } finally {
      await out.close();
      if (abandonCompaction) await files.remove(temp);
    }
    await files.rename(temp, final);
    await files.syncDirectory();
    const previouslyCovered = coveredThrough;
    coveredThrough = through;
    for (const [id, ref] of moved) {
      const current = refs.get(id);
      if (current === undefined) continue;
      const segment = SEGMENT.exec(current.file)?.[1];
      if (segment === undefined || Number(segment) <= through) refs.set(id, ref);
    }
    for (const name of await files.list()) {
      const segment = SEGMENT.exec(name)?.[1];
      if (segment !== undefined && Number(segment) <= through) await files.remove(name);
    }
    // A damaged snapshot found at open is kept as it is (the records it lost might be recovered by hand).
    if (previouslyCovered > 0 && !keepOldFiles) await files.remove(snapshotName(previouslyCovered));
    await files.syncDirectory();
    compactions++;
  }

  // ---- API ----------------------------------------------------------------------------------------
  return {
    get: (id) => prints.get(id),
    values: () => prints.values(),
    size: () => prints.size,
    unfinished: () => [...prints.values()].filter((print) => !isFinalPrintStatus(print.status)).sort((a, b) => a.seq - b.seq),
    list: (request) => queryPrints(prints.values(), request),
    nextSeq: () => ++maxSeq,
    append(print, content) {
      const record: JournalPrint = { ...print, history: [...print.history] };
      const written = write({ k: 'enq', p: record, c: content });
      prints.set(record.id, record);
      refs.set(record.id, { file: written.file, offset: written.offset, length: written.length });
      if (!isFinalPrintStatus(record.status)) pendingContent.set(record.id, content);
      const durable = written.durable.catch((error: unknown) => {
        prints.delete(record.id);
        refs.delete(record.id);
        pendingContent.delete(record.id);
        throw error;
      });
      return { durable };
    },
    update(id, patch, transition, options) {
      const print = prints.get(id);
      if (print === undefined) throw new Error(`print ${id} is not in the journal`);
      const rev = print.rev + 1;
      Object.assign(print, patch, { rev });
      if (transition !== undefined) print.history.push(transition);
      if (isFinalPrintStatus(print.status)) pendingContent.delete(id);
      const line: JournalLine = { k: 'upd', id, rev, s: patch, h: transition };
      if (options?.defer === true && broken === undefined && !closed) {
        const durable = new Promise<void>((resolve, reject) => deferred.push({ line, resolve, reject }));
        durable.catch(() => undefined);
        return { print, durable };
      }
      return { print, durable: write(line).durable };
    },
    prune(before, now) {
      const removed = applyPrune(before);
      if (removed.length === 0) return { removed, durable: Promise.resolve() };
      const written = write({ k: 'prune', before, at: now });
      return { removed, durable: written.durable };
    },
    content: readContent,
    compact: () => compact(),
    writeDeferred,
    flush,
    async close() {
      abandonCompaction = true;
      await compacting?.catch(() => undefined);
      await flush();
      closed = true;
      await openFile?.file.close();
      openFile = undefined;
      for (const { file } of prepared.values()) await file.then((segment) => segment.close()).catch(() => undefined);
      prepared.clear();
    },
    stats: () => ({ prints: prints.size, activeSegment: activeNumber, activeSegmentBytes: activeSize, compactions }),
  };
}
