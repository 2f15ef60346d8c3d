import { describe, expect, it } from 'vitest';
import { formatMoney, moneyLocale } from './money';

// Intl puts a no-break space between "$" and the number in es-AR: compare with plain spaces.
const plain = (text: string): string => text.replace(/\s/g, ' ');

describe('formatMoney', () => {
  it('writes the store’s currency in the reader’s language, grouped always', () => {
    expect(plain(formatMoney(123_450, 'ARS', 'es', 'es'))).toBe('$ 1.234,50');
    expect(formatMoney(123_450, 'ARS', 'en', 'en-GB')).toBe('$1,234.50');
    expect(formatMoney('1234.50', 'ARS', 'en', 'en-GB')).toBe('$1,234.50');
    expect(plain(formatMoney('24.50', 'ARS', 'es', 'es'))).toBe('$ 24,50');
  });

  it('writes only the number while the currency is not known', () => {
    expect(formatMoney('1234.50', null, 'es', 'es')).toBe('1.234,50');
    expect(formatMoney(2450, null, 'en', 'en-GB')).toBe('24.50');
    expect(formatMoney(2450, '', 'en', 'en-GB')).toBe('24.50');
  });

  it('never rounds cents away, even in a currency without decimals', () => {
    expect(plain(formatMoney(150_000, 'CLP', 'es', 'es'))).toBe('$1.500');
    expect(plain(formatMoney(150_050, 'CLP', 'es', 'es'))).toBe('$1.500,50');
  });

  it('a Spanish reader with no region reads the currency’s country; a region of its own is kept', () => {
    expect(moneyLocale('es', 'ARS', 'es')).toBe('es-AR');
    expect(moneyLocale('es', 'ARS', 'es-ES')).toBe('es-ES');
    expect(moneyLocale('en', 'ARS', 'en-GB')).toBe('en-GB');
    expect(moneyLocale('es', null, 'es')).toBe('es');
  });
});
