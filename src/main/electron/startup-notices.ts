import { dialog, type BrowserWindow } from 'electron';
import type { StartupNotice } from '../../shared/ipc/channels/app';

/** Each startup notice as a warning dialog over the window, one after the other. */
export async function showStartupNotices(window: BrowserWindow, notices: readonly StartupNotice[]): Promise<void> {
  for (const notice of notices) {
    await dialog.showMessageBox(window, {
      type: 'warning',
      title: 'Counter',
      message: notice.message,
      detail: notice.backupPath === null ? '' : `Kept as: ${notice.backupPath}`,
      buttons: ['OK'],
    });
  }
}

/** A start that failed anyway is said in a dialog, not only as a stack on a console nobody sees. */
export function showStartupFailure(error: unknown): void {
  dialog.showErrorBox('Counter could not start', error instanceof Error ? error.message : String(error));
}
