import { join } from 'node:path';
import { app } from 'electron';
import Store from 'electron-store';
import { openSettingsFile, type OpenedSettings } from '../core/settings/recovery';
import { makePrivateFile, makePrivateFolder, PRIVATE_FILE_MODE } from '../core/settings/private-files';
import type { KeyValueStore } from '../core/settings/store';

/** The app's side of the Store port: electron-store in the user's data folder. */
export function createElectronStore(name = 'settings'): KeyValueStore {
  makePrivateFolder(app.getPath('userData'));
  makePrivateFile(join(app.getPath('userData'), `${name}.json`));
  const store = new Store<Record<string, unknown>>({ name, clearInvalidConfig: false, configFileMode: PRIVATE_FILE_MODE });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}

/** The settings file in userData, set aside and reported rather than fatal when it cannot be read. Call after `ready`. */
export function openElectronStore(name = 'settings'): OpenedSettings {
  return openSettingsFile(join(app.getPath('userData'), `${name}.json`), () => createElectronStore(name));
}
