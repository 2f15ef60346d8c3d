import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { ListPrintsRequest, PrintStatus } from '../../../shared/ipc/channels/prints';
import { openHistory } from '../history/open';
import type { JournalPrint } from '../history/records/print';
import { samplePrint } from '../history/test-prints';
import { queryPrints } from './query';

/** The manager's query answered by the SQLite history (history/manager-query.ts) and by the queue's own `queryPrints`: the same answer. */
const directories: string[] = [];
function historyFile(): string {
  const directory = mkdtempSync(join(tmpdir(), 'counter-history-'));
  directories.push(directory);
  return join(directory, 'history-sandbox.sqlite');
}
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
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
