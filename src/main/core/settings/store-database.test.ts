import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SettingsPatch, StoreDatabaseUrl } from '../../../shared/ipc/channels/app';
import { createSecretVault } from '../credentials/vault';
import { createTestSecretBox } from '../../testing/harness';
import { createMemoryStore, createSettingsRepository, readSettingsLeniently } from './store';

describe('the store database settings', () => {
  it('are off by default, and take a postgres address with its TLS options but never with a password', () => {
    expect(DEFAULT_SETTINGS.storeDatabase.enabled).toBe(false);
    expect(StoreDatabaseUrl.safeParse('postgres://counter@db.store.lan:5432/store?sslmode=verify-full&sslrootcert=/etc/ca.pem').success).toBe(true);
    expect(StoreDatabaseUrl.safeParse('').success).toBe(true);
    expect(StoreDatabaseUrl.safeParse('postgres://counter:secret@db/store').success).toBe(false);
    expect(StoreDatabaseUrl.safeParse('mysql://counter@db/store').success).toBe(false);
    expect(StoreDatabaseUrl.safeParse('postgres://counter@db/store?sslmode=sometimes').success).toBe(false);
    expect(SettingsPatch.safeParse({ storeDatabase: { url: 'https://db/store' } }).success).toBe(false);
  });

  it('keep the valid fields of a hand-edited block and change one field without touching the others', () => {
    const read = readSettingsLeniently({ storeDatabase: { enabled: true, url: 'not a url', storeId: 'main', counterName: 'Front' } });
    expect(read.invalidFields).toEqual(['storeDatabase.url']);
    expect(read.settings.storeDatabase).toMatchObject({ enabled: true, url: '', storeId: 'main', counterName: 'Front' });

    const settings = createSettingsRepository(createMemoryStore());
    settings.update({ storeDatabase: { url: 'postgres://counter@db/store', storeId: 'main' } });
    expect(settings.update({ storeDatabase: { enabled: true } }).storeDatabase).toMatchObject({
      enabled: true,
      url: 'postgres://counter@db/store',
      storeId: 'main',
    });
  });

  it('keep the password sealed by the SecretBox, apart from the settings, and forget it on request', () => {
    const store = createMemoryStore();
    // One box: the OS key store of this computer, across restarts of the app.
    const box = createTestSecretBox(true);
    const vault = createSecretVault(store, box);
    vault.writeNamed('storeDatabasePassword', 'p@ss');
    expect(JSON.stringify(store.get('settings') ?? {})).not.toContain('p@ss');
    expect(JSON.stringify(store.get('secrets.storeDatabasePassword'))).not.toContain('p@ss');
    expect(createSecretVault(store, box).readNamed('storeDatabasePassword')).toBe('p@ss');
    vault.writeNamed('storeDatabasePassword', undefined);
    expect(createSecretVault(store, box).readNamed('storeDatabasePassword')).toBeUndefined();
  });
});
