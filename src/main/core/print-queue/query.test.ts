import { describe, expect, it } from 'vitest';
import { ListPrintsRequest } from '../../../shared/ipc/channels/prints';
import { queryPrints } from './query';
import { queuedPrint } from './records';
import type { JournalPrint } from '../history/records/print';

function print(seq: number, overrides: Partial<JournalPrint>): JournalPrint {
  return {
    ...queuedPrint({
      id: `print-${seq}`,
      seq,
      terminalId: 'NEWLAND_N950__SBX0000001',
      subtype: 'custom',
      externalReference: `REF-${seq}`,
      idempotencyKey: `key-${seq}`,
      at: seq * 1000,
      contentBytes: 100,
      contentPreview: '',
    }),
    status: 'processed',
    attempts: 1,
    ...overrides,
  };
}

const error = (code: string) => ({ code, status: 400, detail: code, retryable: false, at: 0 });

const prints = [
  print(1, { subtype: 'invoice', attempts: 3, lastError: error('property_value'), status: 'failed' }),
  print(2, { subtype: 'custom', attempts: 1 }),
  print(3, { subtype: 'image', attempts: 2, lastError: error('forbidden_checking_terminal_owner'), status: 'failed' }),
];

const order = (field: ListPrintsRequest['sort']['field'], direction: 'asc' | 'desc') =>
  queryPrints(prints, ListPrintsRequest.parse({ sort: { field, direction } })).items.map((item) => item.seq);

describe('the manager table sorted in main by any of its columns', () => {
  it('sorts by kind of print', () => {
    expect(order('subtype', 'asc')).toEqual([2, 3, 1]);
  });

  it('sorts by attempts, most tried first when descending', () => {
    expect(order('attempts', 'desc')).toEqual([1, 3, 2]);
  });

  it('sorts by last error code, prints without an error first', () => {
    expect(order('lastError', 'asc')).toEqual([2, 3, 1]);
  });
});
