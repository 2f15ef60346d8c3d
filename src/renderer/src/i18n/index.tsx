import { createContext, useContext, type ReactNode } from 'react';
import type { Language } from '../../../shared/ipc/channels/app';
import { messages, type MessageKey } from './messages';

const LanguageContext = createContext<Language>('en');

export function LanguageProvider({ language, children }: { language: Language; children: ReactNode }) {
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

export function useT(): (key: MessageKey) => string {
  const language = useContext(LanguageContext);
  return (key) => messages[language][key];
}
