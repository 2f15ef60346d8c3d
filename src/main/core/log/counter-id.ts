import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FILE = 'counter-id';

/**
 * This installation's id, made once and kept in the data folder: every log line and diagnostics bundle
 * names it, so support can tell two counters of a store apart before the store database gives them names.
 */
export function counterIdOf(dataDirectory: string): string {
  const path = join(dataDirectory, FILE);
  try {
    const stored = readFileSync(path, 'utf8').trim();
    if (/^[0-9a-f-]{36}$/.test(stored)) return stored;
  } catch {
    // None yet: made below.
  }
  const id = randomUUID();
  mkdirSync(dataDirectory, { recursive: true });
  writeFileSync(path, `${id}\n`);
  return id;
}
