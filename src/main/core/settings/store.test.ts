import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/channels/app';
import { createConfStore } from './conf-store';
import { createMemoryStore, createSettingsRepository, type KeyValueStore } from './store';

describe('settings through the Store port', () => {
  it('keeps a change across a restart of the app (a new store on the same folder)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'counter-settings-'));
    createSettingsRepository(createConfStore(folder)).update({ language: 'es', selectedTerminalId: 'NEWLAND_N950__SBX0000001' });
    const reopened = createSettingsRepository(createConfStore(folder)).get();
    expect(reopened).toMatchObject({ language: 'es', selectedTerminalId: 'NEWLAND_N950__SBX0000001', environment: 'sandbox' });
  });

  it('starts from the defaults when the settings file holds values it does not understand', () => {
    const folder = mkdtempSync(join(tmpdir(), 'counter-settings-'));
    writeFileSync(join(folder, 'settings.json'), JSON.stringify({ settings: { language: 'tlh', environment: 42 } }));
    expect(createSettingsRepository(createConfStore(folder)).get()).toEqual(DEFAULT_SETTINGS);
  });

  it('merges a partial production change without losing the other production fields', () => {
    const folder = mkdtempSync(join(tmpdir(), 'counter-settings-'));
    const settings = createSettingsRepository(createConfStore(folder));
    settings.update({ production: { clientId: '123' } });
    expect(settings.get().production).toEqual({ baseUrl: DEFAULT_SETTINGS.production.baseUrl, clientId: '123' });
  });

  it('reads the file once and answers later reads from memory, shared and unchangeable', () => {
    const memory = createMemoryStore({ settings: { language: 'es' } });
    let reads = 0;
    const counting: KeyValueStore = { ...memory, get: (key) => (reads++, memory.get(key)) };
    const settings = createSettingsRepository(counting);
    for (let index = 0; index < 100; index++) expect(settings.get().language).toBe('es');
    settings.update({ language: 'en' });
    expect(settings.get().language).toBe('en');
    expect(reads).toBe(1);
    expect(() => {
      (settings.get() as { language: string }).language = 'es';
    }).toThrow(TypeError);
    expect(settings.get().language).toBe('en');
  });
});
