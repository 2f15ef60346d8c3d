import { join } from 'node:path';
import Conf from 'conf';
import { makePrivateFile, makePrivateFolder, PRIVATE_FILE_MODE } from './private-files';
import { openSettingsFile, type OpenedSettings } from './recovery';
import type { KeyValueStore } from './store';

/** The Node side of the Store port: the same `conf` library electron-store uses, in a folder of our choosing. */
export function createConfStore(directory: string, name = 'settings'): KeyValueStore {
  makePrivateFolder(directory);
  makePrivateFile(join(directory, `${name}.json`));
  const conf = new Conf<Record<string, unknown>>({
    cwd: directory,
    configName: name,
    projectName: 'counter',
    clearInvalidConfig: false,
    configFileMode: PRIVATE_FILE_MODE,
  });
  return {
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    delete: (key) => conf.delete(key),
  };
}

/** The browser host's settings file, opened so that a broken file is set aside and reported, not fatal. */
export function openConfStore(directory: string, name = 'settings', now?: () => Date): OpenedSettings {
  return openSettingsFile(join(directory, `${name}.json`), () => createConfStore(directory, name), now);
}
