import { describe, expect, it } from 'vitest';
import { FINAL_PRINT_STATUSES, PrintStatus } from '../../../shared/ipc/channels/prints';
import { checkMove, isFinalInLifecycle, PRINT_STATUS_ORDER, PRINT_TRANSITIONS, TRY_AGAIN } from './lifecycle';

const rank = (status: PrintStatus) => PRINT_STATUS_ORDER.indexOf(status);

describe('print lifecycle table', () => {
  it('only ever moves a print forward, but for the cashier’s Try again on a print set aside', () => {
    for (const row of PRINT_TRANSITIONS) if (row !== TRY_AGAIN) expect(rank(row.to), `${row.from} → ${row.to}`).toBeGreaterThan(rank(row.from));
    expect(PRINT_TRANSITIONS.filter((row) => rank(row.to) <= rank(row.from))).toEqual([TRY_AGAIN]);
    expect([...PRINT_STATUS_ORDER].sort()).toEqual([...PrintStatus.options].sort());
  });

  it('has no way out of a final status, and the final statuses are the IPC contract’s', () => {
    for (const status of PrintStatus.options) expect(isFinalInLifecycle(status), status).toBe(FINAL_PRINT_STATUSES.includes(status));
  });

  it('refuses a late status read that would move a print back or out of a final status (issue 16)', () => {
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

  it('sets a print aside only while its create is out, and lets it out only by the cashier’s word or the platform’s answer (issue 16 defect 5)', () => {
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
