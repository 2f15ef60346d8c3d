import type { z } from 'zod';
import { DEFAULT_SETTINGS, Settings, type SettingsPatch, type TerminalNames } from '../../../shared/ipc/channels/app';

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

export interface LenientSettings {
  settings: Settings;
  /** Dotted names of the stored fields that were present but invalid, and so fell back to their defaults. */
  invalidFields: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Settings as stored, read field by field: a field edited by hand or written by another version falls
 * back to its default alone, and every valid field is kept (docs/decisions.md, App). A missing field is
 * not invalid (a newer version adds fields); an unknown one is ignored.
 */
export function readSettingsLeniently(stored: unknown): LenientSettings {
  const invalidFields: string[] = [];
  if (stored !== undefined && !isRecord(stored)) return { settings: DEFAULT_SETTINGS, invalidFields: ['settings'] };
  const raw = stored ?? {};
  const field = <T>(name: string, schema: z.ZodType<T>, value: unknown, fallback: T): T => {
    if (value === undefined) return fallback;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    invalidFields.push(name);
    return fallback;
  };
  const shape = Settings.shape;
  const production = raw['production'];
  const productionRaw = isRecord(production) ? production : {};
  if (production !== undefined && !isRecord(production)) invalidFields.push('production');
  const settings: Settings = {
    language: field('language', shape.language, raw['language'], DEFAULT_SETTINGS.language),
    environment: field('environment', shape.environment, raw['environment'], DEFAULT_SETTINGS.environment),
    production: {
      baseUrl: field('production.baseUrl', shape.production.shape.baseUrl, productionRaw['baseUrl'], DEFAULT_SETTINGS.production.baseUrl),
      clientId: field('production.clientId', shape.production.shape.clientId, productionRaw['clientId'], DEFAULT_SETTINGS.production.clientId),
      redirectUri: field('production.redirectUri', shape.production.shape.redirectUri, productionRaw['redirectUri'], DEFAULT_SETTINGS.production.redirectUri),
    },
    selectedTerminalId: field('selectedTerminalId', shape.selectedTerminalId, raw['selectedTerminalId'], DEFAULT_SETTINGS.selectedTerminalId),
    industry: field('industry', shape.industry, raw['industry'], DEFAULT_SETTINGS.industry),
    storeDatabase: readStoreDatabase(raw['storeDatabase'], field, invalidFields),
    terminalNames: field('terminalNames', shape.terminalNames, raw['terminalNames'], DEFAULT_SETTINGS.terminalNames),
    setupTestPrint: field('setupTestPrint', shape.setupTestPrint, raw['setupTestPrint'], DEFAULT_SETTINGS.setupTestPrint),
  };
  return { settings, invalidFields };
}

type FieldReader = <T>(name: string, schema: z.ZodType<T>, value: unknown, fallback: T) => T;

/** The store database block, field by field like the rest (a hand-edited URL keeps the names). */
function readStoreDatabase(stored: unknown, field: FieldReader, invalidFields: string[]): Settings['storeDatabase'] {
  const fallback = DEFAULT_SETTINGS.storeDatabase;
  if (stored === undefined) return fallback;
  if (!isRecord(stored)) {
    invalidFields.push('storeDatabase');
    return fallback;
  }
  const shape = Settings.shape.storeDatabase.shape;
  const read = <K extends keyof typeof shape>(key: K): Settings['storeDatabase'][K] =>
    field(`storeDatabase.${key}`, shape[key] as unknown as z.ZodType<Settings['storeDatabase'][K]>, stored[key], fallback[key]);
  return {
    enabled: read('enabled'),
    url: read('url'),
    storeId: read('storeId'),
    storeName: read('storeName'),
    counterId: read('counterId'),
    counterName: read('counterName'),
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
  let current = freeze(readSettingsLeniently(store.get('settings')).settings);
  return {
    get: () => current,
    update(patch) {
      const next = Settings.parse({
        ...current,
        ...patch,
        production: { ...current.production, ...patch.production },
        storeDatabase: { ...current.storeDatabase, ...patch.storeDatabase },
        terminalNames: mergedNames(current.terminalNames, patch.terminalNames),
      });
      store.set('settings', next);
      current = freeze(next);
      return current;
    },
  };
}

/** A patch's names over the kept ones: a name replaces, an empty one forgets. */
export function mergedNames(current: TerminalNames, patch: SettingsPatch['terminalNames']): TerminalNames {
  if (patch === undefined) return current;
  const next: Record<string, string> = { ...current };
  for (const [terminalId, name] of Object.entries(patch)) {
    if (name === '') delete next[terminalId];
    else next[terminalId] = name;
  }
  return next;
}

/** Shared by every reader, so nobody may change it in place. */
function freeze(settings: Settings): Settings {
  Object.freeze(settings.production);
  Object.freeze(settings.storeDatabase);
  Object.freeze(settings.terminalNames);
  return Object.freeze(settings);
}
