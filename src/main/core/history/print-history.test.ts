import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { ListPrintsRequest, PrintStatus } from '../../../shared/ipc/channels/prints';
import { queryPrints } from '../print-queue/query';
import type { JournalPrint } from '../print-queue/records';
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
});

const terminals = ['T1', 'T2', 'T3'];
const arbitraryPrint = (seq: number) =>
  fc
    .record({
      terminalId: fc.constantFrom(...terminals),
      subtype: fc.constantFrom('custom', 'image', 'invoice'),
      status: fc.constantFrom(...PrintStatus.options),
      externalReference: fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/),
      createdAt: fc.integer({ min: 0, max: 50 }),
      updatedAt: fc.integer({ min: 0, max: 50 }),
      attempts: fc.integer({ min: 0, max: 3 }),
      errorCode: fc.option(fc.constantFrom('timeout', 'network_error', 'already_queued_order_for_terminal'), { nil: undefined }),
    })
    .map((fields): JournalPrint =>
      samplePrint(seq, {
        terminalId: fields.terminalId,
        subtype: fields.subtype,
        status: fields.status,
        externalReference: fields.externalReference,
        createdAt: fields.createdAt * 60_000,
        updatedAt: fields.updatedAt * 60_000,
        attempts: fields.attempts,
        lastError: fields.errorCode === undefined ? null : { code: fields.errorCode, status: null, detail: '', retryable: true, at: 0 },
      }),
    );

const arbitraryRequest = fc
  .record({
    filters: fc.record(
      {
        terminalId: fc.constantFrom(...terminals, 'T9'),
        status: fc.uniqueArray(fc.constantFrom(...PrintStatus.options), { minLength: 1, maxLength: 3 }),
        subtype: fc.constantFrom('custom', 'image', 'invoice'),
        from: fc.integer({ min: 0, max: 50 }).map((minute) => new Date(minute * 60_000).toISOString()),
        to: fc.integer({ min: 0, max: 50 }).map((minute) => new Date(minute * 60_000).toISOString()),
        search: fc.oneof(fc.constantFrom('a', 'A', '-', '_', ' 1 ', '%'), fc.stringMatching(/^[a-z0-9]{0,3}$/)),
      },
      { requiredKeys: [] },
    ),
    sort: fc.record({ field: fc.constantFrom(...ListPrintsRequest.shape.sort.unwrap().shape.field.options), direction: fc.constantFrom('asc', 'desc') }),
    page: fc.record({ index: fc.integer({ min: 0, max: 4 }), size: fc.integer({ min: 1, max: 30 }) }),
  })
  .map((request) => ListPrintsRequest.parse(request));

describe('the manager query on the history', () => {
  it('answers as queryPrints does over the same prints: same page, same order, same total', () => {
    const { history } = openHistory({ file: historyFile() });
    const prints = Array.from({ length: 120 }, (_, index) => index + 1);
    const data = fc.sample(fc.tuple(...prints.map((seq) => arbitraryPrint(seq))), { numRuns: 1, seed: 16 })[0] ?? [];
    for (const print of data) void history.append(print, 'c');
    fc.assert(
      fc.property(arbitraryRequest, (request) => {
        const expected = queryPrints(data, request);
        const actual = history.list(request);
        expect(actual.total).toBe(expected.total);
        expect(actual.items.map((print) => print.id)).toEqual(expected.items.map((print) => print.id));
      }),
      { numRuns: 400, seed: 16 },
    );
    expect(history.list(ListPrintsRequest.parse({})).items[0]).toEqual(queryPrints(data, ListPrintsRequest.parse({})).items[0]);
    history.closeSync();
  });
});
