import { describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '../../shared/clock';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../../shared/platform/oauth';
import { DEFAULT_SEED, SeedData } from '../accounts';
import type { SandboxContext } from '../context';
import { SandboxError } from '../errors';
import { OAuthService } from './service';
import { CLIENT_CREDENTIALS_TOKENS_PER_CLIENT } from './store';

/**
 * authenticate() answers a header it has just accepted again without reading it: these are the ways a
 * token stops working, each tried right after the same header was accepted, so the kept answer would
 * show if it outlived them.
 */

function setUp(): { service: OAuthService; clock: ManualClock; mint: () => string } {
  const seed = SeedData.parse(DEFAULT_SEED);
  const clock = createManualClock();
  const context: SandboxContext = {
    clock,
    seed,
    authenticate: () => {
      throw new Error('not used');
    },
    registerSlice: () => undefined,
    baseUrlFor: () => 'http://127.0.0.1',
    allowRemoteNotifications: false,
  };
  const service = new OAuthService(context, null);
  const application = seed.applications[0];
  if (application === undefined) throw new Error('the seed has no application');
  const mint = (): string =>
    service.token({ grant_type: 'client_credentials', client_id: application.client_id, client_secret: application.client_secret }).access_token;
  return { service, clock, mint };
}

/** A header as a request brings it: a string of its own, not the one accepted before. */
const bearer = (token: string): string => ['Bearer', token].join(' ');

function refusal(service: OAuthService, header: string): string {
  try {
    service.authenticate(header);
  } catch (error) {
    if (error instanceof SandboxError && error.status === 401) return error.message;
    throw error;
  }
  throw new Error('accepted');
}

describe('authenticate, asked twice in a row', () => {
  it('answers the same principal for the same header', () => {
    const { service, mint } = setUp();
    const token = mint();
    const first = service.authenticate(bearer(token));
    expect(service.authenticate(bearer(token))).toBe(first);
    expect(first.accessToken).toBe(token);
  });

  it('refuses a token revoked since', () => {
    const { service, mint } = setUp();
    const token = mint();
    service.authenticate(bearer(token));
    expect(service.revokeToken(token)).toBe('access_token');
    expect(refusal(service, bearer(token))).toBe('Invalid access token: unknown or revoked.');
  });

  it('refuses a token expired since, and forgets it', () => {
    const { service, clock, mint } = setUp();
    const token = mint();
    service.authenticate(bearer(token));
    clock.set(clock.now() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000);
    expect(refusal(service, bearer(token))).toBe('The access token has expired.');
    expect(service.store.accessTokens.has(token)).toBe(false);
  });

  it('refuses a token forgotten since, as the oldest of its application’s client_credentials tokens', () => {
    const { service, mint } = setUp();
    const token = mint();
    service.authenticate(bearer(token));
    for (let count = 0; count < CLIENT_CREDENTIALS_TOKENS_PER_CLIENT; count++) mint();
    expect(refusal(service, bearer(token))).toBe('Invalid access token: unknown or revoked.');
  });

  it('refuses a token cleared since (a reset), and accepts it again once a saved state brings it back', () => {
    const { service, mint } = setUp();
    const token = mint();
    const saved = structuredClone(service.store.save());
    service.authenticate(bearer(token));
    service.store.clear();
    expect(refusal(service, bearer(token))).toBe('Invalid access token: unknown or revoked.');
    service.store.load(saved);
    expect(service.authenticate(bearer(token)).accessToken).toBe(token);
  });

  it('refuses a token loaded away: a saved state without it replaces the one with it', () => {
    const { service, mint } = setUp();
    const saved = structuredClone(service.store.save());
    const token = mint();
    service.authenticate(bearer(token));
    service.store.load(saved);
    expect(refusal(service, bearer(token))).toBe('Invalid access token: unknown or revoked.');
  });

  it('still reads a different header', () => {
    const { service, mint } = setUp();
    const token = mint();
    service.authenticate(bearer(token));
    expect(refusal(service, bearer(`${token}x`))).toBe('Invalid access token: unknown or revoked.');
    expect(refusal(service, `Basic ${token}`)).toBe('Malformed Authorization header: expected "Bearer <ACCESS_TOKEN>".');
  });
});
