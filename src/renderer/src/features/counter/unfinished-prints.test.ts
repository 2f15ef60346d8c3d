import { describe, expect, it } from 'vitest';
import type { PrintSummary } from '../../../../shared/ipc/channels/prints';
import { foldUnfinished, newestFirst, sameContentUnfinished } from './unfinished-prints';

const at = (second: number) => new Date(Date.UTC(2026, 0, 15, 12, 0, second)).toISOString();
function print(id: string, status: PrintSummary['status'], updated: number, overrides: Partial<PrintSummary> = {}): PrintSummary {
  return {
    id,
    terminalId: 'T1',
    subtype: 'custom',
    externalReference: `REF-${id}`,
    status,
    createdAt: at(Number(id)),
    updatedAt: at(updated),
    actionId: null,
    attempts: 0,
    lastError: null,
    cancelRequested: false,
    reprintOf: null,
    contentBytes: 10,
    contentPreview: '',
    ...overrides,
  };
}

describe('the Counter screen’s unfinished prints', () => {
  it('keeps every unfinished print, newest first, and drops one once it ends', () => {
    let prints = foldUnfinished(new Map(), [print('1', 'created', 1), print('2', 'queued', 2)]);
    expect(newestFirst(prints).map((p) => p.id)).toEqual(['2', '1']);
    prints = foldUnfinished(prints, [print('1', 'processed', 5)]);
    expect(newestFirst(prints).map((p) => p.id)).toEqual(['2']);
  });

  it('does not let an older summary (a late list answer) move a print back or bring an ended one back', () => {
    let prints = foldUnfinished(new Map(), [print('1', 'on_terminal', 5)]);
    prints = foldUnfinished(prints, [print('1', 'created', 2)]);
    expect(prints.get('1')?.status).toBe('on_terminal');
    const ended = new Set(['3']);
    expect(foldUnfinished(prints, [print('3', 'created', 1)], ended).has('3')).toBe(false);
  });

  it('finds the unfinished print of the same terminal asked for with the same content, and no other', () => {
    const prints = foldUnfinished(new Map(), [print('1', 'created', 1), print('2', 'sending', 2, { terminalId: 'T2' })]);
    const askedFor = new Map([
      ['1', 'custom:RECEIPT'],
      ['2', 'custom:RECEIPT'],
    ]);
    expect(sameContentUnfinished(prints, askedFor, 'T1', 'custom:RECEIPT')?.id).toBe('1');
    expect(sameContentUnfinished(prints, askedFor, 'T1', 'custom:OTHER')).toBeUndefined();
    expect(sameContentUnfinished(prints, askedFor, 'T3', 'custom:RECEIPT')).toBeUndefined();
  });
});
