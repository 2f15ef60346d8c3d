import type { Language } from '../../../shared/ipc/channels/app';

/**
 * The one way every screen writes a date and a time, so the cashier never meets two formats for one moment.
 * The parts and their order come from the locale: the browser's own when it speaks the language the
 * settings chose (an en-US computer keeps its month-first dates and 12-hour clock), otherwise the
 * language's usual locale. Every part has a fixed width, so a column of times reads down at a glance,
 * and seconds are shown, since prints seconds apart must read apart.
 */
const DEFAULT_LOCALE: Readonly<Record<Language, string>> = { en: 'en-GB', es: 'es' };

export function localeOf(language: Language, preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages): string {
  const match = preferred.find((tag) => tag.toLowerCase().split('-')[0] === language && tag.includes('-'));
  if (match !== undefined) {
    try {
      return Intl.DateTimeFormat.supportedLocalesOf([match])[0] ?? DEFAULT_LOCALE[language];
    } catch {
      // A malformed tag from the browser: the language's usual locale.
    }
  }
  return DEFAULT_LOCALE[language];
}

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' };
const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const formatters = new Map<string, Intl.DateTimeFormat>();

const STYLES: Readonly<Record<'dateTime' | 'time' | 'date' | 'stepTime', Intl.DateTimeFormatOptions>> = {
  dateTime: { ...DATE, ...TIME },
  time: TIME,
  date: DATE,
  // The milliseconds where the locale puts the seconds' fraction: "02:05:09.042 PM", never "02:05:09 PM.042".
  stepTime: { ...TIME, fractionalSecondDigits: 3 },
};

/** Formatters are costly to make: one per locale and style. */
function formatter(locale: string, style: keyof typeof STYLES): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let format = formatters.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, STYLES[style]);
    formatters.set(key, format);
  }
  return format;
}

function toDate(at: string | number | Date): Date {
  return at instanceof Date ? at : new Date(at);
}

/** "24/11/2026, 14:05:09" (en-GB, es), "11/24/2026, 02:05:09 PM" (en-US). */
export function formatDateTime(at: string | number | Date, language: Language, locale = localeOf(language)): string {
  return formatter(locale, 'dateTime').format(toDate(at));
}

/** The time part alone, as formatDateTime writes it: for a moment of today. */
export function formatTime(at: string | number | Date, language: Language, locale = localeOf(language)): string {
  return formatter(locale, 'time').format(toDate(at));
}

/** The time with milliseconds, for steps often under a second apart. */
export function formatStepTime(at: string | number | Date, language: Language, locale = localeOf(language)): string {
  return formatter(locale, 'stepTime').format(toDate(at));
}

/** The date alone: "24/11/2026" (en-GB, es), "11/24/2026" (en-US). */
export function formatDate(at: string | number | Date, language: Language, locale = localeOf(language)): string {
  return formatter(locale, 'date').format(toDate(at));
}

/** A moment of today as its time alone, any other as date and time: lists of what is happening now. */
export function formatRecent(at: string | number | Date, language: Language, now: Date = new Date(), locale = localeOf(language)): string {
  const date = toDate(at);
  const today = date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  return today ? formatTime(date, language, locale) : formatDateTime(date, language, locale);
}
