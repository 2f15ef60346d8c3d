import type { Language } from '../../../shared/ipc/channels/app';
import type { PrintStatus } from '../../../shared/ipc/channels/prints';
import type { PrintSubtype } from '../../../shared/platform/terminal-actions';
import { COMMON_TERMS, PRINT_STATUSES, PRINT_SUBTYPES, SCREEN_NAMES, type CommonTerm, type ScreenName, type TextTable } from '../../../shared/i18n';

/** A feature's own dictionary (English and Spanish), so each screen keeps its words beside its code. */
export type FeatureMessages<Key extends string> = Record<Language, Record<Key, string>>;

/** The shared catalogue's common terms as keys every screen's `t` knows (src/shared/i18n/terms.ts). */
export type CommonKey = `printStatus.${PrintStatus | 'unknown'}` | `subtype.${PrintSubtype | 'unknown'}` | `screen.${ScreenName}` | `term.${CommonTerm}`;

const COMMON_TABLES: readonly (readonly [prefix: string, table: TextTable])[] = [
  ['printStatus', PRINT_STATUSES],
  ['subtype', PRINT_SUBTYPES],
  ['screen', SCREEN_NAMES],
  ['term', COMMON_TERMS],
];

function commonIn(language: Language): Record<CommonKey, string> {
  const entries = COMMON_TABLES.flatMap(([prefix, table]) => Object.entries(table).map(([key, text]) => [`${prefix}.${key}`, text[language]] as const));
  return Object.fromEntries(entries) as Record<CommonKey, string>;
}

export const COMMON_MESSAGES: FeatureMessages<CommonKey> = { en: commonIn('en'), es: commonIn('es') };

export function isCommonKey(key: string): key is CommonKey {
  return Object.hasOwn(COMMON_MESSAGES.en, key);
}

/** A word of a feature's slice, or a common term when the key is one; the slices never define common keys (messages.test.ts). */
export function lookUp<Key extends string>(dictionary: FeatureMessages<Key>, language: Language, key: Key | CommonKey): string {
  return isCommonKey(key) ? COMMON_MESSAGES[language][key] : dictionary[language][key];
}
