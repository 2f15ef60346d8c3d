import { failureText } from '../../../shared/i18n/failures';
import { copyFileSync, existsSync, renameSync } from 'node:fs';
import { makePrivateFile } from './private-files';
import type { StartupNotice } from '../../../shared/ipc/channels/app';
import { readSettingsLeniently, type KeyValueStore } from './store';

/**
 * Opening the settings file without ever stopping the app on it (docs/decisions.md, App): a file that
 * is not JSON is set aside and a fresh one started; a file whose settings have invalid fields keeps
 * every valid one. Either way the file as it was is kept beside it as `settings.json.invalid-<time>`,
 * and a startup notice tells the shell what to say.
 */
export interface OpenedSettings {
  store: KeyValueStore;
  notices: StartupNotice[];
}

/** `2026-11-23T21-13-05-123Z`: sortable, and valid in a file name on every system (no colons). */
function stamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, '-');
}

export function backupPathFor(filePath: string, now: Date): string {
  return `${filePath}.invalid-${stamp(now)}`;
}

function isUnreadableFile(error: unknown): boolean {
  // conf and electron-store rethrow JSON.parse's SyntaxError (clearInvalidConfig: false).
  return error instanceof SyntaxError;
}

/**
 * `open` builds the store on `filePath` (conf or electron-store); it throws when the file is not JSON.
 * Anything else that goes wrong (no permission, a full disk) is not ours to hide and is thrown.
 */
export function openSettingsFile(filePath: string, open: () => KeyValueStore, now: () => Date = () => new Date()): OpenedSettings {
  const notices: StartupNotice[] = [];
  let store: KeyValueStore;
  try {
    store = open();
  } catch (error) {
    if (!isUnreadableFile(error) || !existsSync(filePath)) throw error;
    const backupPath = backupPathFor(filePath, now());
    renameSync(filePath, backupPath);
    makePrivateFile(backupPath);
    store = open();
    notices.push({
      code: 'settings_unreadable',
      message: failureText('settings_unreadable', 'en'),
      backupPath,
      fields: [],
    });
  }
  const { settings, invalidFields } = readSettingsLeniently(store.get('settings'));
  if (invalidFields.length > 0) {
    const backupPath = existsSync(filePath) ? backupPathFor(filePath, now()) : null;
    if (backupPath !== null) {
      copyFileSync(filePath, backupPath);
      // The copy holds what the file held, secrets included.
      makePrivateFile(backupPath);
    }
    // Written back repaired, so the next start does not report the same fields again.
    store.set('settings', settings);
    notices.push({
      code: 'settings_fields_reset',
      message: failureText('settings_fields_reset', 'en', { fields: invalidFields.join(', ') }),
      values: { fields: invalidFields.join(', ') },
      backupPath,
      fields: invalidFields,
    });
  }
  return { store, notices };
}
