import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '../../shared/clock';
import { createSandbox, type Sandbox } from '../app';
import { s256Challenge } from './pkce';
import {
  COUNTER,
  KIOSK,
  LOOPBACK_CALLBACK,
  REPORTS,
  clientCredentials,
  exchangeCode,
  expectError,
  expectTokens,
  listTerminals,
  mintCode,
  postToken,
  postTokenForm,
  userTokens,
} from './testing';

const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'; // RFC 7636 appendix B, 43 characters
const DAY_MS = 24 * 60 * 60 * 1000;

let clock: ManualClock;
let sandbox: Sandbox;
beforeEach(async () => {
  clock = createManualClock(Date.UTC(2026, 0, 15, 12, 0, 0));
  sandbox = await createSandbox({ clock });
});
afterEach(async () => {
  await sandbox.close();
});

async function refresh(refreshToken: string, extra: Record<string, unknown> = {}, credentials = COUNTER) {
  return postToken(sandbox, { grant_type: 'refresh_token', ...credentials, refresh_token: refreshToken, ...extra });
}

describe('token response (spec 2.2)', () => {
  it('client_credentials answers every 2.2 field, the token shaped APP_USR-{app}-{MMddHH}-{hex}-{user}, and no refresh token', async () => {
    const response = await postToken(sandbox, { grant_type: 'client_credentials', ...COUNTER });
    const tokens = expectTokens(response);
    expect(tokens.access_token).toMatch(/^APP_USR-4815162342-011512-[0-9a-f]{32}-1001$/);
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 15_552_000, scope: 'read write', user_id: 1001, live_mode: true });
    expect(tokens.public_key).toMatch(/^APP_USR-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(response.json()).not.toHaveProperty('refresh_token');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('stamps the token with the injected clock, in UTC', async () => {
    clock.set(Date.UTC(2026, 11, 3, 7, 59, 59));
    expect((await clientCredentials(sandbox)).access_token).toMatch(/^APP_USR-4815162342-120307-/);
  });

  it('authorization_code answers a refresh token and the scopes in read, write, offline_access order', async () => {
    const tokens = await userTokens(sandbox);
    expect(tokens.access_token).toMatch(/^APP_USR-4815162342-011512-[0-9a-f]{32}-1001$/);
    expect(tokens.refresh_token).toMatch(/^TG-[0-9a-f]{24}-1001$/);
    expect(tokens).toMatchObject({ scope: 'read write offline_access', user_id: 1001, live_mode: true, expires_in: 15_552_000 });
  });

  it('gives the same public key to the same application and user, a different one in test mode', async () => {
    const first = await clientCredentials(sandbox);
    const second = await clientCredentials(sandbox);
    const test = await clientCredentials(sandbox, { test_token: 'true' });
    expect(second.public_key).toBe(first.public_key);
    expect(test.public_key).toMatch(/^TEST-/);
    expect(test.public_key).not.toBe(first.public_key);
  });
});

describe('client_credentials (spec 2.1)', () => {
  it("acts for the application's owner: the token reaches the owner's terminals", async () => {
    const tokens = await clientCredentials(sandbox);
    const list = await listTerminals(sandbox, tokens.access_token);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ paging: { total: number } }>().paging.total).toBe(4);
  });

  it('accepts application/x-www-form-urlencoded as well as JSON', async () => {
    const response = await postTokenForm(sandbox, `grant_type=client_credentials&client_id=${COUNTER.client_id}&client_secret=${COUNTER.client_secret}`);
    expect(expectTokens(response).user_id).toBe(1001);
  });

  it('narrows to a requested scope, and refuses offline_access (nothing to refresh without a user)', async () => {
    expect((await clientCredentials(sandbox, { scope: 'read' })).scope).toBe('read');
    expectError(await postToken(sandbox, { grant_type: 'client_credentials', ...COUNTER, scope: 'read offline_access' }), 400, 'invalid_scope');
  });

  it('keeps working for the seeded Counter application after many calls (other modules rely on it)', async () => {
    const tokens = [];
    for (let i = 0; i < 20; i++) tokens.push(await clientCredentials(sandbox));
    expect(new Set(tokens.map((token) => token.access_token)).size).toBe(20);
    for (const token of tokens) expect((await listTerminals(sandbox, token.access_token)).statusCode).toBe(200);
  });
});

