import type { Language } from '../../../../shared/ipc/channels/app';
import { fillMessage } from '../../i18n';
import { formatDateTime, formatStepTime } from '../../lib/datetime';
import { formatCount as formatLocaleCount, pluralOf } from '../../lib/numbers';
import type { ManagerMessageKey } from './messages';

/** A row's time: the one date and time format of every screen (lib/datetime). */
export function rowTime(iso: string, language: Language): string {
  return formatDateTime(iso, language);
}

export function fullTime(iso: string, language: Language): string {
  return formatDateTime(iso, language);
}

/** A step of a history: the time with milliseconds, since a print's steps are often under a second apart. */
export function stepTime(iso: string, language: Language): string {
  return formatStepTime(iso, language);
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
  return formatLocaleCount(count, language);
}

/** "1 print", "2,345 prints". */
export function printCount(count: number, language: Language, t: (key: ManagerMessageKey) => string): string {
  return pluralOf(count, language) === 'one' ? t('history.countOne') : fillMessage(t('history.count'), { count: formatCount(count, language) });
}
