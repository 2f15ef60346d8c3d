import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openHistory } from './open';
import { PAGE_SIZE } from './schema';
import { historyStartupNotice } from './startup-notice';
import { samplePrint } from './test-prints';

const root = mkdtempSync(join(tmpdir(), 'counter-everything-lost-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const notice = (file: string, language: 'en' | 'es') => {
  const { history, report } = openHistory({ file });
  history.closeSync();
  expect(report.outcome).toBe('salvaged');
  return historyStartupNotice({ kind: 'salvaged', environment: 'sandbox', open: report }, language).message;
};

describe('the start-up notice after a damage that lost everything', () => {
  it('never says "0 could not be read" when every print was lost', async () => {
    const file = join(root, 'history-sandbox.sqlite');
    const { history } = openHistory({ file });
    for (let seq = 1; seq <= 50; seq++) await history.append(samplePrint(seq), 'hello').durable;
    history.closeSync();
    // Every page overwritten: nothing of the schema or the rows can be read.
    writeFileSync(file, Buffer.alloc(readFileSync(file).length || PAGE_SIZE, 0xff));
    const english = notice(file, 'en');
    expect(english).not.toMatch(/\b0 could not be read/);
    expect(english).toMatch(/prints: 0 kept, an unknown number could not be read/);
    rmSync(file, { force: true });
  });
});
