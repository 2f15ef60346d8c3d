import { join } from 'node:path';
import Conf from 'conf';
import { openSettingsFile, type OpenedSettings } from './recovery';
import type { KeyValueStore } from './store';

/** The Node side of the Store port: the same `conf` library electron-store uses, in a folder of our choosing. */
export function createConfStore(directory: string, name = 'settings'): KeyValueStore {
  const conf = new Conf<Record<string, unknown>>({ cwd: directory, configName: name, projectName: 'counter', clearInvalidConfig: false });
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
