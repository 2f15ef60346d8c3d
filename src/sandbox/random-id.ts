import { randomFillSync } from 'node:crypto';

/**
 * Random hex for the ids and secrets the sandbox hands out (tokens, card tokens, customers, plans), taken
 * from a pooled buffer: one randomFillSync per 4 KB instead of one system call per id, which showed in the
 * throughput of every route that creates something (bench/sandbox-throughput.ts). The bytes are the same
 * cryptographic randomness either way.
 */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

export function randomHex(bytes: number): string {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > POOL_BYTES) throw new RangeError(`randomHex takes 1 to ${POOL_BYTES} bytes, not ${bytes}`);
  if (offset + bytes > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const hex = pool.toString('hex', offset, offset + bytes);
  // Each byte is handed out once: the pool is refilled before any part of it is used again.
  offset += bytes;
  return hex;
}
