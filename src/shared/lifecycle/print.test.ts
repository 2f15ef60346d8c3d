import { describe, expect, it } from 'vitest';
import { PrintStatus } from '../ipc/channels/prints';
import {
  CANCELABLE_PRINT_STATUSES,
  FINAL_PRINT_STATUSES,
  PRINT_LIFECYCLE,
  TRY_AGAIN,
  UNFINISHED_PRINT_STATUSES,
  type PrintEvent,
  type PrintState,
} from './print';

const rank = (status: PrintStatus) => PRINT_LIFECYCLE.states.indexOf(status);
const checkMove = (from: PrintState, on: PrintEvent, to: PrintState) => PRINT_LIFECYCLE.check(from, on, to);

describe('print lifecycle table', () => {
  it('only ever moves a print forward, but for the cashier’s Try again on a print set aside', () => {
    for (const row of PRINT_LIFECYCLE.moves) if (row !== TRY_AGAIN) expect(rank(row.to), `${row.from} → ${row.to}`).toBeGreaterThan(rank(row.from));
    expect(PRINT_LIFECYCLE.moves.filter((row) => rank(row.to) <= rank(row.from))).toEqual([TRY_AGAIN]);
    expect([...PRINT_LIFECYCLE.states].sort()).toEqual([...PrintStatus.options].sort());
  });

  it('derives its final, unfinished and cancelable sets from the table', () => {
    expect(FINAL_PRINT_STATUSES).toEqual(['processed', 'failed', 'canceled']);
    expect(UNFINISHED_PRINT_STATUSES).toEqual(['queued', 'sending', 'needs_attention', 'created', 'on_terminal']);
    expect(CANCELABLE_PRINT_STATUSES).toEqual(['queued', 'sending', 'created']);
    for (const status of FINAL_PRINT_STATUSES) expect(PRINT_LIFECYCLE.eventsFrom(status), status).toEqual([]);
  });

  it('refuses a late status read that would move a print back or out of a final status', () => {
    expect(checkMove('canceled', 'reported', 'created').ok).toBe(false);
    expect(checkMove('on_terminal', 'reported', 'created').ok).toBe(false);
    expect(checkMove('processed', 'reported', 'failed').ok).toBe(false);
    expect(checkMove('created', 'reported', 'on_terminal').ok).toBe(true);
    expect(checkMove('created', 'reported', 'processed').ok).toBe(true);
  });

  it('refuses to send a print cancelled meanwhile, and to cancel one locally once it may be on the platform', () => {
    expect(checkMove('canceled', 'send', 'sending')).toEqual({ ok: false, reason: 'a print in canceled cannot move to sending on send' });
    expect(checkMove('queued', 'send', 'sending').ok).toBe(true);
    expect(checkMove('queued', 'cancel_locally', 'canceled').ok).toBe(true);
    expect(checkMove('created', 'cancel_locally', 'canceled').ok).toBe(false);
    expect(checkMove('created', 'cancel_confirmed', 'canceled').ok).toBe(true);
  });

  it('takes a create answer in whatever status the platform already has the action (an idempotent replay)', () => {
    for (const to of ['created', 'on_terminal', 'processed', 'failed', 'canceled'] as const) expect(checkMove('sending', 'accepted', to).ok).toBe(true);
    expect(checkMove('queued', 'accepted', 'created').ok).toBe(false);
  });

  it('sets a print aside only while its create is out, and lets it out only by the cashier’s word or the platform’s answer', () => {
    expect(checkMove('sending', 'set_aside', 'needs_attention').ok).toBe(true);
    expect(checkMove('queued', 'set_aside', 'needs_attention').ok).toBe(false);
    expect(checkMove('created', 'set_aside', 'needs_attention').ok).toBe(false);
    expect(checkMove('needs_attention', 'try_again', 'sending').ok).toBe(true);
    expect(checkMove('needs_attention', 'accepted', 'created').ok).toBe(true);
    expect(checkMove('needs_attention', 'given_up', 'failed').ok).toBe(true);
    // Its create may have reached the platform: never cancelled as if nothing of it could exist there.
    expect(checkMove('needs_attention', 'cancel_locally', 'canceled').ok).toBe(false);
    expect(checkMove('needs_attention', 'reported', 'created').ok).toBe(false);
    expect(checkMove('sending', 'try_again', 'sending').ok).toBe(false);
  });
});
