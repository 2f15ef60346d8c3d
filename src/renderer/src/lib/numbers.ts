import type { Language } from '../../../shared/ipc/channels/app';
import { localeOf } from './datetime';

/**
 * Every number the screens show goes through here (dates and times through `datetime.ts`), in the
 * locale of the chosen language: "1,234.5" in English, "1.234,5" in Spanish. Money has its own
 * formatter (`money.ts`), which adds the currency.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

/**
 * Thousands are always grouped: plain "es" groups only from five digits (CLDR), but the stores Counter
 * serves (es-AR, es-CL) write 1.234,50, and a column of amounts must read alike at every size.
 */
const GROUPED: Intl.NumberFormatOptions = { useGrouping: 'always' };

/** A count: "1,234" (en), "1.234" (es). */
export function formatCount(count: number, language: Language, locale = localeOf(language)): string {
  return numberFormat(locale, { ...GROUPED, maximumFractionDigits: 0 }).format(count);
}

/** A measure with at most `digits` decimals: "1.5", "1,5". */
export function formatDecimal(value: number, language: Language, digits: number, locale = localeOf(language)): string {
  return numberFormat(locale, { ...GROUPED, maximumFractionDigits: digits }).format(value);
}

/** An amount with its cents, without a currency: "1,234.50" (en), "1.234,50" (es). */
export function formatAmount(value: number, language: Language, locale = localeOf(language)): string {
  return numberFormat(locale, { ...GROUPED, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/**
 * The plural category of a count in the language (Intl.PluralRules): English and Spanish have "one" and
 * "other"; a text table keyed `x.one` / `x.other` picks with it, never "terminal(s)".
 */
export function pluralOf(count: number, language: Language): 'one' | 'other' {
  return new Intl.PluralRules(language).select(count) === 'one' ? 'one' : 'other';
}