describe('test_token (spec 2.1, docs/decisions.md)', () => {
  it.each([true, 'true', 'TRUE', 'True'])('test_token=%j gives a TEST token with live_mode false', async (flag) => {
    const tokens = await clientCredentials(sandbox, { test_token: flag });
    expect(tokens.access_token).toMatch(/^TEST-4815162342-011512-[0-9a-f]{32}-1001$/);
    expect(tokens.live_mode).toBe(false);
  });

  it.each([false, 'false', 'FALSE'])('test_token=%j gives a live token', async (flag) => {
    const tokens = await clientCredentials(sandbox, { test_token: flag });
    expect(tokens.access_token).toMatch(/^APP_USR-/);
    expect(tokens.live_mode).toBe(true);
  });

  it.each(['1', 'yes', '', 'on'])('test_token=%j is invalid_request', async (flag) => {
    expectError(await postToken(sandbox, { grant_type: 'client_credentials', ...COUNTER, test_token: flag }), 400, 'invalid_request');
  });

  it('a TEST token authenticates like any other and reports liveMode false', async () => {
    const tokens = await clientCredentials(sandbox, { test_token: true });
    expect((await listTerminals(sandbox, tokens.access_token)).statusCode).toBe(200);
  });
});

describe('authorization_code (spec 2.1, 5.3, 8)', () => {
  it('exchanges a code once: a replay is invalid_grant and revokes what the code produced (RFC 6749 §4.1.2)', async () => {
    const { code, redirectUri } = await mintCode(sandbox);
    const tokens = expectTokens(await exchangeCode(sandbox, code, redirectUri));
    expect((await listTerminals(sandbox, tokens.access_token)).statusCode).toBe(200);

    const replay = expectError(await exchangeCode(sandbox, code, redirectUri), 400, 'invalid_grant');
    expect(replay.message).toMatch(/already been used/);
    expectError(await listTerminals(sandbox, tokens.access_token), 401, 'unauthorized');
    expect(expectError(await refresh(tokens.refresh_token ?? ''), 400, 'invalid_grant').message).toMatch(/revoked/);
  });

  it('a code is valid 10 minutes from generation on the injected clock', async () => {
    const early = await mintCode(sandbox);
    const late = await mintCode(sandbox);
    await clock.advance(10 * 60 * 1000 - 1000);
    expectTokens(await exchangeCode(sandbox, early.code, early.redirectUri));
    await clock.advance(1000);
    expect(expectError(await exchangeCode(sandbox, late.code, late.redirectUri), 400, 'invalid_grant').message).toMatch(/expired/);
  });

  it('redirect_uri must be exactly the one of the authorization request (even another loopback port is a mismatch)', async () => {
    const { code } = await mintCode(sandbox, { redirect_uri: 'http://127.0.0.1:53682/callback' });
    const mismatch = expectError(await exchangeCode(sandbox, code, 'http://127.0.0.1:53683/callback'), 400, 'invalid_grant');
    expect(mismatch.message).toMatch(/redirect_uri/);
    // A mismatch does not burn the code: the right URI still works.
    expectTokens(await exchangeCode(sandbox, code, 'http://127.0.0.1:53682/callback'));
  });

  it("another application's code is invalid_grant", async () => {
    const { code, redirectUri } = await mintCode(sandbox);
    const response = await exchangeCode(sandbox, code, redirectUri, {}, REPORTS);
    expect(expectError(response, 400, 'invalid_grant').message).toMatch(/another application/);
  });

  it('an unknown code is invalid_grant', async () => {
    expectError(await exchangeCode(sandbox, 'TG-000000000000000000000000-1001', LOOPBACK_CALLBACK), 400, 'invalid_grant');
  });

  it('a refresh token sent as a code (wrong flow) is invalid_grant', async () => {
    const tokens = await userTokens(sandbox);
    const response = await exchangeCode(sandbox, tokens.refresh_token ?? '', LOOPBACK_CALLBACK);
    expect(expectError(response, 400, 'invalid_grant').message).toMatch(/refresh_token/);
  });

  it('an authorization code sent as a refresh token (wrong flow) is invalid_grant', async () => {
    const { code } = await mintCode(sandbox);
    expect(expectError(await refresh(code), 400, 'invalid_grant').message).toMatch(/authorization code/);
  });

  it('a code of a user who then revoked the grant is unauthorized_client (no grant with the user)', async () => {
    const { code, redirectUri } = await mintCode(sandbox);
    expect((await sandbox.app.inject({ method: 'POST', url: '/__sandbox/users/1001/revoke-grants', payload: {} })).statusCode).toBe(200);
    expectError(await exchangeCode(sandbox, code, redirectUri), 400, 'unauthorized_client');
  });

  it('narrows the scope on request, never widens it', async () => {
    const { code, redirectUri } = await mintCode(sandbox, { scope: 'read offline_access' });
    expectError(await exchangeCode(sandbox, code, redirectUri, { scope: 'read write' }), 400, 'invalid_scope');
    expect(expectTokens(await exchangeCode(sandbox, code, redirectUri, { scope: 'read' })).scope).toBe('read');
  });

  it('test_token=true on the exchange gives TEST credentials', async () => {
    const tokens = await userTokens(sandbox, {}, { test_token: 'true' });
    expect(tokens.access_token).toMatch(/^TEST-4815162342-/);
    expect(tokens.live_mode).toBe(false);
  });
});

