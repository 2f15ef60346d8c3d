import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '../../shared/clock';
import { AuthorizationCallback } from '../../shared/platform/oauth';
import { DEFAULT_SEED } from '../accounts';
import { createSandbox, type Sandbox } from '../app';
import { redirectUriMatches } from './authorize';
import { s256Challenge } from './pkce';
import { COUNTER, KIOSK, REPORTS, exchangeCode, expectError, expectTokens } from './testing';

let clock: ManualClock;
let sandbox: Sandbox;
beforeEach(async () => {
  clock = createManualClock();
  sandbox = await createSandbox({ clock });
});
afterEach(async () => {
  await sandbox.close();
});

function authorizationUrl(params: Record<string, string>): string {
  return `/authorization?${new URLSearchParams(params).toString()}`;
}

const counterRequest = (overrides: Record<string, string> = {}): Record<string, string> => ({
  client_id: COUNTER.client_id,
  response_type: 'code',
  platform_id: 'mp',
  state: 'st-42',
  redirect_uri: 'http://127.0.0.1:53682/callback',
  ...overrides,
});

async function openConsent(params: Record<string, string>): Promise<{ html: string; requestId: string }> {
  const page = await sandbox.app.inject({ method: 'GET', url: authorizationUrl(params) });
  expect(page.statusCode, page.body).toBe(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  const requestId = /name="request_id" value="([^"]+)"/.exec(page.body)?.[1];
  if (requestId === undefined) throw new Error('no request_id in the consent page');
  return { html: page.body, requestId };
}

async function decide(requestId: string, decision: string, userId = '1001') {
  return sandbox.app.inject({
    method: 'POST',
    url: '/authorization/decision',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ request_id: requestId, user_id: userId, decision }).toString(),
  });
}

/** The redirect target, split, and parsed as the app's loopback listener would. */
function callbackOf(location: string | undefined): { origin: string; path: string; query: Record<string, string> } {
  expect(location).toBeDefined();
  const url = new URL(location ?? '');
  const query = Object.fromEntries(url.searchParams);
  return { origin: url.origin, path: url.pathname, query };
}

describe('consent page (docs/decisions.md authorization URL)', () => {
  it('shows which application asks which user for what, with a select of the seeded users', async () => {
    const { html } = await openConsent(counterRequest());
    expect(html).toContain('Counter (sandbox)');
    expect(html).toContain(COUNTER.client_id);
    for (const user of DEFAULT_SEED.users) expect(html).toContain(`<option value="${user.user_id}"`);
    expect(html).toContain('<option value="1001" selected>');
    for (const scope of ['read', 'write', 'offline_access']) expect(html).toContain(`<code>${scope}</code>`);
    expect(html).toContain('action="/authorization/decision"');
  });

  it('Accept redirects to redirect_uri with code and state, and the code gets tokens for the chosen user', async () => {
    const { requestId } = await openConsent(counterRequest());
    const answer = await decide(requestId, 'accept', '2002');
    expect(answer.statusCode).toBe(302);
    const callback = callbackOf(answer.headers.location);
    expect(callback).toMatchObject({ origin: 'http://127.0.0.1:53682', path: '/callback', query: { state: 'st-42' } });
    const parsed = AuthorizationCallback.parse(callback.query);
    expect('code' in parsed).toBe(true);
    const tokens = expectTokens(await exchangeCode(sandbox, callback.query['code'] ?? '', 'http://127.0.0.1:53682/callback'));
    expect(tokens.user_id).toBe(2002);
    expect(tokens.access_token).toMatch(/-2002$/);

    const grants = await sandbox.app.inject({ method: 'GET', url: '/__sandbox/users/2002/grants' });
    expect(grants.json()).toMatchObject({ user_id: 2002, grants: [{ client_id: COUNTER.client_id, scope: 'read write offline_access' }] });
  });

  it('Deny redirects with error=access_denied and the state, and no code', async () => {
    const { requestId } = await openConsent(counterRequest());
    const answer = await decide(requestId, 'deny');
    expect(answer.statusCode).toBe(302);
    const { query } = callbackOf(answer.headers.location);
    expect(query).toMatchObject({ error: 'access_denied', state: 'st-42' });
    expect(query).not.toHaveProperty('code');
  });

  it('a consent page can be answered once: a second submit is an error page, not a second code', async () => {
    const { requestId } = await openConsent(counterRequest());
    expect((await decide(requestId, 'accept')).statusCode).toBe(302);
    const again = await decide(requestId, 'accept');
    expect(again.statusCode).toBe(400);
    expect(again.headers.location).toBeUndefined();
    expect(again.body).toContain('expired or was already answered');
  });

  it('a consent page expires after 10 minutes', async () => {
    const { requestId } = await openConsent(counterRequest());
    await clock.advance(10 * 60 * 1000);
    expect((await decide(requestId, 'accept')).statusCode).toBe(400);
  });

  it('an incomplete form or an unknown user is an error page', async () => {
    const { requestId } = await openConsent(counterRequest());
    expect((await decide(requestId, 'maybe')).statusCode).toBe(400);
    const { requestId: second } = await openConsent(counterRequest());
    const unknownUser = await decide(second, 'accept', '424242');
    expect(unknownUser.statusCode).toBe(400);
    expect(unknownUser.body).toContain('no user 424242');
  });

  it('keeps a query the registered redirect URI already has', async () => {
    const seed = structuredClone(DEFAULT_SEED);
    const application = seed.applications[0];
    if (application === undefined) throw new Error('seed');
    application.redirect_uris = ['https://shop.sandbox.test/cb?tenant=7'];
    await sandbox.close();
    sandbox = await createSandbox({ clock, seed });
    const { requestId } = await openConsent(counterRequest({ redirect_uri: 'https://shop.sandbox.test/cb?tenant=7' }));
    const { origin, query } = callbackOf((await decide(requestId, 'accept')).headers.location);
    expect(origin).toBe('https://shop.sandbox.test');
    expect(query).toMatchObject({ tenant: '7', state: 'st-42' });
    expect(query['code']).toMatch(/^TG-/);
  });

  it('escapes what it shows (an application name is text, not markup)', async () => {
    const seed = structuredClone(DEFAULT_SEED);
    const application = seed.applications[0];
    if (application === undefined) throw new Error('seed');
    application.name = '<script>alert(1)</script>';
    await sandbox.close();
    sandbox = await createSandbox({ clock, seed });
    const { html } = await openConsent(counterRequest());
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&#60;script&#62;');
  });
});

