import type { StartupNotice } from '../ipc/channels/app';
import { failureText } from './failures';
import { textOf, type Language, type TextTable } from './text';

export type StartupNoticeKey = 'title' | 'keptAs' | 'dismiss';

/** The frame around a startup notice; the notice's own sentence is its code's in FAILURES. */
export const STARTUP_NOTICE_TEXTS: TextTable<StartupNoticeKey> = {
  title: { en: 'Counter found something at start', es: 'Counter encontró algo al iniciar' },
  keptAs: { en: 'Kept as: {path}', es: 'Conservado en: {path}' },
  dismiss: { en: 'Dismiss', es: 'Cerrar aviso' },
};

/**
 * A startup notice in the reader's language, written afresh from its code and values: main found it
 * before anyone chose a language, and the cashier may switch it since (otherwise the notices
 * stayed in English).
 */
export function startupNoticeText(notice: StartupNotice, language: Language): { message: string; keptAs: string | undefined } {
  return {
    message: failureText(notice.code, language, notice.values ?? {}),
    keptAs: notice.backupPath === null ? undefined : textOf(STARTUP_NOTICE_TEXTS, 'keptAs', language, { path: notice.backupPath }),
  };
}
