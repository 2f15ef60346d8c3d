import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ListPrintsRequest } from '../../../shared/ipc/channels/prints';
import { openHistory } from './open';
import { samplePrint } from './test-prints';

const directories: string[] = [];
function historyFile(): string {
  const directory = mkdtempSync(join(tmpdir(), 'counter-history-'));
  directories.push(directory);
  return join(directory, 'history-sandbox.sqlite');
}
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe('the print history', () => {
  it('keeps a print, its transitions and its content across a restart, and resumes only unfinished prints', async () => {
    const file = historyFile();
    const first = openHistory({ file });
    expect(first.report.outcome).toBe('created');
    const history = first.history;
    const done = samplePrint(history.nextSeq());
    const waiting = samplePrint(history.nextSeq());
    await history.append(done, 'receipt one').durable;
    await history.append(waiting, 'receipt two').durable;
    await history.update(
      done.id,
      { status: 'sending', updatedAt: done.createdAt + 1, attempts: 1 },
      { status: 'sending', at: done.createdAt + 1, reason: null },
    ).durable;
    await history.update(done.id, { status: 'processed', updatedAt: done.createdAt + 2 }, { status: 'processed', at: done.createdAt + 2, reason: null })
      .durable;
    history.closeSync();

    const { history: reopened, report } = openHistory({ file });
    expect(report).toMatchObject({ outcome: 'opened', prints: 2 });
    expect(reopened.unfinished().map((print) => print.id)).toEqual([waiting.id]);
    expect(reopened.get(done.id)).toMatchObject({
      status: 'processed',
      rev: 2,
      attempts: 1,
      history: [{ status: 'queued' }, { status: 'sending' }, { status: 'processed' }],
    });
    expect(await reopened.content(waiting.id)).toBe('receipt two');
    expect(reopened.nextSeq()).toBe(3);
    reopened.closeSync();
  });

  it('keeps the manager’s unfiltered total (counted once per open) right through appends and prunes', async () => {
    const file = historyFile();
    const { history } = openHistory({ file });
    const page = ListPrintsRequest.parse({});
    expect(history.list(page).total).toBe(0);
    const old = samplePrint(history.nextSeq(), { status: 'processed' });
    await history.append(old, 'old').durable;
    await history.append(samplePrint(history.nextSeq()), 'new').durable;
    expect([history.list(page).total, history.size()]).toEqual([2, 2]);
    const { removed, durable } = history.prune(old.updatedAt + 1, old.updatedAt + 1);
    await durable;
    expect(removed).toEqual([old.id]);
    expect([history.list(page).total, history.size()]).toEqual([1, 1]);
    // The filtered total is counted by its query, and agrees.
    expect(history.list(ListPrintsRequest.parse({ filters: { status: ['queued'] } })).total).toBe(1);
    history.closeSync();
    const reopened = openHistory({ file });
    expect(reopened.report.prints).toBe(1);
    reopened.history.closeSync();
  });

  it('writes a deferred transition with the next write, and keeps it readable meanwhile', async () => {
    const file = historyFile();
    const { history } = openHistory({ file });
    const print = samplePrint(history.nextSeq());
    await history.append(print, 'x').durable;
    const { durable } = history.update(
      print.id,
      { status: 'sending', updatedAt: print.createdAt + 1 },
      { status: 'sending', at: print.createdAt + 1, reason: null },
      { defer: true },
    );
    expect(history.get(print.id)?.status).toBe('sending');
    history.writeDeferred();
    await durable;
    history.closeSync();
    const { history: reopened } = openHistory({ file });
    expect(reopened.get(print.id)?.status).toBe('sending');
    reopened.closeSync();
  });

  it('prunes only finished prints older than the cut-off, content and transitions included', async () => {
    const { history } = openHistory({ file: historyFile() });
    const old = samplePrint(history.nextSeq(), { status: 'processed', updatedAt: 1_000 });
    const oldButWaiting = samplePrint(history.nextSeq(), { updatedAt: 1_000 });
    const recent = samplePrint(history.nextSeq(), { status: 'failed', updatedAt: 5_000 });
    for (const print of [old, oldButWaiting, recent]) await history.append(print, 'c').durable;
    const { removed, durable } = history.prune(2_000, 6_000);
    await durable;
    expect(removed).toEqual([old.id]);
    expect(history.get(old.id)).toBeUndefined();
    await expect(history.content(old.id)).rejects.toThrow(/not in the history/);
    expect(history.size()).toBe(2);
    history.closeSync();
  });

  it('refuses every write once a commit failed, so memory never runs ahead of the disk', async () => {
    const { history } = openHistory({ file: historyFile() });
    const print = samplePrint(history.nextSeq());
    await history.append(print, 'c').durable;
    // The same id twice breaks the primary key: the commit fails.
    await expect(history.append({ ...print, seq: history.nextSeq() }, 'c').durable).rejects.toMatchObject({ code: 'journal_unavailable' });
    await expect(history.append(samplePrint(history.nextSeq()), 'c').durable).rejects.toMatchObject({ code: 'journal_unavailable' });
    history.closeSync();
  });

  it('finds a sale’s receipt again by its exact reference on its terminal, whatever else the history holds', async () => {
    const { history } = openHistory({ file: historyFile() });
    const terminal = 'NEWLAND_N950__SBX0000001';
    const receipt = samplePrint(history.nextSeq(), { terminalId: terminal, externalReference: 'Venta-ABC-1' });
    await history.append(receipt, 'receipt').durable;
    // A longer reference containing it, the same one in another case and the same one on another terminal.
    await history.append(samplePrint(history.nextSeq(), { terminalId: terminal, externalReference: 'Venta-ABC-10' }), 'x').durable;
    await history.append(samplePrint(history.nextSeq(), { terminalId: terminal, externalReference: 'venta-abc-1' }), 'x').durable;
    await history.append(samplePrint(history.nextSeq(), { terminalId: 'NEWLAND_N950__SBX0000002', externalReference: 'Venta-ABC-2' }), 'x').durable;
    expect(history.idByReference(terminal, 'Venta-ABC-1')).toBe(receipt.id);
    expect(history.idByReference(terminal, 'Venta-ABC-2')).toBeUndefined();
    expect(history.idByReference(terminal, 'Venta-ABC')).toBeUndefined();
    history.closeSync();
  });
});
