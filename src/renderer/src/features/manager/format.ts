import type { Language } from '../../../../shared/ipc/channels/app';
import { fillMessage } from '../../i18n';
import type { ManagerMessageKey } from './messages';

const LOCALES: Record<Language, string> = { en: 'en-GB', es: 'es-CL' };
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Formatters are costly to make: one per language and style. */
function formatter(language: Language, style: 'full' | 'time'): Intl.DateTimeFormat {
  const key = `${language}:${style}`;
  let format = formatters.get(key);
  if (format === undefined) {
    const options: Intl.DateTimeFormatOptions =
      style === 'time' ? { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false } : { dateStyle: 'medium', timeStyle: 'medium' };
    format = new Intl.DateTimeFormat(LOCALES[language], options);
    formatters.set(key, format);
  }
  return format;
}

const two = (value: number) => String(value).padStart(2, '0');

/**
 * A row's time in local time, as 2026-01-15 12:00:05 in either language: fixed width, so the column
 * reads down at a glance, and seconds included, since prints seconds apart must read apart.
 */
export function rowTime(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

export function fullTime(iso: string, language: Language): string {
  return formatter(language, 'full').format(new Date(iso));
}

/** A step of a history: the time with milliseconds, since a print's steps are often under a second apart. */
export function stepTime(iso: string, language: Language): string {
  const date = new Date(iso);
  return `${formatter(language, 'time').format(date)}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}

/** "just now", "12 s ago", "3 min ago"… in whole units, never negative (clocks of main and renderer may differ a little). */
export function agoText(iso: string, now: number, t: (key: ManagerMessageKey) => string): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (seconds < 2) return t('ago.now');
  if (seconds < 60) return fillMessage(t('ago.seconds'), { count: seconds });
  if (seconds < 3600) return fillMessage(t('ago.minutes'), { count: Math.floor(seconds / 60) });
  if (seconds < 86_400) return fillMessage(t('ago.hours'), { count: Math.floor(seconds / 3600) });
  return fillMessage(t('ago.days'), { count: Math.floor(seconds / 86_400) });
}

export function formatCount(count: number, language: Language): string {
  return count.toLocaleString(LOCALES[language]);
}

/** "1 print", "2,345 prints". */
export function printCount(count: number, language: Language, t: (key: ManagerMessageKey) => string): string {
  return count === 1 ? t('history.countOne') : fillMessage(t('history.count'), { count: formatCount(count, language) });
}
