import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_WINDOW_MS, RESEND_CUTOFF_MS, resendVerdict } from './resend-rule';

const HOUR = 60 * 60_000;

describe('the resend rule for creates that cost money or paper', () => {
  it('resends under the same key while the platform remembers it, with an hour to spare', () => {
    expect(RESEND_CUTOFF_MS).toBe(IDEMPOTENCY_WINDOW_MS - HOUR);
    expect(resendVerdict({ firstSentAt: 0, now: 22 * HOUR, lookUp: 'impossible' })).toBe('resend');
    expect(resendVerdict({ firstSentAt: null, now: 100 * HOUR, lookUp: 'impossible' })).toBe('resend');
  });

  it('past that, looks the first create up where it can, and asks a person where it cannot', () => {
    expect(resendVerdict({ firstSentAt: 0, now: 23 * HOUR, lookUp: 'possible' })).toBe('look_up');
    expect(resendVerdict({ firstSentAt: 0, now: 25 * HOUR, lookUp: 'done' })).toBe('ask_person');
    expect(resendVerdict({ firstSentAt: 0, now: 25 * HOUR, lookUp: 'impossible' })).toBe('ask_person');
  });

  it('lets tests bring the cut-off closer, never push it past the window', () => {
    expect(resendVerdict({ firstSentAt: 0, now: 2_000, lookUp: 'impossible', cutoffMs: 1_000 })).toBe('ask_person');
    expect(resendVerdict({ firstSentAt: 0, now: 30 * HOUR, lookUp: 'impossible', cutoffMs: 48 * HOUR })).toBe('ask_person');
  });
});