describe('requests that must never redirect (RFC 6749 §4.1.2.1)', () => {
  it.each([
    ['an unknown client_id', { client_id: '999' }, 'invalid_client'],
    ['a missing client_id', { client_id: '' }, 'client_id is required'],
    ['an unregistered redirect_uri', { redirect_uri: 'https://evil.example/callback' }, 'not registered'],
    ['a registered host with another path', { redirect_uri: 'http://127.0.0.1:53682/other' }, 'not registered'],
    ['a look-alike host', { redirect_uri: 'http://127.0.0.1.evil.example/callback' }, 'not registered'],
    ['a fragment', { redirect_uri: 'http://127.0.0.1:53682/callback#x' }, 'not registered'],
    ['a missing redirect_uri', { redirect_uri: '' }, 'redirect_uri is required'],
  ])('%s shows an error page and sends nobody anywhere', async (_label, overrides, text) => {
    const page = await sandbox.app.inject({ method: 'GET', url: authorizationUrl(counterRequest(overrides)) });
    expect(page.statusCode).toBe(400);
    expect(page.headers.location).toBeUndefined();
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(text);
  });

  it('a client_id given twice is an error page', async () => {
    const page = await sandbox.app.inject({ method: 'GET', url: `${authorizationUrl(counterRequest())}&client_id=${KIOSK.client_id}` });
    expect(page.statusCode).toBe(400);
    expect(page.headers.location).toBeUndefined();
  });
});