describe('PKCE (docs/decisions.md, RFC 7636)', () => {
  const kioskCode = async (method: 'S256' | 'plain', verifier = VERIFIER) => {
    const challenge = method === 'S256' ? s256Challenge(verifier) : verifier;
    const response = await sandbox.app.inject({
      method: 'POST',
      url: '/__sandbox/oauth/authorize',
      payload: { client_id: KIOSK.client_id, redirect_uri: LOOPBACK_CALLBACK, user_id: 2002, code_challenge: challenge, code_challenge_method: method },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ code: string }>().code;
  };

  it('S256: the matching verifier gets tokens, another one is invalid_grant', async () => {
    const code = await kioskCode('S256');
    const wrong = await exchangeCode(sandbox, code, LOOPBACK_CALLBACK, { code_verifier: `${VERIFIER.slice(0, -1)}A` }, KIOSK);
    expect(expectError(wrong, 400, 'invalid_grant').message).toMatch(/code_verifier/);
    expect(expectTokens(await exchangeCode(sandbox, code, LOOPBACK_CALLBACK, { code_verifier: VERIFIER }, KIOSK)).user_id).toBe(2002);
  });

  it('plain: the verifier equals the challenge', async () => {
    const code = await kioskCode('plain');
    expectTokens(await exchangeCode(sandbox, code, LOOPBACK_CALLBACK, { code_verifier: VERIFIER }, KIOSK));
  });

  it('a code with a challenge needs code_verifier (invalid_request when missing)', async () => {
    const code = await kioskCode('S256');
    expect(expectError(await exchangeCode(sandbox, code, LOOPBACK_CALLBACK, {}, KIOSK), 400, 'invalid_request').message).toMatch(/code_verifier/);
  });

  it.each([
    ['42 characters', 'a'.repeat(42)],
    ['129 characters', 'a'.repeat(129)],
    ['a character outside the unreserved set', `${'a'.repeat(42)}+`],
  ])('a code_verifier of %s is invalid_request', async (_label, verifier) => {
    const code = await kioskCode('S256');
    expectError(await exchangeCode(sandbox, code, LOOPBACK_CALLBACK, { code_verifier: verifier }, KIOSK), 400, 'invalid_request');
  });

  it('accepts verifiers of exactly 43 and 128 characters', async () => {
    for (const verifier of ['b'.repeat(43), 'c'.repeat(128)]) {
      const code = await kioskCode('S256', verifier);
      expectTokens(await exchangeCode(sandbox, code, LOOPBACK_CALLBACK, { code_verifier: verifier }, KIOSK));
    }
  });

  it('a verifier for a code issued without a challenge is invalid_grant (PKCE downgrade, RFC 9700 §2.1.1)', async () => {
    const { code, redirectUri } = await mintCode(sandbox);
    expectError(await exchangeCode(sandbox, code, redirectUri, { code_verifier: VERIFIER }), 400, 'invalid_grant');
  });

  it('an application that requires PKCE cannot get a code without a challenge', async () => {
    const response = await sandbox.app.inject({
      method: 'POST',
      url: '/__sandbox/oauth/authorize',
      payload: { client_id: KIOSK.client_id, redirect_uri: LOOPBACK_CALLBACK, user_id: 2002 },
    });
    expect(expectError(response, 400, 'invalid_request').message).toMatch(/PKCE/);
  });
});

describe('refresh_token (spec 2.1, docs/decisions.md)', () => {
  it('is single-use: the new pair works, the old access token stops working, the old refresh token is invalid_grant', async () => {
    const first = await userTokens(sandbox);
    const second = expectTokens(await refresh(first.refresh_token ?? ''));
    expect(second.refresh_token).toBeDefined();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.scope).toBe('read write offline_access');
    expectError(await listTerminals(sandbox, first.access_token), 401, 'unauthorized');
    expect((await listTerminals(sandbox, second.access_token)).statusCode).toBe(200);
    expect(expectError(await refresh(first.refresh_token ?? ''), 400, 'invalid_grant').message).toMatch(/already been used/);
    expectTokens(await refresh(second.refresh_token ?? ''));
  });

  it('needs offline_access: a grant without it cannot refresh (unauthorized_client)', async () => {
    const tokens = await userTokens(sandbox, { scope: 'read write' });
    expect(tokens.scope).toBe('read write');
    expect(expectError(await refresh(tokens.refresh_token ?? ''), 400, 'unauthorized_client').message).toMatch(/offline_access/);
  });

  it("another application's refresh token is invalid_grant", async () => {
    const tokens = await userTokens(sandbox);
    expect(expectError(await refresh(tokens.refresh_token ?? '', {}, KIOSK), 400, 'invalid_grant').message).toMatch(/another application/);
  });

  it('a revoked refresh token is invalid_grant, and its access token stops working', async () => {
    const tokens = await userTokens(sandbox);
    const revoke = await sandbox.app.inject({ method: 'POST', url: '/__sandbox/oauth/revoke', payload: { token: tokens.refresh_token } });
    expect(revoke.json()).toEqual({ revoked: 'refresh_token' });
    expect(expectError(await refresh(tokens.refresh_token ?? ''), 400, 'invalid_grant').message).toMatch(/revoked/);
    expectError(await listTerminals(sandbox, tokens.access_token), 401, 'unauthorized');
  });

  it('refreshing may narrow the scope but not widen it (invalid_scope)', async () => {
    const tokens = await userTokens(sandbox, { scope: 'read offline_access' });
    expectError(await refresh(tokens.refresh_token ?? '', { scope: 'read write offline_access' }), 400, 'invalid_scope');
    expect(expectTokens(await refresh(tokens.refresh_token ?? '', { scope: 'read offline_access' })).scope).toBe('read offline_access');
  });

  it('a TEST refresh token keeps giving TEST credentials when test_token=true is sent again', async () => {
    const tokens = await userTokens(sandbox, {}, { test_token: true });
    const renewed = expectTokens(await refresh(tokens.refresh_token ?? '', { test_token: true }));
    expect(renewed.access_token).toMatch(/^TEST-/);
    expect(renewed.live_mode).toBe(false);
  });
});

