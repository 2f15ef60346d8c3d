import { createContext, useContext, type ReactNode } from 'react';
import type { Language } from '../../../shared/ipc/channels/app';
import { messages, type MessageKey } from './messages';

const LanguageContext = createContext<Language>('en');

export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): Language {
  return useContext(LanguageContext);
}

export function useT(): (key: MessageKey) => string {
  const language = useContext(LanguageContext);
  return (key) => messages[language][key];
}

/** A feature's own dictionary (English and Spanish), so each screen keeps its words beside its code. */
export type FeatureMessages<Key extends string> = Record<Language, Record<Key, string>>;

export function useFeatureT<Key extends string>(dictionary: FeatureMessages<Key>): (key: Key) => string {
  const language = useContext(LanguageContext);
  return (key) => dictionary[language][key];
}