describe('problems reported back to the application by redirect', () => {
  it.each([
    ['response_type other than code', { response_type: 'token' }, 'unsupported_response_type'],
    ['a missing response_type', { response_type: '' }, 'invalid_request'],
    ['platform_id other than mp', { platform_id: 'xx' }, 'invalid_request'],
    ['an unknown scope', { scope: 'admin' }, 'invalid_scope'],
    ['a malformed scope', { scope: 'read,write' }, 'invalid_scope'],
    ['a challenge without a method', { code_challenge: s256Challenge('v'.repeat(43)) }, 'invalid_request'],
    ['a method without a challenge', { code_challenge_method: 'S256' }, 'invalid_request'],
    ['an unknown challenge method', { code_challenge: s256Challenge('v'.repeat(43)), code_challenge_method: 'S512' }, 'invalid_request'],
    ['a challenge that is too short', { code_challenge: 'abc', code_challenge_method: 'plain' }, 'invalid_request'],
  ])('%s', async (_label, overrides, error) => {
    const params = counterRequest(overrides);
    for (const [key, value] of Object.entries(params)) if (value === '') delete params[key];
    const answer = await sandbox.app.inject({ method: 'GET', url: authorizationUrl(params) });
    expect(answer.statusCode).toBe(302);
    const { origin, query } = callbackOf(answer.headers.location);
    expect(origin).toBe('http://127.0.0.1:53682');
    expect(query).toMatchObject({ error, state: 'st-42' });
    expect(query['error_description']).toBeTruthy();
    expect(AuthorizationCallback.parse(query)).toMatchObject({ error });
  });

  it('PKCE required: no challenge → invalid_request by redirect; with one → the consent page', async () => {
    const base = { client_id: KIOSK.client_id, response_type: 'code', state: 'k', redirect_uri: 'http://127.0.0.1:40000/callback' };
    const refused = await sandbox.app.inject({ method: 'GET', url: authorizationUrl(base) });
    expect(callbackOf(refused.headers.location).query).toMatchObject({ error: 'invalid_request', state: 'k' });
    await openConsent({ ...base, code_challenge: s256Challenge('k'.repeat(50)), code_challenge_method: 'S256' });
  });

  it('a scope beyond what the application may ask is unauthorized_client', async () => {
    const answer = await sandbox.app.inject({
      method: 'GET',
      url: authorizationUrl({
        client_id: REPORTS.client_id,
        response_type: 'code',
        redirect_uri: 'https://reports.sandbox.test/oauth/callback',
        scope: 'read write',
      }),
    });
    expect(callbackOf(answer.headers.location).query).toMatchObject({ error: 'unauthorized_client' });
  });

  it('a state given twice cannot be echoed: invalid_request without state', async () => {
    const answer = await sandbox.app.inject({ method: 'GET', url: `${authorizationUrl(counterRequest())}&state=other` });
    const { query } = callbackOf(answer.headers.location);
    expect(query['error']).toBe('invalid_request');
    expect(query).not.toHaveProperty('state');
  });
});

describe('redirect URI matching (RFC 8252 §7.3)', () => {
  it.each([
    ['http://127.0.0.1:53682/callback', 'http://127.0.0.1/callback', true],
    ['http://127.0.0.1/callback', 'http://127.0.0.1/callback', true],
    ['http://localhost:1/callback', 'http://localhost/callback', true],
    ['http://[::1]:65535/callback', 'http://[::1]/callback', true],
    ['http://127.0.0.1:53682/callback', 'http://127.0.0.1:8080/callback', true],
    ['http://127.0.0.1:53682/callback?x=1', 'http://127.0.0.1/callback?x=1', true],
    ['http://localhost:53682/callback', 'http://127.0.0.1/callback', false],
    ['http://127.0.0.1:53682/callback/', 'http://127.0.0.1/callback', false],
    ['http://127.0.0.1:53682/Callback', 'http://127.0.0.1/callback', false],
    ['http://127.0.0.1:99999/callback', 'http://127.0.0.1/callback', false],
    ['https://127.0.0.1:53682/callback', 'http://127.0.0.1/callback', false],
    ['https://reports.sandbox.test:8443/oauth/callback', 'https://reports.sandbox.test/oauth/callback', false],
    ['https://reports.sandbox.test/oauth/callback', 'https://reports.sandbox.test/oauth/callback', true],
    ['https://reports.sandbox.test/oauth/callback#frag', 'https://reports.sandbox.test/oauth/callback#frag', false],
    ['http://user@127.0.0.1:53682/callback', 'http://127.0.0.1/callback', false],
  ])('%s against registered %s → %s', (requested, registered, expected) => {
    expect(redirectUriMatches(requested, registered)).toBe(expected);
  });

  it('the desktop flow end to end: a random loopback port, then the same URI at the token endpoint', async () => {
    const redirectUri = 'http://localhost:61234/callback';
    const { requestId } = await openConsent(counterRequest({ redirect_uri: redirectUri }));
    const { query } = callbackOf((await decide(requestId, 'accept')).headers.location);
    expectTokens(await exchangeCode(sandbox, query['code'] ?? '', redirectUri));
  });
});

