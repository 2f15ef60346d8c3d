import { constants } from 'node:fs';
import { mkdir, open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

/** A journal segment: a file zero-filled ahead of time, written in place from its start. */
export interface SegmentFile {
  writeAt(offset: number, data: Buffer): Promise<void>;
  /** Each write returns only once its data is on disk (O_DSYNC), so no separate `sync` is needed after it. */
  readonly writesAreDurable: boolean;
  /**
   * fdatasync. The file's size never changes after preallocation, so this flushes data blocks only,
   * with no metadata commit: the cheap, steady kind of sync (an append's sync also commits the size).
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** An append-only file (snapshots, written once by a compaction). */
export interface AppendFile {
  append(data: Buffer): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The few file operations the journal needs, as a port: the real directory in the app, memory where no
 * data directory is given (the browser host's tests), and failure-injecting wrappers in tests.
 */
export interface JournalFiles {
  list(): Promise<string[]>;
  /** Streams a file in chunks, so replaying a large snapshot never holds the whole file in memory. */
  chunks(name: string, from?: number): AsyncIterable<Buffer>;
  read(name: string, offset: number, length: number): Promise<Buffer>;
  /**
   * Opens a segment, creating it or extending it with zeros (durably) to at least `size` bytes. With
   * `writeThrough`, its writes are durable by themselves where the OS allows (see `writesAreDurable`).
   */
  openSegment(name: string, size: number, options?: { writeThrough?: boolean }): Promise<SegmentFile>;
  openAppend(name: string): Promise<AppendFile>;
  rename(from: string, to: string): Promise<void>;
  remove(name: string): Promise<void>;
  /** Makes creations, renames and removals durable (fsync of the directory). */
  syncDirectory(): Promise<void>;
}

const CHUNK_BYTES = 1 << 20;
/**
 * Undefined where the OS has no such flag (Windows). With it, a record costs one trip to the thread
 * pool instead of a write and then a datasync; the second trip, queued behind whatever the main thread
 * was doing meanwhile, was most of the time between an enqueue and its first request (bench/print-pipeline).
 * PostgreSQL's `wal_sync_method = open_datasync` is the same choice.
 */
const O_DSYNC: number | undefined = (constants as { O_DSYNC?: number }).O_DSYNC;
const ZEROS = Buffer.alloc(CHUNK_BYTES);

async function writeFully(handle: FileHandle, data: Buffer, position: number): Promise<void> {
  // FileHandle.write may write less than asked; a short write left unnoticed would tear a record.
  let written = 0;
  while (written < data.length) written += (await handle.write(data, written, data.length - written, position + written)).bytesWritten;
}

export async function createDirectoryFiles(directory: string): Promise<JournalFiles> {
  await mkdir(directory, { recursive: true });
  const path = (name: string) => join(directory, name);

  async function syncDirectory(): Promise<void> {
    // Windows cannot open a directory for fsync; NTFS journals the metadata itself.
    if (process.platform === 'win32') return;
    const handle = await open(directory, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  return {
    list: () => readdir(directory),
    async *chunks(name, from = 0) {
      const handle = await open(path(name), 'r');
      try {
        for (let position = from; ;) {
          const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
          const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, position);
          if (bytesRead === 0) return;
          position += bytesRead;
          yield buffer.subarray(0, bytesRead);
        }
      } finally {
        await handle.close();
      }
    },
    async read(name, offset, length) {
      const handle = await open(path(name), 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, offset);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async openSegment(name, size, options) {
      // Created if missing, never truncated, and without O_APPEND: records are written in place.
      const handle = await open(path(name), constants.O_RDWR | constants.O_CREAT);
      const current = (await handle.stat()).size;
      if (current < size) {
        // Zeros, not a sparse hole: a later write then allocates nothing, and its sync commits no metadata.
        for (let position = current; position < size; position += CHUNK_BYTES)
          await writeFully(handle, ZEROS.subarray(0, Math.min(CHUNK_BYTES, size - position)), position);
        await handle.sync();
        await syncDirectory();
      }
      if (options?.writeThrough === true && O_DSYNC !== undefined) {
        // Zero-filled without it (a synchronous write per chunk would be slow), reopened with it for the records.
        await handle.close();
        const durable = await open(path(name), constants.O_RDWR | O_DSYNC);
        return {
          writesAreDurable: true,
          writeAt: (offset, data) => writeFully(durable, data, offset),
          sync: () => durable.datasync(),
          close: () => durable.close(),
        };
      }
      return {
        writesAreDurable: false,
        writeAt: (offset, data) => writeFully(handle, data, offset),
        sync: () => handle.datasync(),
        close: () => handle.close(),
      };
    },
    async openAppend(name) {
      const handle = await open(path(name), 'a');
      let position = (await handle.stat()).size;
      return {
        async append(data) {
          await writeFully(handle, data, position);
          position += data.length;
        },
        sync: () => handle.datasync(),
        close: () => handle.close(),
      };
    },
    rename: (from, to) => rename(path(from), path(to)),
    remove: (name) => rm(path(name), { force: true }),
    syncDirectory,
  };
}

/** The same port in memory: nothing survives the process, which is all a test of another part needs. */
export function createMemoryFiles(): JournalFiles {
  const files = new Map<string, Buffer>();
  const get = (name: string): Buffer => {
    const data = files.get(name);
    if (data === undefined) throw Object.assign(new Error(`ENOENT: ${name}`), { code: 'ENOENT' });
    return data;
  };
  /** Writes into the file, growing it (doubling) when needed, so appends stay cheap. */
  const writeInto = (name: string, offset: number, data: Buffer, logicalSize: Map<string, number>): void => {
    let buffer = get(name);
    if (offset + data.length > buffer.length) {
      const grown = Buffer.alloc(Math.max(offset + data.length, buffer.length * 2));
      buffer.copy(grown);
      buffer = grown;
      files.set(name, buffer);
    }
    data.copy(buffer, offset);
    logicalSize.set(name, Math.max(logicalSize.get(name) ?? 0, offset + data.length));
  };
  const sizes = new Map<string, number>();
  const contents = (name: string) => get(name).subarray(0, sizes.get(name) ?? 0);
  return {
    list: async () => [...files.keys()],
    async *chunks(name, from = 0) {
      const data = contents(name);
      for (let offset = from; offset < data.length; offset += CHUNK_BYTES) yield data.subarray(offset, offset + CHUNK_BYTES);
    },
    read: async (name, offset, length) => Buffer.from(contents(name).subarray(offset, offset + length)),
    async openSegment(name) {
      // Nothing to preallocate in memory: the unwritten rest of a segment reads as its end.
      if (!files.has(name)) files.set(name, Buffer.alloc(0));
      return {
        writesAreDurable: false,
        writeAt: async (offset, data) => writeInto(name, offset, data, sizes),
        sync: async () => undefined,
        close: async () => undefined,
      };
    },
    async openAppend(name) {
      if (!files.has(name)) files.set(name, Buffer.alloc(0));
      return { append: async (data) => writeInto(name, sizes.get(name) ?? 0, data, sizes), sync: async () => undefined, close: async () => undefined };
    },
    async rename(from, to) {
      files.set(to, get(from));
      sizes.set(to, sizes.get(from) ?? 0);
      files.delete(from);
      sizes.delete(from);
    },
    async remove(name) {
      files.delete(name);
      sizes.delete(name);
    },
    syncDirectory: async () => undefined,
  };
}
