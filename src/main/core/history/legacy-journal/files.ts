import { open, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The old journal's folder as the reader sees it: listing and reading only. No write can reach the
 * files through this port, so reading an old journal (to import it) never repairs, truncates or deletes.
 */
export interface LegacyFiles {
  list(): Promise<string[]>;
  /** Streams a file in chunks, so a large snapshot is never held in memory whole. */
  chunks(name: string): AsyncIterable<Buffer>;
  read(name: string, offset: number, length: number): Promise<Buffer>;
}

const CHUNK_BYTES = 1 << 20;

export function legacyDirectoryFiles(directory: string): LegacyFiles {
  const path = (name: string) => join(directory, name);
  return {
    list: () => readdir(directory),
    async *chunks(name) {
      const handle = await open(path(name), 'r');
      try {
        for (let position = 0; ;) {
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
  };
}
