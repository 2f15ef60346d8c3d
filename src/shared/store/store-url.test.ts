import { describe, expect, it } from 'vitest';
import { storeTransport, withDefaultTls } from './store-url';

describe('how a store address reaches its server', () => {
  it('checks the certificate and the name of any other host by default', () => {
    expect(withDefaultTls('postgres://counter@db.store.lan/store')).toBe('postgres://counter@db.store.lan/store?sslmode=verify-full');
    expect(storeTransport('postgres://counter@db.store.lan/store')).toBe('verified');
  });

  it('leaves this computer, and an explicit choice, as written', () => {
    for (const local of [
      'postgres://counter@127.0.0.1:5432/store',
      'postgres://counter@localhost/store',
      'postgres://counter@[::1]/store',
      'postgres://counter@sock/store?host=/var/run/postgresql',
    ]) {
      expect(withDefaultTls(local)).toBe(local);
      expect(storeTransport(local)).toBe('loopback');
    }
    const plain = 'postgres://counter@db.store.lan/store?sslmode=disable';
    expect(withDefaultTls(plain)).toBe(plain);
    expect(storeTransport(plain)).toBe('plaintext');
    expect(storeTransport('postgres://counter@db.store.lan/store?sslmode=no-verify')).toBe('unverified');
  });
});
