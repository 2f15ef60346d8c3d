import { describe, expect, it } from 'vitest';
import { ExternalReference } from '../platform/terminal-actions';
import { externalReferenceProblem, newExternalReference } from './external-reference';

/** A random source that returns the given values in turn. */
const sequence = (...values: number[]) => {
  let index = 0;
  return () => values[index++ % values.length] ?? 0;
};

describe('generated external references', () => {
  it('read CTR-date-time-suffix in local time', () => {
    const reference = newExternalReference(new Date(2026, 0, 15, 9, 5, 7).getTime(), sequence(0, 1 / 32, 30 / 32, 31 / 32, 0.5, 0.99));
    expect(reference).toBe('CTR-20260115-090507-AB89S9');
  });

  it('stay inside the alphabet even at the ends of the random range', () => {
    expect(newExternalReference(0, () => 0.999_999_999).slice(-6)).toBe('999999');
    expect(newExternalReference(0, () => 0).slice(-6)).toBe('AAAAAA');
  });

  it('are always accepted by the platform (spec 8: 1–64 of A-Z a-z 0-9 - _)', () => {
    for (let round = 0; round < 200; round++) {
      expect(ExternalReference.safeParse(newExternalReference(Date.now() + round * 997_001, Math.random)).success).toBe(true);
    }
  });

  it('differ within the same second', () => {
    const now = Date.now();
    const references = new Set(Array.from({ length: 1000 }, () => newExternalReference(now, Math.random)));
    expect(references.size).toBe(1000);
  });
});

describe('external reference problems', () => {
  it.each([
    ['CTR-20260115-090507-AB89SA', undefined],
    ['a_b-C9', undefined],
    ['', 'empty'],
    ['x'.repeat(65), 'too_long'],
    ['x'.repeat(64), undefined],
    ['with space', 'characters'],
    ['ñandú', 'characters'],
    ['a.b', 'characters'],
  ])('%j → %s', (value, expected) => {
    expect(externalReferenceProblem(value)).toBe(expected);
  });
});
