import { describe, expect, it } from 'vitest';
import { redactedStoreUrl, storeClient } from './publisher';

describe('store connection', () => {
  it('takes the password from the SecretBox apart from the URL, whatever characters it has', () => {
    const client = storeClient('postgres://counter@db.store.lan:5432/store?sslmode=verify-full', 'p@ss:w/rd%');
    expect(client.password).toBe('p@ss:w/rd%');
    expect(client.user).toBe('counter');
    expect(client.host).toBe('db.store.lan');
  });

  it('never shows a password that was typed into the URL', () => {
    expect(redactedStoreUrl('postgres://counter:secret@db:5432/store')).toBe('postgres://counter:***@db:5432/store');
    expect(redactedStoreUrl('not a url')).toBe('(not a URL)');
  });
});
