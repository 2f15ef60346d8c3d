import type { Language } from '../ipc/channels/app';

export type { Language };

/**
 * One piece of cashier text in every language Counter speaks. A record keyed by Language, so adding a
 * language to the settings' enum makes every table that lacks it a type error (catalogue.test.ts also
 * fails on an empty string, which the type cannot rule out).
 */
export type Text = Readonly<Record<Language, string>>;

/** A table of texts by key: the shape of every part of the catalogue. */
export type TextTable<Key extends string = string> = Readonly<Record<Key, Text>>;

/** Values for a text's `{name}` slots. */
export type TextParams = Readonly<Record<string, string | number>>;

/** A text chosen by a module that cannot know the reader's language: a key of a table and its values. */
export interface TextRef<Key extends string = string> {
  readonly key: Key;
  readonly params: TextParams;
}

const EVERY_LANGUAGE: Readonly<Record<Language, true>> = { en: true, es: true };
export const LANGUAGES = Object.keys(EVERY_LANGUAGE) as readonly Language[];

/**
 * Puts values into a text's `{name}` slots; a slot without a value is left as written, so the receipt
 * language's own tags (`{b}`, `{br}`…) can appear in a text as long as no value is named like one.
 * Single pass: a value is never scanned for slots itself.
 */
export function fillMessage(template: string, values: TextParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) => {
    const value = values[name];
    return value === undefined ? slot : String(value);
  });
}

/** A text of a table in one language, its slots filled. */
export function textOf<Key extends string>(table: TextTable<Key>, key: Key, language: Language, params?: TextParams): string {
  return fillMessage(table[key][language], params);
}
