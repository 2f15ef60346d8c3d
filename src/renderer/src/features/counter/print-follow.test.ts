import { describe, expect, it } from 'vitest';
import type { PrintSummary } from '../../../../shared/ipc/channels/prints';
import { followPrint, IDLE_FOLLOW, type PrintFollow, type PrintFollowAction } from './print-follow';

const print = (id: string, status: PrintSummary['status'], code?: string): PrintSummary => ({
  id,
  terminalId: 'NEWLAND_N950__SBX0000001',
  subtype: 'custom',
  externalReference: `REF-${id}`,
  status,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  actionId: null,
  attempts: status === 'queued' ? 0 : 1,
  lastError: code === undefined ? null : { code, message: code, status: 403, retryable: false, at: '2026-11-22T10:00:00.000Z' },
  cancelRequested: false,
  reprintOf: null,
  contentBytes: 120,
  contentPreview: 'LA ESQUINA',
});

const run = (...actions: PrintFollowAction[]): PrintFollow => actions.reduce(followPrint, IDLE_FOLLOW);
const shown = (state: PrintFollow) => (state.outcome.state === 'accepted' ? state.outcome.print.status : state.outcome.state);

describe('following the last print on the Counter screen', () => {
  it('shows a failure that main reported before its answer to the print arrived, not the answer’s “queued”', () => {
    const state = run(
      { kind: 'send' },
      { kind: 'change', print: print('a', 'sending') },
      { kind: 'change', print: print('a', 'failed', 'forbidden_checking_terminal_owner') },
      { kind: 'accept', print: print('a', 'queued') },
    );
    expect(shown(state)).toBe('failed');
    expect(state.outcome.state === 'accepted' && state.outcome.print.lastError?.code).toBe('forbidden_checking_terminal_owner');
  });

  it('shows the answer when no event came first, then follows the print’s own events only', () => {
    let state = run({ kind: 'send' }, { kind: 'change', print: print('other', 'processed') }, { kind: 'accept', print: print('a', 'queued') });
    expect(shown(state)).toBe('queued');
    state = followPrint(state, { kind: 'change', print: print('other', 'failed') });
    expect(shown(state)).toBe('queued');
    state = followPrint(state, { kind: 'change', print: print('a', 'created') });
    expect(shown(state)).toBe('created');
  });

  it('forgets early events once a print is answered or refused, so they cannot leak into the next one', () => {
    const refused = run({ kind: 'send' }, { kind: 'change', print: print('a', 'failed') }, { kind: 'refuse', message: 'no' });
    expect(refused.outcome).toEqual({ state: 'refused', message: 'no' });
    expect(refused.earlyChanges.size).toBe(0);
    // Seen while idle: nobody is waiting for it.
    const idle = run({ kind: 'change', print: print('b', 'failed') }, { kind: 'send' }, { kind: 'accept', print: print('b', 'queued') });
    expect(shown(idle)).toBe('queued');
  });
});
