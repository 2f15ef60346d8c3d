import { describe, expect, it } from 'vitest';
import { PlatformError } from '../platform/errors';
import { decideOnNotify, readFailureOutcome } from './read-back-policy';

describe('read-back policy', () => {
  it('merges a notification into a read that has not started yet', () => {
    for (const phase of ['settling', 'queued', 'waiting_retry'] as const) expect(decideOnNotify(phase, true, true)).toBe('merge');
  });

  it('during a read, a new event rereads at once and any other notification asks for one trailing read', () => {
    expect(decideOnNotify('reading', true, false)).toBe('reread');
    expect(decideOnNotify('reading', false, true)).toBe('trailing');
  });

  it('when idle, opens a new window for a new event or after the window, else waits for its end', () => {
    expect(decideOnNotify('idle', true, false)).toBe('open');
    expect(decideOnNotify('idle', false, true)).toBe('open');
    expect(decideOnNotify('idle', false, false)).toBe('trailing');
  });

  it('retries transient failures with the next delay, then gives up; a 404 is an unknown resource', () => {
    const busy = new PlatformError({ status: 503, code: 'service_unavailable' });
    expect(readFailureOutcome(busy, 0, [2_000, 15_000])).toEqual({ kind: 'retry', delayMs: 2_000 });
    expect(readFailureOutcome(busy, 1, [2_000, 15_000])).toEqual({ kind: 'retry', delayMs: 15_000 });
    expect(readFailureOutcome(busy, 2, [2_000, 15_000])).toEqual({ kind: 'failed' });
    expect(readFailureOutcome(new PlatformError({ status: 404, code: 'not_found' }), 0, [2_000])).toEqual({ kind: 'unknown_resource' });
    expect(readFailureOutcome(new Error('boom'), 0, [2_000])).toEqual({ kind: 'failed' });
  });
});
