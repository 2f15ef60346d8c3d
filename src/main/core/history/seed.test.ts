import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readDte } from '../../../shared/platform/dte';
import { ACTION_ID_PATTERN, isStrictBase64, sniffImageFormat, decodeBase64 } from '../../../shared/platform/terminal-actions';
import { hasBlockingProblems, parse } from '../../../shared/receipt';
import { openHistory } from './open';
import type { PrintHistory } from './print-history';
import { historyFile, seedHistory, seedHistoryDirectory } from './seed';

const NOW = Date.UTC(2026, 5, 1, 12);
const cleanups: Array<() => void> = [];
function temporaryDirectory(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function emptyHistory(): { history: PrintHistory; directory: string } {
  const directory = temporaryDirectory('counter-seed-');
  const { history } = openHistory({ file: join(directory.path, 'history-sandbox.sqlite') });
  cleanups.push(() => {
    history.closeSync();
    directory.remove();
  });
  return { history, directory: directory.path };
}

describe('seedHistory', () => {
  it('writes prints whose content the terminal would accept, with consistent histories, into SQLite', async () => {
    const { history } = emptyHistory();
    const { count } = await seedHistory(history, { count: 400, now: NOW, spanDays: 60 });
    expect(history.size()).toBe(count);
    expect(history.unfinished()).toEqual([]);
    for (const print of history.values()) {
      const content = await history.content(print.id);
      if (print.subtype === 'custom') expect(hasBlockingProblems(parse(content).problems)).toBe(false);
      if (print.subtype === 'invoice') expect(readDte(content).ok).toBe(true);
      if (print.subtype === 'image') {
        expect(isStrictBase64(content)).toBe(true);
        expect(sniffImageFormat(decodeBase64(content))).toBe('png');
      }
      expect(print.createdAt).toBeGreaterThanOrEqual(NOW - 61 * 24 * 60 * 60_000);
      expect(print.updatedAt).toBeLessThanOrEqual(NOW);
      expect(print.history[0]?.status).toBe('queued');
      expect(print.history.at(-1)?.status).toBe(print.status);
      expect(print.history.at(-1)?.at).toBe(print.updatedAt);
      if (print.actionId !== null) expect(print.actionId).toMatch(ACTION_ID_PATTERN);
      if (print.reprintOf !== null) expect(history.get(print.reprintOf)?.seq).toBeLessThan(print.seq);
    }
    expect(history.nextSeq()).toBe(count + 1);
  });

  it('gives the same history for the same seed', async () => {
    const read = async () => {
      const { history } = emptyHistory();
      await seedHistory(history, { count: 50, now: NOW, seed: 7 });
      return [...history.values()].map((print) => [print.id, print.externalReference, print.status, print.createdAt]);
    };
    expect(await read()).toEqual(await read());
  });

  it('refuses a count that is not a whole number, and a history that already holds prints', async () => {
    const { history } = emptyHistory();
    await expect(seedHistory(history, { count: Number.NaN })).rejects.toThrow(/whole number/);
    await seedHistory(history, { count: 3, now: NOW });
    await expect(seedHistory(history, { count: 3, now: NOW })).rejects.toThrow(/already holds prints/);
    expect(history.size()).toBe(3);
  });

  it('seeds a data directory as the SQLite history the app opens, and no old-format journal', async () => {
    const directory = temporaryDirectory('counter-seed-');
    cleanups.push(() => directory.remove());
    const seeded = await seedHistoryDirectory(directory.path, 20, { now: NOW });
    expect(seeded.count).toBe(20);
    expect(existsSync(join(directory.path, 'journal'))).toBe(false);
    expect(readdirSync(directory.path).filter((name) => name.endsWith('.sqlite'))).toEqual(['history-sandbox.sqlite']);
    const { history } = openHistory({ file: historyFile(directory.path) });
    expect(history.size()).toBe(20);
    history.closeSync();
  });
});
