import type { Language } from '../../../../shared/ipc/channels/app';

/**
 * Template placeholders, `{{name}}`, filled when a receipt is printed. Double braces cannot be mistaken
 * for the terminal's own `{tag}`s, and a name Counter does not know is left exactly as typed.
 */
export const PLACEHOLDER_NAMES = ['date', 'time', 'external_reference', 'terminal'] as const;
export type PlaceholderName = (typeof PLACEHOLDER_NAMES)[number];
export type PlaceholderValues = Readonly<Partial<Record<string, string>>>;

const PLACEHOLDER = /\{\{\s*([A-Za-z_]+)\s*\}\}/g;

/** A placeholder that was replaced: where it was typed, and where its value landed. */
interface Replacement {
  readonly sourceStart: number;
  readonly sourceEnd: number;
  readonly filledStart: number;
  readonly filledEnd: number;
}

export interface FilledContent {
  readonly text: string;
  /**
   * Where an offset of the filled text came from in the typed one, so a problem the parser finds in
   * the filled text underlines the right place in the editor. An offset inside a value maps to the
   * placeholder's start (`start`) or end (`end`), so a range covers the whole placeholder.
   */
  toSourceOffset(offset: number, edge: 'start' | 'end'): number;
}

export function fillPlaceholdersMapped(content: string, values: PlaceholderValues): FilledContent {
  const replacements: Replacement[] = [];
  let text = '';
  let copiedUpTo = 0;
  for (const match of content.matchAll(PLACEHOLDER)) {
    const value = values[match[1] ?? ''];
    if (value === undefined) continue;
    text += content.slice(copiedUpTo, match.index);
    const filledStart = text.length;
    text += value;
    copiedUpTo = match.index + match[0].length;
    replacements.push({ sourceStart: match.index, sourceEnd: copiedUpTo, filledStart, filledEnd: text.length });
  }
  text += content.slice(copiedUpTo);
  return {
    text,
    toSourceOffset(offset, edge) {
      let shift = 0;
      for (const replacement of replacements) {
        if (offset <= replacement.filledStart) break;
        if (offset < replacement.filledEnd) return edge === 'start' ? replacement.sourceStart : replacement.sourceEnd;
        shift = replacement.sourceEnd - replacement.filledEnd;
      }
      return offset + shift;
    },
  };
}

/** The content with every known placeholder replaced by its value. */
export function fillPlaceholders(content: string, values: PlaceholderValues): string {
  return fillPlaceholdersMapped(content, values).text;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** Values at a moment, in the cashier's language: dates as a Chilean or an ISO reader expects them. */
export function placeholderValuesAt(
  now: Date,
  language: Language,
  print: { externalReference: string; terminalName: string },
): Record<PlaceholderName, string> {
  const day = twoDigits(now.getDate());
  const month = twoDigits(now.getMonth() + 1);
  const year = String(now.getFullYear());
  return {
    date: language === 'es' ? `${day}/${month}/${year}` : `${year}-${month}-${day}`,
    time: `${twoDigits(now.getHours())}:${twoDigits(now.getMinutes())}`,
    external_reference: print.externalReference,
    terminal: print.terminalName,
  };
}
