import { describe, expect, it } from 'vitest';
import { FINAL_PRINT_STATUSES, PrintStatus } from '../../../shared/ipc/channels/prints';
import { checkMove, isFinalInLifecycle, PRINT_STATUS_ORDER, PRINT_TRANSITIONS } from './lifecycle';

const rank = (status: PrintStatus) => PRINT_STATUS_ORDER.indexOf(status);

describe('print lifecycle table', () => {
  it('only ever moves a print forward', () => {
    for (const row of PRINT_TRANSITIONS) expect(rank(row.to), `${row.from} → ${row.to}`).toBeGreaterThan(rank(row.from));
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
});
