import { describe, expect, it } from 'vitest';
import { ExternalReference } from '../../../../shared/platform/terminal-actions';
import { externalReferenceProblem, generateExternalReference } from './external-reference';

describe('generated external references', () => {
  it('read CTR-date-time-suffix in local time', () => {
    const reference = generateExternalReference(new Date(2026, 0, 15, 9, 5, 7), Uint8Array.of(0, 1, 30, 31));
    expect(reference).toBe('CTR-20260115-090507-AB89');
  });

  it('are always accepted by the platform', () => {
    for (let round = 0; round < 200; round++) {
      const bytes = Uint8Array.from({ length: 4 }, () => Math.floor(Math.random() * 256));
      expect(ExternalReference.safeParse(generateExternalReference(new Date(), bytes)).success).toBe(true);
    }
  });
});

describe('external reference problems', () => {
  it.each([
    ['CTR-20260115-090507-AB89', undefined],
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
