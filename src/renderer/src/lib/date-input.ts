import type { Language } from '../../../shared/ipc/channels/app';
import { localeOf } from './datetime';

/**
 * A date typed in the app's language, to and from the value a native date field would hold
 * (`YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM` with a time). The browser draws its own date fields in the
 * computer's language whatever the page's `lang`, so the app's date fields are text in this format.
 */
export type DateKind = 'date' | 'dateTime';
type Part = 'day' | 'month' | 'year';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The order of day, month and year in the locale, and what separates them ("/" in en-US, en-GB and es). */
function dateOrder(locale: string): { order: Part[]; separator: string } {
  const parts = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(2026, 10, 25));
  const order = parts.map((part) => part.type).filter((type): type is Part => type === 'day' || type === 'month' || type === 'year');
  const separator = parts.find((part) => part.type === 'literal')?.value ?? '/';
  return { order: order.length === 3 ? order : ['day', 'month', 'year'], separator };
}

const LETTERS: Readonly<Record<Language, Record<Part, string>>> = {
  en: { day: 'dd', month: 'mm', year: 'yyyy' },
  es: { day: 'dd', month: 'mm', year: 'aaaa' },
};

/** What the field shows when empty: "dd/mm/aaaa hh:mm", "mm/dd/yyyy hh:mm". Times are always 24-hour in the field. */
export function datePlaceholder(kind: DateKind, language: Language, locale = localeOf(language)): string {
  const { order, separator } = dateOrder(locale);
  const date = order.map((part) => LETTERS[language][part]).join(separator);
  return kind === 'date' ? date : `${date} hh:mm`;
}

/** The field's value ("2026-11-25T16:05") as the app's language writes it ("25/11/2026 16:05"); "" stays "". */
export function formatDateInput(value: string, kind: DateKind, language: Language, locale = localeOf(language)): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
  if (match === null) return value;
  const [, year, month, day, hour, minute] = match;
  const { order, separator } = dateOrder(locale);
  const values: Record<Part, string> = { day: day!, month: month!, year: year! };
  const date = order.map((part) => values[part]).join(separator);
  return kind === 'date' ? date : `${date} ${hour ?? '00'}:${minute ?? '00'}`;
}

/**
 * What the person typed, as the field's value: "" when empty, undefined when it is no real date (or
 * time). Any of `/ . -` between the date's parts; a two-digit year is this century's; a time may carry
 * am/pm. The machine form (`2026-11-25T16:05`) is taken as well.
 */
export function parseDateInput(text: string, kind: DateKind, language: Language, locale = localeOf(language)): string | undefined {
  const typed = text.trim();
  if (typed === '') return '';
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T\s]+(\d{1,2}):(\d{2}))?$/.exec(typed);
  let year: number, month: number, day: number, timeText: string;
  if (iso !== null) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    timeText = iso[4] === undefined ? '' : `${iso[4]}:${iso[5]}`;
  } else {
    const local = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})(?:,?\s+(.+))?$/.exec(typed);
    if (local === null) return undefined;
    const { order } = dateOrder(locale);
    const values = Object.fromEntries(order.map((part, index) => [part, Number(local[index + 1])])) as Record<Part, number>;
    year = values.year < 100 ? 2000 + values.year : values.year;
    [month, day] = [values.month, values.day];
    timeText = local[4] ?? '';
  }
  const when = new Date(year, month - 1, day);
  if (year < 1000 || when.getFullYear() !== year || when.getMonth() !== month - 1 || when.getDate() !== day) return undefined;
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  if (kind === 'date') return timeText === '' ? date : undefined;
  if (timeText === '') return `${date}T00:00`;
  const time = /^(\d{1,2}):(\d{2})\s*([ap])?\.?\s*m?\.?$/i.exec(timeText);
  if (time === null) return undefined;
  let hour = Number(time[1]);
  const minute = Number(time[2]);
  const half = time[3]?.toLowerCase();
  if (half !== undefined) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (half === 'p' ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return undefined;
  return `${date}T${pad(hour)}:${pad(minute)}`;
}