describe('spec 7.1, one test per row', () => {
  it('400 invalid_client: wrong secret, unknown client_id, or another application’s secret', async () => {
    for (const credentials of [
      { client_id: COUNTER.client_id, client_secret: 'SBX-wrong-secret-000000' },
      { client_id: '999999', client_secret: COUNTER.client_secret },
      { client_id: COUNTER.client_id, client_secret: KIOSK.client_secret },
    ]) {
      const body = expectError(await postToken(sandbox, { grant_type: 'client_credentials', ...credentials }), 400, 'invalid_client');
      expect(body.cause).toEqual([]);
    }
  });

  it('400 invalid_grant: expired, reused, revoked, another client’s, wrong flow, redirect mismatch (each covered above); unknown refresh token too', async () => {
    expectError(await refresh('TG-ffffffffffffffffffffffff-1001'), 400, 'invalid_grant');
  });

  it('400 invalid_scope: unknown or malformed scope values', async () => {
    for (const scope of ['admin', 'read  write', ' read', 'read,write', 'read read', 'READ', '']) {
      expectError(await postToken(sandbox, { grant_type: 'client_credentials', ...COUNTER, scope }), 400, 'invalid_scope');
    }
  });

  it('400 invalid_request: missing required parameters', async () => {
    const complete = { grant_type: 'client_credentials', ...COUNTER };
    for (const name of ['grant_type', 'client_id', 'client_secret'] as const) {
      const { [name]: _omitted, ...rest } = complete;
      expect(expectError(await postToken(sandbox, rest), 400, 'invalid_request').message).toContain(name);
    }
    expect(
      expectError(await postToken(sandbox, { grant_type: 'authorization_code', ...COUNTER, redirect_uri: LOOPBACK_CALLBACK }), 400, 'invalid_request').message,
    ).toContain('code');
    expect(expectError(await postToken(sandbox, { grant_type: 'authorization_code', ...COUNTER, code: 'TG-1' }), 400, 'invalid_request').message).toContain(
      'redirect_uri',
    );
    expect(expectError(await postToken(sandbox, { grant_type: 'refresh_token', ...COUNTER }), 400, 'invalid_request').message).toContain('refresh_token');
    expect(
      expectError(await postToken(sandbox, { grant_type: 'client_credentials', ...COUNTER, client_secret: '' }), 400, 'invalid_request').message,
    ).toContain('client_secret');
  });

  it('400 invalid_request: a parameter given twice (form) or as an array (JSON)', async () => {
    const form = `grant_type=client_credentials&client_id=${COUNTER.client_id}&client_secret=${COUNTER.client_secret}&client_secret=${COUNTER.client_secret}`;
    expect(expectError(await postTokenForm(sandbox, form), 400, 'invalid_request').message).toMatch(/duplicated/);
    const json = await postToken(sandbox, { grant_type: ['client_credentials', 'client_credentials'], ...COUNTER });
    expect(expectError(json, 400, 'invalid_request').message).toMatch(/duplicated/);
  });

  it('400 invalid_request: unsupported parameters, and parameters of another flow', async () => {
    expect(expectError(await postToken(sandbox, { grant_type: 'client_credentials', ...COUNTER, username: 'x' }), 400, 'invalid_request').message).toContain(
      'username',
    );
    expect(expectError(await postToken(sandbox, { grant_type: 'client_credentials', ...COUNTER, code: 'TG-1' }), 400, 'invalid_request').message).toContain(
      'code',
    );
    expect(
      expectError(
        await postToken(sandbox, { grant_type: 'refresh_token', ...COUNTER, refresh_token: 'x', redirect_uri: LOOPBACK_CALLBACK }),
        400,
        'invalid_request',
      ).message,
    ).toContain('redirect_uri');
  });

  it('400 invalid_request: malformed requests (not JSON, not an object, wrong types, wrong content type, empty)', async () => {
    const inject = (payload: string, contentType?: string) =>
      sandbox.app.inject({ method: 'POST', url: '/oauth/token', payload, headers: contentType === undefined ? {} : { 'content-type': contentType } });
    expectError(await inject('{"grant_type": ', 'application/json'), 400, 'invalid_request');
    expectError(await inject('[1,2]', 'application/json'), 400, 'invalid_request');
    expectError(await inject('"client_credentials"', 'application/json'), 400, 'invalid_request');
    expectError(await inject('null', 'application/json'), 400, 'invalid_request');
    expectError(await inject('', 'application/json'), 400, 'invalid_request');
    expectError(await inject('{"__proto__": {"grant_type": "client_credentials"}}', 'application/json'), 400, 'invalid_request');
    expectError(await inject('grant_type=client_credentials', 'text/plain'), 400, 'invalid_request');
    expectError(await inject('<grant_type/>', 'application/xml'), 400, 'invalid_request');
    expectError(
      await postToken(sandbox, { grant_type: 'client_credentials', client_id: 4815162342, client_secret: COUNTER.client_secret }),
      400,
      'invalid_request',
    );
    expectError(await sandbox.app.inject({ method: 'POST', url: '/oauth/token' }), 400, 'invalid_request');
  });

  it('400 unsupported_grant_type: the message lists the allowed flows as the platform does', async () => {
    for (const grantType of ['password', 'implicit', 'urn:ietf:params:oauth:grant-type:device_code', 'CLIENT_CREDENTIALS']) {
      const body = expectError(await postToken(sandbox, { grant_type: grantType, ...COUNTER }), 400, 'unsupported_grant_type');
      expect(body.message).toContain('authorization_code');
      expect(body.message).toContain('refresh_token');
    }
  });

  it('400 forbidden: a TEST refresh token used to get live credentials (and the reverse)', async () => {
    const test = await userTokens(sandbox, {}, { test_token: true });
    expect(expectError(await refresh(test.refresh_token ?? ''), 400, 'forbidden').message).toMatch(/TEST/);
    const live = await userTokens(sandbox);
    expectError(await refresh(live.refresh_token ?? '', { test_token: 'true' }), 400, 'forbidden');
    // Refused requests do not consume the tokens.
    expectTokens(await refresh(test.refresh_token ?? '', { test_token: 'true' }));
  });

  it('400 unauthorized_client: a scope beyond the application, or no grant with the user', async () => {
    expectError(await postToken(sandbox, { grant_type: 'client_credentials', ...REPORTS, scope: 'read write' }), 400, 'unauthorized_client');
    expect((await clientCredentials(sandbox, {})).scope).toBe('read write');
    expect(expectTokens(await postToken(sandbox, { grant_type: 'client_credentials', ...REPORTS })).scope).toBe('read');

    const tokens = await userTokens(sandbox);
    const revoke = await sandbox.app.inject({ method: 'POST', url: '/__sandbox/users/1001/revoke-grants', payload: { client_id: COUNTER.client_id } });
    expect(revoke.json()).toMatchObject({ revoked_grants: 1, revoked_access_tokens: 1 });
    expect(expectError(await refresh(tokens.refresh_token ?? ''), 400, 'unauthorized_client').message).toMatch(/no grant/);
    expectError(await listTerminals(sandbox, tokens.access_token), 401, 'unauthorized');
    // The application's own (client_credentials) access is not a user grant and keeps working.
    expect((await listTerminals(sandbox, (await clientCredentials(sandbox)).access_token)).statusCode).toBe(200);
  });

  it('a grant given again after a revocation does not revive the old refresh token (invalid_grant)', async () => {
    const old = await userTokens(sandbox);
    const revoke = await sandbox.app.inject({ method: 'POST', url: '/__sandbox/users/1001/revoke-grants' });
    expect(revoke.json()).toEqual({ user_id: 1001, revoked_grants: 1, revoked_access_tokens: 1 });
    await userTokens(sandbox);
    expect(expectError(await refresh(old.refresh_token ?? ''), 400, 'invalid_grant').message).toMatch(/revoked/);
  });

  it('429 local_rate_limited past the per-application rate, with Retry-After, recovering on the injected clock', async () => {
    await sandbox.close();
    sandbox = await createSandbox({ clock, tokenRateLimit: { capacity: 3, refillPerSecond: 0.5 } });
    for (let i = 0; i < 3; i++) await clientCredentials(sandbox);
    const limited = await postToken(sandbox, { grant_type: 'client_credentials', ...COUNTER });
    expectError(limited, 429, 'local_rate_limited');
    expect(limited.headers['retry-after']).toBe('2');
    // Wrong secrets count too, so the limit also slows guessing.
    expectError(
      await postToken(sandbox, { grant_type: 'client_credentials', client_id: COUNTER.client_id, client_secret: 'SBX-guess-0000000000' }),
      429,
      'local_rate_limited',
    );
    // Per application: another one is unaffected.
    expectTokens(await postToken(sandbox, { grant_type: 'client_credentials', ...REPORTS }));
    await clock.advance(2000);
    await clientCredentials(sandbox);
    expectError(await postToken(sandbox, { grant_type: 'client_credentials', ...COUNTER }), 429, 'local_rate_limited');
  });
});

