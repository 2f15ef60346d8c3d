import { describe, expect, it } from 'vitest';
import { sameHex, tokenDateStamp } from './service';
import { CLIENT_CREDENTIALS_TOKENS_PER_CLIENT, OAuthStore, type AccessRecord } from './store';

function record(token: string, clientId = '4815162342', grantType: AccessRecord['grantType'] = 'client_credentials'): AccessRecord {
  return { token, clientId, userId: 1001, scopes: ['read'], liveMode: true, grantType, issuedAt: 0, expiresAt: 1 };
}

describe('client_credentials tokens kept per application', () => {
  it('forgets the oldest once the cap is passed, one per new token, and keeps the newest', () => {
    const store = new OAuthStore();
    for (let index = 0; index < CLIENT_CREDENTIALS_TOKENS_PER_CLIENT + 2; index++) store.addAccessToken(record(`T${index}`));
    expect(store.accessTokens.has('T0')).toBe(false);
    expect(store.accessTokens.has('T1')).toBe(false);
    expect(store.accessTokens.has('T2')).toBe(true);
    expect(store.accessTokens.has(`T${CLIENT_CREDENTIALS_TOKENS_PER_CLIENT + 1}`)).toBe(true);
    expect(store.accessTokens.size).toBe(CLIENT_CREDENTIALS_TOKENS_PER_CLIENT);
  });

  it('counts each application on its own, and never forgets a user token for it', () => {
    const store = new OAuthStore();
    store.addAccessToken(record('USER', '4815162342', 'authorization_code'));
    store.addAccessToken(record('OTHER-APP', '999'));
    for (let index = 0; index < CLIENT_CREDENTIALS_TOKENS_PER_CLIENT + 5; index++) store.addAccessToken(record(`T${index}`));
    expect(store.accessTokens.has('USER')).toBe(true);
    expect(store.accessTokens.has('OTHER-APP')).toBe(true);
  });

  it('a revoked token stays revoked while the ring goes round, and the others stay until their turn', () => {
    const store = new OAuthStore();
    for (let index = 0; index < CLIENT_CREDENTIALS_TOKENS_PER_CLIENT; index++) store.addAccessToken(record(`T${index}`));
    store.deleteAccessToken('T0');
    store.addAccessToken(record('NEW'));
    expect(store.accessTokens.has('T0')).toBe(false);
    expect(store.accessTokens.has('T1')).toBe(true);
    expect(store.accessTokens.has('NEW')).toBe(true);
  });

  it('after a save and a load, the oldest saved token is the first forgotten', () => {
    const store = new OAuthStore();
    for (let index = 0; index < CLIENT_CREDENTIALS_TOKENS_PER_CLIENT; index++) store.addAccessToken(record(`T${index}`));
    const loaded = new OAuthStore();
    loaded.load(store.save());
    loaded.addAccessToken(record('NEW'));
    expect(loaded.accessTokens.has('T0')).toBe(false);
    expect(loaded.accessTokens.has('T1')).toBe(true);
  });
});

describe('sameHex', () => {
  it('is true only for the same digits', () => {
    expect(sameHex('ab12', 'ab12')).toBe(true);
    expect(sameHex('ab12', 'ab13')).toBe(false);
    expect(sameHex('ab12', 'bb12')).toBe(false);
    expect(sameHex('ab12', 'ab1')).toBe(false);
  });
});

describe('tokenDateStamp', () => {
  it('follows the clock across hours, days and back in time (MMddHH, UTC)', () => {
    expect(tokenDateStamp(Date.UTC(2026, 0, 15, 12, 59, 59))).toBe('011512');
    expect(tokenDateStamp(Date.UTC(2026, 0, 15, 13, 0, 0))).toBe('011513');
    expect(tokenDateStamp(Date.UTC(2026, 11, 31, 23, 30))).toBe('123123');
    expect(tokenDateStamp(Date.UTC(2026, 0, 15, 12, 0, 0))).toBe('011512');
  });
});
