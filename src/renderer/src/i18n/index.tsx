import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';
import type { Language } from '../../../shared/ipc/channels/app';
import { setBridgeLanguage } from '../api/bridge';
import { lookUp, type CommonKey, type FeatureMessages } from './common';
import { messages, type MessageKey } from './messages';

/*
 * How the renderer's words are kept:
 * - src/shared/i18n is the one catalogue main and the renderer share: the common terms (print
 *   statuses and subtypes, screen names, cancel…), the failure codes' explanations, and the receipt
 *   and DTE checkers' problems. Nothing there is translated again here.
 * - Each screen keeps its own sentences in a slice beside its code (features/x/messages.ts,
 *   components/x/messages.ts, i18n/messages.ts for the shell), English and Spanish side by side.
 * - A slice's `t` (useFeatureT) also knows the common terms under fixed keys (`printStatus.queued`,
 *   `subtype.custom`, `screen.settings`, `term.close`), so a screen asks for a status the same way it
 *   asks for its own words; messages.test.ts checks every slice for both languages and no overlap.
 */

export { fillMessage } from '../../../shared/i18n/text';
export type { CommonKey, FeatureMessages } from './common';

const LanguageContext = createContext<Language>('en');

/** Before the settings are known (or when Counter cannot be reached), the browser's language decides. */
export function browserLanguage(): Language {
  return navigator.language.toLowerCase().startsWith('es') ? 'es' : 'en';
}

export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  useLayoutEffect(() => {
    // Screen readers pick their voice (and spell checkers their dictionary) from the page's language.
    document.documentElement.lang = language;
    // The bridge writes its own failures (Counter unreachable) in the language the screen shows.
    setBridgeLanguage(language);
  }, [language]);
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): Language {
  return useContext(LanguageContext);
}

/** The shell's words (navigation, screen titles, status bar) and the common terms. */
export function useT(): (key: MessageKey | CommonKey) => string {
  const language = useContext(LanguageContext);
  return (key) => lookUp(messages, language, key);
}

export function useFeatureT<Key extends string>(dictionary: FeatureMessages<Key>): (key: Key | CommonKey) => string {
  const language = useContext(LanguageContext);
  return (key) => lookUp(dictionary, language, key);
}