describe('bearer check (spec 5.1)', () => {
  const expect401 = async (authorization: string | undefined, pattern: RegExp) => {
    const response = await sandbox.app.inject({ method: 'GET', url: '/terminals/v1/list', headers: authorization === undefined ? {} : { authorization } });
    expect(expectError(response, 401, 'unauthorized').message).toMatch(pattern);
  };

  it('missing, malformed and unknown tokens are 401 unauthorized', async () => {
    const { access_token: token } = await clientCredentials(sandbox);
    await expect401(undefined, /Missing/);
    await expect401('', /Missing/);
    await expect401(`Token ${token}`, /Malformed/);
    await expect401('Bearer', /Malformed/);
    await expect401(`Bearer ${token} extra`, /Malformed/);
    await expect401(`Bearer ${token}x`, /Invalid/);
    await expect401(`Bearer APP_USR-4815162342-011512-${'0'.repeat(32)}-1001`, /Invalid/);
  });

  it('the scheme is case-insensitive', async () => {
    const { access_token: token } = await clientCredentials(sandbox);
    const response = await sandbox.app.inject({ method: 'GET', url: '/terminals/v1/list', headers: { authorization: `bearer ${token}` } });
    expect(response.statusCode).toBe(200);
  });

  it('a token honours expires_in (180 days) on the injected clock', async () => {
    const { access_token: token } = await clientCredentials(sandbox);
    await clock.advance(180 * DAY_MS - 1000);
    expect((await listTerminals(sandbox, token)).statusCode).toBe(200);
    await clock.advance(1000);
    await expect401(`Bearer ${token}`, /expired/);
  });

  it('a revoked access token is 401', async () => {
    const { access_token: token } = await clientCredentials(sandbox);
    const revoke = await sandbox.app.inject({ method: 'POST', url: '/__sandbox/oauth/revoke', payload: { token } });
    expect(revoke.json()).toEqual({ revoked: 'access_token' });
    await expect401(`Bearer ${token}`, /Invalid/);
  });

  it('resolves the principal other modules see', async () => {
    const tokens = await userTokens(sandbox, {}, { test_token: true });
    const principal = sandbox.context.authenticate({ headers: { authorization: `Bearer ${tokens.access_token}` } } as Parameters<
      Sandbox['context']['authenticate']
    >[0]);
    expect(principal).toEqual({
      userId: 1001,
      clientId: COUNTER.client_id,
      scopes: ['read', 'write', 'offline_access'],
      accessToken: tokens.access_token,
      liveMode: false,
    });
  });
});

describe('persistence (--state)', () => {
  it('a snapshot carries tokens, refresh tokens and grants into a new sandbox', async () => {
    const app = await clientCredentials(sandbox);
    const user = await userTokens(sandbox);
    const snapshot = JSON.parse(JSON.stringify(sandbox.snapshot())) as Record<string, unknown>;
    await sandbox.close();
    sandbox = await createSandbox({ clock, state: snapshot });
    expect((await listTerminals(sandbox, app.access_token)).statusCode).toBe(200);
    expect((await listTerminals(sandbox, user.access_token)).statusCode).toBe(200);
    expectTokens(await refresh(user.refresh_token ?? ''));
  });

  it('refuses a corrupt oauth state instead of starting half-loaded', async () => {
    await expect(createSandbox({ clock, state: { oauth: { version: 1, grants: 'nope' } } })).rejects.toThrow(/OAuth state/);
  });

  it('reset forgets every token', async () => {
    const { access_token: token } = await clientCredentials(sandbox);
    sandbox.reset();
    expectError(await listTerminals(sandbox, token), 401, 'unauthorized');
    await clientCredentials(sandbox);
  });
});
