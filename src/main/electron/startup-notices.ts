import { dialog, type BrowserWindow } from 'electron';
import { startupNoticeText } from '../../shared/i18n/startup-notices';
import type { Language, StartupNotice } from '../../shared/ipc/channels/app';

/** Each startup notice as a warning dialog over the window, one after the other, in the cashier's language. */
export async function showStartupNotices(window: BrowserWindow, notices: readonly StartupNotice[], language: Language): Promise<void> {
  for (const notice of notices) {
    const text = startupNoticeText(notice, language);
    await dialog.showMessageBox(window, {
      type: 'warning',
      title: 'Counter',
      message: text.message,
      detail: text.keptAs ?? '',
      buttons: ['OK'],
    });
  }
}

/** A start that failed anyway is said in a dialog, not only as a stack on a console nobody sees. */
export function showStartupFailure(error: unknown): void {
  dialog.showErrorBox('Counter could not start', error instanceof Error ? error.message : String(error));
}
