import Store from 'electron-store';
import type { KeyValueStore } from '../core/settings/store';

/** The app's side of the Store port: electron-store in the user's data folder. */
export function createElectronStore(name = 'settings'): KeyValueStore {
  const store = new Store<Record<string, unknown>>({ name, clearInvalidConfig: false });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}
