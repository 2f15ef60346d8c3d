import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../../../shared/clock';
import type { TokenRequest, TokenResponse } from '../../../shared/platform/oauth';
import type { PlatformClient } from '../platform/client';
import { PlatformError } from '../platform/errors';
import { createMemoryStore, createSettingsRepository } from '../settings/store';
import { createTestSecretBox } from '../../testing/harness';
import { createApplication } from './application';
import { credentialsStatus } from './status';
import { createTokenKeeper } from './token-keeper';
import { createSecretVault } from './vault';

/** The parts on a fake token endpoint: each request answered by `answer`, counted. */
function setUp(answer: (request: TokenRequest, count: number) => Promise<TokenResponse>) {
  const clock = createManualClock();
  const store = createMemoryStore();
  const settings = createSettingsRepository(store);
  const vault = createSecretVault(store, createTestSecretBox());
  const requests: TokenRequest[] = [];
  const platform = { oauth: { token: (request: TokenRequest) => (requests.push(request), answer(request, requests.length)) } } as unknown as PlatformClient;
  const application = createApplication({ clock, settings, store, vault, sandboxApplication: async () => ({ clientId: 'app', clientSecret: 'secret' }) });
  let settled = 0;
  const keeper = createTokenKeeper({ clock, vault, platform, application, onSettled: () => settled++ });
  const status = () =>
    credentialsStatus({
      now: clock.now(),
      settings: settings.get(),
      vault,
      identity: application.identity('sandbox'),
      authorizationUrl: application.authorizationUrl(),
      lastError: keeper.lastError('sandbox'),
      signInEnvironment: undefined,
    });
  return { clock, keeper, requests, status, settled: () => settled };
}

const token = (accessToken: string): TokenResponse => ({
  access_token: accessToken,
  token_type: 'bearer',
  expires_in: 3_600,
  scope: 'offline_access write',
  user_id: 7,
  live_mode: false,
  public_key: 'APP_USR-public',
});

describe('token keeper', () => {
  it('asks the platform once for everyone who needs a token at the same time, and the status says ready', async () => {
    let release: (value: TokenResponse) => void = () => undefined;
    const { keeper, requests, status, settled } = setUp(() => new Promise((resolve) => (release = resolve)));
    expect(status().state).toBe('idle');
    const waiting = Promise.all([keeper.tokens.current(), keeper.tokens.current(), keeper.tokens.current()]);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    release(token('APP_USR-1'));
    expect(await waiting).toEqual(['APP_USR-1', 'APP_USR-1', 'APP_USR-1']);
    expect(requests).toHaveLength(1);
    expect(settled()).toBe(1);
    expect(status()).toMatchObject({ state: 'ready', token: { type: 'APP_USR', userId: 7, renewable: false } });
  });

  it('renews ahead of expiry, and not before', async () => {
    const { clock, keeper, requests } = setUp(async (_request, count) => token(`APP_USR-${count}`));
    expect(await keeper.tokens.current()).toBe('APP_USR-1');
    await clock.advance(3_600_000 * 0.85);
    expect(await keeper.tokens.current()).toBe('APP_USR-1');
    await clock.advance(3_600_000 * 0.1);
    expect(await keeper.tokens.current()).toBe('APP_USR-2');
    expect(requests).toHaveLength(2);
  });

  it('does not renew again a token obtained after a 401 that is refused moments later: the credentials are refused', async () => {
    const { keeper, requests } = setUp(async (_request, count) => token(`APP_USR-${count}`));
    const first = await keeper.tokens.current();
    const renewed = await keeper.tokens.renew(first);
    expect(renewed).toBe('APP_USR-2');
    await expect(keeper.tokens.renew(renewed)).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(requests).toHaveLength(2);
  });

  it('keeps the failure code for the status until a renewal works', async () => {
    let fail = true;
    const { keeper, status } = setUp(async () => {
      if (fail) throw new PlatformError({ status: 400, code: 'invalid_client', retryable: false });
      return token('APP_USR-ok');
    });
    await expect(keeper.renew('sandbox')).rejects.toMatchObject({ code: 'invalid_client' });
    expect(status()).toMatchObject({ state: 'error', lastError: { code: 'invalid_client' } });
    fail = false;
    await keeper.renew('sandbox');
    expect(status()).toMatchObject({ state: 'ready', lastError: null });
  });
});