describe('POST /__sandbox/oauth/authorize', () => {
  it('mints a code without the page, with the same checks', async () => {
    const ok = await sandbox.app.inject({
      method: 'POST',
      url: '/__sandbox/oauth/authorize',
      payload: { client_id: COUNTER.client_id, redirect_uri: 'http://127.0.0.1:1234/callback', state: 'x', user_id: 1001 },
    });
    expect(ok.statusCode).toBe(200);
    const body = ok.json<{ code: string; redirect_to: string }>();
    expect(body.redirect_to).toBe(`http://127.0.0.1:1234/callback?code=${body.code}&state=x`);

    const bad = await sandbox.app.inject({
      method: 'POST',
      url: '/__sandbox/oauth/authorize',
      payload: { client_id: '1', redirect_uri: 'http://127.0.0.1/callback', user_id: 1001 },
    });
    expectError(bad, 400, 'invalid_client');
    const numeric = await sandbox.app.inject({
      method: 'POST',
      url: '/__sandbox/oauth/authorize',
      payload: { client_id: 4815162342, redirect_uri: 'http://127.0.0.1/callback', user_id: 1001 },
    });
    expect(expectError(numeric, 400, 'invalid_request').message).toBe('client_id must be a string.');
    const noUser = await sandbox.app.inject({
      method: 'POST',
      url: '/__sandbox/oauth/authorize',
      payload: { client_id: COUNTER.client_id, redirect_uri: 'http://127.0.0.1/callback' },
    });
    expectError(noUser, 400, 'invalid_request');
    const deny = await sandbox.app.inject({
      method: 'POST',
      url: '/__sandbox/oauth/authorize',
      payload: { client_id: COUNTER.client_id, redirect_uri: 'http://127.0.0.1/callback', user_id: 1001, decision: 'deny' },
    });
    expect(deny.json()).toEqual({ redirect_to: 'http://127.0.0.1/callback?error=access_denied&error_description=The+user+denied+the+authorization+request.' });
  });
});

describe('strict redirect mode (spec 2.1: redirect_uri matched exactly)', () => {
  const setPolicy = (body: unknown) => sandbox.app.inject({ method: 'PUT', url: '/__sandbox/oauth/redirect-policy', payload: body as Record<string, unknown> });

  it('refuses a loopback redirect on another port than the registered one, which lenient mode accepts', async () => {
    const otherPort = counterRequest({ redirect_uri: 'http://127.0.0.1:40000/callback' });
    expect((await sandbox.app.inject({ method: 'GET', url: authorizationUrl(otherPort) })).statusCode).toBe(200);

    const answer = await setPolicy({ strict: true, redirect_uris: { [COUNTER.client_id]: ['http://127.0.0.1:53682/callback'] } });
    expect(answer.json()).toEqual({ strict: true, redirect_uris: { [COUNTER.client_id]: ['http://127.0.0.1:53682/callback'] } });
    const refused = await sandbox.app.inject({ method: 'GET', url: authorizationUrl(otherPort) });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers.location).toBeUndefined();
    expect(refused.body).toContain('exact match required');
    await openConsent(counterRequest());
  });

  it('takes the seed’s URIs literally in strict mode: a registered URI without a port admits no port', async () => {
    await setPolicy({ strict: true });
    expect((await sandbox.app.inject({ method: 'GET', url: authorizationUrl(counterRequest()) })).statusCode).toBe(400);
    expect((await sandbox.app.inject({ method: 'GET', url: '/__sandbox/oauth/redirect-policy' })).json()).toMatchObject({ strict: true });
  });

  it('answers the control API’s mistakes with the spec’s codes', async () => {
    expect((await setPolicy({ strict: 'yes' })).json()).toMatchObject({ error: 'invalid_request' });
    expect((await setPolicy({ strict: true, redirect_uris: { '999': ['http://127.0.0.1:1/callback'] } })).json()).toMatchObject({ error: 'invalid_client' });
  });

  it('starts strict when the sandbox is created so (the CLI’s --strict-redirects)', async () => {
    const strict = await createSandbox({ clock, strictRedirects: true });
    try {
      expect((await strict.app.inject({ method: 'GET', url: '/__sandbox/oauth/redirect-policy' })).json()).toEqual({ strict: true, redirect_uris: {} });
    } finally {
      await strict.close();
    }
  });
});
