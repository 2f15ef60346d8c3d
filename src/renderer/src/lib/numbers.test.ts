import { describe, expect, it } from 'vitest';
import { formatAmount, formatCount, formatDecimal, pluralOf } from './numbers';

describe('one number format', () => {
  it('groups and separates decimals as the language does', () => {
    expect(formatAmount(1234.5, 'en', 'en-GB')).toBe('1,234.50');
    expect(formatAmount(12345.5, 'es', 'es')).toBe('12.345,50');
    expect(formatCount(1234567, 'en', 'en-GB')).toBe('1,234,567');
    expect(formatCount(1234567, 'es', 'es')).toBe('1.234.567');
    expect(formatDecimal(1.25, 'es', 1, 'es')).toBe('1,3');
    // Spanish shows 1.234,50, never 1234.50 nor 1234,50.
    expect(formatAmount(1234.5, 'es', 'es')).toBe('1.234,50');
  });

  it('picks the plural form from the count, in both languages', () => {
    expect(pluralOf(1, 'en')).toBe('one');
    expect(pluralOf(0, 'en')).toBe('other');
    expect(pluralOf(4, 'es')).toBe('other');
    expect(pluralOf(1, 'es')).toBe('one');
  });
});
