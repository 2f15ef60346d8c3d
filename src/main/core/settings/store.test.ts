import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/channels/app';
import { createConfStore, openConfStore } from './conf-store';
import { createMemoryStore, createSettingsRepository, type KeyValueStore } from './store';

describe('settings through the Store port', () => {
  it('keeps a change across a restart of the app (a new store on the same folder)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'counter-settings-'));
    createSettingsRepository(createConfStore(folder)).update({ language: 'es', selectedTerminalId: 'NEWLAND_N950__SBX0000001' });
    const reopened = createSettingsRepository(createConfStore(folder)).get();
    expect(reopened).toMatchObject({ language: 'es', selectedTerminalId: 'NEWLAND_N950__SBX0000001', environment: 'sandbox' });
  });

  it('keeps every valid field when others are invalid, field by field', () => {
    const folder = mkdtempSync(join(tmpdir(), 'counter-settings-'));
    const stored = {
      language: 'tlh',
      environment: 42,
      selectedTerminalId: 'NEWLAND_N950__SBX0000001',
      industry: 'retail',
      production: { baseUrl: 'not a url', clientId: '123' },
    };
    writeFileSync(join(folder, 'settings.json'), JSON.stringify({ settings: stored }));
    expect(createSettingsRepository(createConfStore(folder)).get()).toEqual({
      ...DEFAULT_SETTINGS,
      selectedTerminalId: 'NEWLAND_N950__SBX0000001',
      production: { ...DEFAULT_SETTINGS.production, clientId: '123' },
    });
  });

  it('sets a file with invalid fields aside, writes back the kept ones and reports which went back to defaults', () => {
    const folder = mkdtempSync(join(tmpdir(), 'counter-settings-'));
    const original = JSON.stringify({ settings: { language: 'tlh', selectedTerminalId: 'NEWLAND_N950__SBX0000001' }, templates: [{ name: 'Venta' }] });
    writeFileSync(join(folder, 'settings.json'), original);
    const opened = openConfStore(folder, 'settings', () => new Date(Date.UTC(2026, 10, 23, 21, 13, 5, 123)));
    const backupPath = join(folder, 'settings.json.invalid-2026-11-23T21-13-05-123Z');
    expect(opened.notices).toEqual([
      { code: 'settings_fields_reset', message: expect.stringContaining('language'), values: { fields: 'language' }, backupPath, fields: ['language'] },
    ]);
    expect(readFileSync(backupPath, 'utf8')).toBe(original);
    expect(opened.store.get('templates')).toEqual([{ name: 'Venta' }]);

    const reopened = openConfStore(folder);
    expect(reopened.notices).toEqual([]);
    expect(createSettingsRepository(reopened.store).get()).toMatchObject({ language: 'en', selectedTerminalId: 'NEWLAND_N950__SBX0000001' });
  });

  it('sets a settings file that is not JSON aside and starts afresh instead of stopping the app', () => {
    const folder = mkdtempSync(join(tmpdir(), 'counter-settings-'));
    writeFileSync(join(folder, 'settings.json'), '{"settings": {"language": "es",');
    const opened = openConfStore(folder, 'settings', () => new Date(Date.UTC(2026, 10, 23, 21, 13, 5, 123)));
    expect(opened.notices).toEqual([
      expect.objectContaining({ code: 'settings_unreadable', backupPath: join(folder, 'settings.json.invalid-2026-11-23T21-13-05-123Z') }),
    ]);
    expect(readFileSync(join(folder, 'settings.json.invalid-2026-11-23T21-13-05-123Z'), 'utf8')).toBe('{"settings": {"language": "es",');
    const settings = createSettingsRepository(opened.store);
    expect(settings.get()).toEqual(DEFAULT_SETTINGS);
    settings.update({ language: 'es' });
    expect(createSettingsRepository(openConfStore(folder).store).get().language).toBe('es');
  });

  it('reports nothing and sets nothing aside for a good file, a missing one, or fields a newer version added', () => {
    const folder = mkdtempSync(join(tmpdir(), 'counter-settings-'));
    expect(openConfStore(folder).notices).toEqual([]);
    writeFileSync(join(folder, 'settings.json'), JSON.stringify({ settings: { language: 'es', theme: 'dark' } }));
    expect(openConfStore(folder).notices).toEqual([]);
    expect(readdirSync(folder)).toEqual(['settings.json']);
  });

  it('merges a partial production change without losing the other production fields', () => {
    const folder = mkdtempSync(join(tmpdir(), 'counter-settings-'));
    const settings = createSettingsRepository(createConfStore(folder));
    settings.update({ production: { clientId: '123' } });
    expect(settings.get().production).toEqual({ ...DEFAULT_SETTINGS.production, clientId: '123' });
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

describe('the settings file on disk', () => {
  const modeOf = (path: string) => statSync(path).mode & 0o777;

  it('is readable by its owner only (0600) in an owner-only folder (0700), where plaintext secrets may be', () => {
    const parent = mkdtempSync(join(tmpdir(), 'counter-settings-'));
    const folder = join(parent, 'data');
    const store = createConfStore(folder);
    store.set('credentials.production.clientSecret', { scheme: 'plaintext', data: 'secret' });
    expect(modeOf(folder)).toBe(0o700);
    expect(modeOf(join(folder, 'settings.json'))).toBe(0o600);
  });

  it('narrows a folder and a file an older version left open to everyone', () => {
    const folder = mkdtempSync(join(tmpdir(), 'counter-settings-'));
    chmodSync(folder, 0o755);
    writeFileSync(join(folder, 'settings.json'), JSON.stringify({ settings: {} }), { mode: 0o644 });
    chmodSync(join(folder, 'settings.json'), 0o644);
    createConfStore(folder);
    expect(modeOf(folder)).toBe(0o700);
    expect(modeOf(join(folder, 'settings.json'))).toBe(0o600);
  });
});
