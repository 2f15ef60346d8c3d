import { describe, expect, it } from 'vitest';
import { readDte } from '../../../shared/platform/dte';
import { ACTION_ID_PATTERN, isStrictBase64, sniffImageFormat, decodeBase64 } from '../../../shared/platform/terminal-actions';
import { hasBlockingProblems, parse } from '../../../shared/receipt';
import { openPrintJournal } from '../print-queue/journal';
import { seedJournal } from './seed-journal';

const NOW = Date.UTC(2026, 5, 1, 12);

describe('seedJournal', () => {
  it('writes prints whose content the terminal would accept, with consistent histories', async () => {
    const { files, count } = await seedJournal({ count: 400, now: NOW, spanDays: 60 });
    const journal = await openPrintJournal({ files });
    expect(journal.size()).toBe(count);
    for (const print of journal.values()) {
      const content = await journal.content(print.id);
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
      if (print.reprintOf !== null) expect(journal.get(print.reprintOf)?.seq).toBeLessThan(print.seq);
    }
    await journal.close();
  });

  it('gives the same history for the same seed', async () => {
    const read = async () => {
      const { files } = await seedJournal({ count: 50, now: NOW, seed: 7 });
      const journal = await openPrintJournal({ files });
      const prints = [...journal.values()].map((print) => [print.id, print.externalReference, print.status, print.createdAt]);
      await journal.close();
      return prints;
    };
    expect(await read()).toEqual(await read());
  });

  it('refuses a count that is not a whole number', async () => {
    await expect(seedJournal({ count: Number.NaN })).rejects.toThrow(/whole number/);
  });
});
