import Conf from 'conf';
import type { KeyValueStore } from './store';

/** The Node side of the Store port: the same `conf` library electron-store uses, in a folder of our choosing. */
export function createConfStore(directory: string, name = 'settings'): KeyValueStore {
  const conf = new Conf<Record<string, unknown>>({ cwd: directory, configName: name, projectName: 'counter' });
  return {
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    delete: (key) => conf.delete(key),
  };
}
