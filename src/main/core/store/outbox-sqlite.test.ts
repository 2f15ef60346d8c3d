import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { migrated } from '../history/schema';
import { createMemoryOutbox } from './outbox';
import { createSqliteOutbox } from './outbox-sqlite';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function historyFile(): string {
  const folder = mkdtempSync(join(tmpdir(), 'counter-outbox-'));
  folders.push(folder);
  return join(folder, 'history.sqlite');
}

describe('outboxes', () => {
  it.each([
    ['memory', () => createMemoryOutbox()],
    ['sqlite', () => createSqliteOutbox(migrated(new DatabaseSync(historyFile())))],
  ])('%s: hands entries out in order until acked', (_name, make) => {
    const outbox = make();
    outbox.append('print', 'p1', { n: 1 });
    outbox.append('order', 'o1', { n: 2 });
    const third = outbox.append('print', 'p1', { n: 3 });
    expect(outbox.peek(2).map((entry) => [entry.kind, entry.recordId, entry.payload])).toEqual([
      ['print', 'p1', { n: 1 }],
      ['order', 'o1', { n: 2 }],
    ]);
    outbox.ack(outbox.peek(2)[1]?.seq ?? 0);
    expect(outbox.peek(10).map((entry) => entry.seq)).toEqual([third]);
    expect(outbox.pending()).toBe(1);
  });

  it("sqlite: survives a restart, is written in the caller's transaction, and never reuses a seq", () => {
    const file = historyFile();
    const first = migrated(new DatabaseSync(file));
    const outbox = createSqliteOutbox(first);
    const kept = outbox.append('print', 'p1', { n: 1 });
    first.exec('BEGIN');
    outbox.append('print', 'p2', { n: 2 });
    first.exec('ROLLBACK');
    outbox.ack(kept);
    first.close();

    const reopened = createSqliteOutbox(migrated(new DatabaseSync(file)));
    expect(reopened.pending()).toBe(0);
    expect(reopened.append('print', 'p3', { n: 3 })).toBeGreaterThan(kept);
  });
});
