import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchRun } from './last-run';

let folder: string | undefined;
afterEach(() => {
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

function setUp() {
  folder = mkdtempSync(join(tmpdir(), 'counter-run-'));
  const dumps = join(folder, 'Crashpad', 'completed');
  mkdirSync(dumps, { recursive: true });
  let now = Date.UTC(2026, 5, 1, 9);
  const start = (version = '1.0.0') =>
    watchRun({ dataDirectory: folder ?? '', version, now: () => (now += 60_000), crashDumpDirectory: join(folder ?? '', 'Crashpad') });
  const dump = (name: string) => {
    const path = join(dumps, name);
    writeFileSync(path, 'MDMP');
    utimesSync(path, new Date(now + 1_000), new Date(now + 1_000));
  };
  return { start, dump };
}

describe('the notice of how the last run ended', () => {
  it('says nothing at a first start or after a clean quit', () => {
    const { start } = setUp();
    const first = start();
    expect(first.notice).toBeNull();
    first.markReady();
    first.markCleanExit();
    expect(start().notice).toBeNull();
  });

  it('names a run that closed unexpectedly, with the crash reports it left, once', () => {
    const { start, dump } = setUp();
    start('1.0.0').markReady();
    dump('a.dmp');
    const next = start('1.0.0');
    expect(next.notice).toMatchObject({ code: 'closed_unexpectedly', values: { version: '1.0.0', reports: 1 } });
    expect(next.notice?.message).toContain('closed unexpectedly');
    next.markReady();
    next.markCleanExit();
    // The same dump is not reported again.
    expect(start().notice).toBeNull();
  });

  it('tells a start that never finished from a crash during work', () => {
    const { start } = setUp();
    start('2.0.0');
    expect(start().notice).toMatchObject({ code: 'start_failed_last_time', values: { version: '2.0.0', reports: 0 } });
  });
});
