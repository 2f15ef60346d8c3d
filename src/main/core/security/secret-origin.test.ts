import { describe, expect, it } from 'vitest';
import { sameSecretOrigin } from './secret-origin';

describe('the origin a secret is given for', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com/v2/'],
    ['https://api.example.com', 'https://API.example.com:443'],
    ['postgres://counter@db.lan/store', 'postgresql://counter@DB.lan:5432/store?sslmode=verify-full&sslrootcert=/etc/ca.pem'],
  ])('is kept from %s to %s', (before, after) => {
    expect(sameSecretOrigin(before, after)).toBe(true);
  });

  it.each([
    ['https://api.example.com', 'http://api.example.com'],
    ['https://api.example.com', 'https://api.example.com.evil.test'],
    ['https://api.example.com', 'https://api.example.com:8443'],
    ['postgres://counter@db.lan/store', 'postgres://counter@other.lan/store'],
    ['postgres://counter@db.lan/store', 'postgres://counter@db.lan:6432/store'],
    ['postgres://counter@db.lan/store', 'postgres://manager@db.lan/store'],
    ['postgres://counter@db.lan/store', 'postgres://counter@db.lan/other'],
    ['postgres://counter@db.lan/store', 'postgres://counter@db.lan/store?host=evil.test'],
    ['postgres://counter@db.lan/store', 'postgres://counter@db.lan/store?user=postgres'],
    ['postgres://counter@db.lan/store', 'postgres://counter@db.lan/store?port=6432'],
  ])('moves from %s to %s', (before, after) => {
    expect(sameSecretOrigin(before, after)).toBe(false);
  });
});
