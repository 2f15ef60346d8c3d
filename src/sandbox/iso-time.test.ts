import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time';

describe('isoTime', () => {
  it('writes what toISOString writes, for any instant and in any order', () => {
    const instant = fc.oneof(
      fc.integer({ min: -62_167_219_200_000, max: 253_402_300_799_999 }),
      fc.integer({ min: 1_700_000_000_000, max: 1_700_000_003_000 }),
    );
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 20 }), (instants) => {
        for (const ms of instants) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 2000 },
    );
  });

  it('pads the milliseconds and handles years past 9999 and before 0', () => {
    expect(isoTime(Date.UTC(2026, 10, 28, 8, 1, 2, 7))).toBe('2026-11-28T08:01:02.007Z');
    expect(isoTime(Date.UTC(2026, 10, 28, 8, 1, 2, 70))).toBe('2026-11-28T08:01:02.070Z');
    expect(isoTime(8.64e15)).toBe(new Date(8.64e15).toISOString());
    expect(isoTime(-1)).toBe('1969-12-31T23:59:59.999Z');
  });

  it('refuses an instant that is not a date, as toISOString does', () => {
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
  });
});
