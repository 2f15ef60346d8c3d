import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTime } from '../iso-time';
import { dueText } from './due-text';

describe('dueText', () => {
  it('writes what isoTime and toISOString write, for any instant, interleaved with isoTime', () => {
    const instant = fc.oneof(
      fc.integer({ min: -62_167_219_200_000, max: 253_402_300_799_999 }),
      fc.integer({ min: 1_700_000_000_000, max: 1_700_000_003_000 }),
      fc.constantFrom(8.64e15, -8.64e15, -1, 0),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(instant, fc.boolean()), { minLength: 1, maxLength: 20 }), (steps) => {
        for (const [ms, alsoIso] of steps) {
          // The creation date written between two due dates, as a token does.
          if (alsoIso) isoTime(Math.max(-8.64e15, ms - 604_800_000));
          expect(dueText(ms)).toBe(new Date(ms).toISOString());
          expect(dueText(ms)).toBe(isoTime(ms));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses an instant that is not a date, as toISOString does', () => {
    expect(() => dueText(Number.NaN)).toThrow(RangeError);
  });
});
