import type { Language } from '../../../shared/ipc/channels/app';
import { centsOfAmount } from '../../../shared/money/amounts';
import { localeOf } from './datetime';

/**
 * The one way every screen writes an amount of money: Intl's number format of the reader's language,
 * grouped always (Spanish's own rule leaves 1234,50 ungrouped, which reads as a price typed by hand), with
 * the store's currency when it is known. A Spanish reader with no region of its own gets the region of the
 * currency's country, so an Argentine store reads "$ 1.234,50" and not Spain's "1.234,50 $".
 */
const SPANISH_REGION_OF_CURRENCY: Readonly<Record<string, string>> = {
  ARS: 'es-AR',
  MXN: 'es-MX',
  CLP: 'es-CL',
  COP: 'es-CO',
  PEN: 'es-PE',
  UYU: 'es-UY',
};

export function moneyLocale(language: Language, currency: string | null, locale = localeOf(language)): string {
  if (language === 'es' && !locale.includes('-') && currency !== null) return SPANISH_REGION_OF_CURRENCY[currency] ?? locale;
  return locale;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string, currency: string | null, fractions: number | null): Intl.NumberFormat {
  const key = `${locale}|${currency ?? ''}|${String(fractions)}`;
  let format = formatters.get(key);
  if (format === undefined) {
    const digits = fractions === null ? {} : { minimumFractionDigits: fractions, maximumFractionDigits: fractions };
    format = new Intl.NumberFormat(
      locale,
      currency === null
        ? { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' }
        : { style: 'currency', currency, currencyDisplay: 'narrowSymbol', useGrouping: 'always', ...digits },
    );
    formatters.set(key, format);
  }
  return format;
}

/** A currency code Intl accepts: anything else (an empty or odd value from a record) is written with no symbol. */
function knownCurrency(currency: string | null | undefined): string | null {
  if (currency === null || currency === undefined || !/^[A-Z]{3}$/.test(currency)) return null;
  return currency;
}

/**
 * "$ 1.234,50" (es, ARS), "$1,234.50" (en, ARS), "1,234.50" (en, currency not known yet). The amount is
 * in cents, or one of the platform's decimal strings ("1234.50"); a currency whose usual amounts have no
 * decimals (CLP) still shows cents when there are some, so nothing is rounded away on screen.
 */
export function formatMoney(amount: number | string, currency: string | null | undefined, language: Language, locale?: string): string {
  const cents = typeof amount === 'number' ? amount : centsOfAmount(amount);
  const code = knownCurrency(currency);
  const where = moneyLocale(language, code, locale);
  const base = formatter(where, code, null);
  const fractions = code !== null && base.resolvedOptions().maximumFractionDigits === 0 && cents % 100 !== 0 ? 2 : null;
  return formatter(where, code, fractions).format(cents / 100);
}
