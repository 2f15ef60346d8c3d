import { DEFAULT_SETTINGS, Settings, type SettingsPatch } from '../../../shared/ipc/channels/app';

/**
 * The Store port: a small typed key-value document. electron-store backs it in the app,
 * `conf` (the library electron-store is built on) in Node tests and the browser host.
 */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export function createMemoryStore(initial: Record<string, unknown> = {}): KeyValueStore {
  const data = new Map(Object.entries(structuredClone(initial)));
  return {
    get: (key) => structuredClone(data.get(key)),
    set: (key, value) => void data.set(key, structuredClone(value)),
    delete: (key) => void data.delete(key),
  };
}

export interface SettingsRepository {
  get(): Settings;
  update(patch: SettingsPatch): Settings;
}

/**
 * Read from the store once and kept: conf reads and parses its file on every access, and the settings
 * are read on every print event (the language of its messages). Counter is the file's only writer.
 */
export function createSettingsRepository(store: KeyValueStore): SettingsRepository {
  const read = (): Settings => {
    // A settings file edited by hand or written by an older version falls back field by field, never crashes the app.
    const parsed = Settings.safeParse({ ...DEFAULT_SETTINGS, ...(store.get('settings') as object | undefined) });
    return freeze(parsed.success ? parsed.data : DEFAULT_SETTINGS);
  };
  let current = read();
  return {
    get: () => current,
    update(patch) {
      const next = Settings.parse({
        ...current,
        ...patch,
        production: { ...current.production, ...patch.production },
      });
      store.set('settings', next);
      current = freeze(next);
      return current;
    },
  };
}

/** Shared by every reader, so nobody may change it in place. */
function freeze(settings: Settings): Settings {
  Object.freeze(settings.production);
  return Object.freeze(settings);
}
