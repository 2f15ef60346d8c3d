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

describe('one rule for every secret given for an address', () => {
  function vaultAt(addresses: { baseUrl: string; storeUrl: string }) {
    const store = createMemoryStore();
    const box = createTestSecretBox(true);
    const vault = createSecretVault(store, box, undefined, {
      'production.clientSecret': () => addresses.baseUrl,
      storeDatabasePassword: () => addresses.storeUrl,
    });
    return { store, vault, box };
  }

  it('forgets the store password when the server, port, user or database changes, and says so', () => {
    for (const moved of [
      'postgres://counter@evil.test/store',
      'postgres://counter@db.lan:6543/store',
      'postgres://root@db.lan/store',
      'postgres://counter@db.lan/x',
    ]) {
      const addresses = { baseUrl: 'https://api.example.com', storeUrl: 'postgres://counter@db.lan/store' };
      const { store, vault } = vaultAt(addresses);
      vault.writeNamed('storeDatabasePassword', 'p@ss');
      addresses.storeUrl = `${addresses.storeUrl}?sslmode=verify-full`;
      expect(vault.readNamed('storeDatabasePassword')).toBe('p@ss');
      addresses.storeUrl = moved;
      expect(vault.readNamed('storeDatabasePassword')).toBeUndefined();
      expect(vault.forgotten('storeDatabasePassword')).toBe(true);
      expect(store.get('secrets.storeDatabasePassword')).toBeUndefined();
      // Moving back does not bring it back: it is gone.
      addresses.storeUrl = 'postgres://counter@db.lan/store';
      expect(vault.readNamed('storeDatabasePassword')).toBeUndefined();
      vault.writeNamed('storeDatabasePassword', 'new');
      expect(vault.forgotten('storeDatabasePassword')).toBe(false);
      expect(vault.readNamed('storeDatabasePassword')).toBe('new');
    }
  });

  it('forgets the platform client secret by the same rule, and keeps it over a new path', () => {
    const addresses = { baseUrl: 'https://api.example.com', storeUrl: '' };
    const { vault } = vaultAt(addresses);
    vault.writeClientSecret('production', 'client-secret');
    addresses.baseUrl = 'https://api.example.com/';
    expect(vault.read('production').clientSecret).toBe('client-secret');
    addresses.baseUrl = 'https://api.example.com:8443';
    expect(vault.read('production').clientSecret).toBeUndefined();
    expect(vault.forgotten('production.clientSecret')).toBe(true);
  });

  it('binds a secret kept by an earlier version, or given before any address, to the address it has next', () => {
    const addresses = { baseUrl: 'https://api.example.com', storeUrl: '' };
    const { store, vault, box } = vaultAt(addresses);
    vault.writeNamed('storeDatabasePassword', 'early');
    addresses.storeUrl = 'postgres://counter@db.lan/store';
    expect(vault.readNamed('storeDatabasePassword')).toBe('early');
    store.delete('secrets.origins');
    const again = createSecretVault(store, box, undefined, { storeDatabasePassword: () => addresses.storeUrl });
    expect(again.readNamed('storeDatabasePassword')).toBe('early');
    addresses.storeUrl = 'postgres://counter@evil.test/store';
    expect(again.readNamed('storeDatabasePassword')).toBeUndefined();
  });
});
