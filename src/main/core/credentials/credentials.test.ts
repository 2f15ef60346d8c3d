import { afterEach, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore, type AppCoreOptions } from '../app-core';
import type { KeyValueStore } from '../settings/store';
import {
  consentInBrowser,
  COUNTER_APP,
  createTestHttp,
  createTestSecretBox,
  failureOf,
  settle,
  startTestSandbox,
  testCoreOptions,
  type TestSandbox,
} from '../../testing/harness';
import type { CredentialsStatus } from '../../../shared/ipc/channels/credentials';

let platform: TestSandbox | undefined;
const cores: AppCore[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  await platform?.close();
  platform = undefined;
});

/** A store whose raw contents a test can read, to prove what reached the disk. */
type InspectableStore = KeyValueStore & { raw(): string };

function inspectableStore(): InspectableStore {
  const data = new Map<string, unknown>();
  return {
    get: (key) => structuredClone(data.get(key)),
    set: (key, value) => void data.set(key, structuredClone(value)),
    delete: (key) => void data.delete(key),
    raw: () => JSON.stringify([...data]),
  };
}

async function start(overrides: Partial<Omit<AppCoreOptions, 'store'>> & { store?: InspectableStore } = {}) {
  platform ??= await startTestSandbox();
  const target = platform;
  const recorder = createTestHttp(target.clock);
  const store = overrides.store ?? inspectableStore();
  const core = createAppCore({ settingsStore: store, ...testCoreOptions(target, recorder.http), ...overrides });
  cores.push(core);
  const changes: CredentialsStatus[] = [];
  core.events.subscribe((name, payload) => {
    if (name === 'credentials.changed') changes.push(payload as CredentialsStatus);
  });
  const tokenRequests = () => recorder.log.filter((request) => request.path === '/oauth/token');
  return { core, store, log: recorder.log, tokenRequests, changes, platform: target };
}

async function revoke(target: TestSandbox, token: string): Promise<void> {
  const response = await fetch(`${target.baseUrl}/__sandbox/oauth/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(response.status).toBe(200);
}

/** The bearer token the core last sent, read off the wire (it never appears in the contract). */
const lastBearer = (log: Array<{ authorization: string | null }>) =>
  log
    .filter((request) => request.authorization !== null)
    .at(-1)
    ?.authorization?.replace('Bearer ', '') ?? '';

/** The browser's last page, once it has arrived (the browser follows the redirect in the background). */
async function expectPage(pages: string[], text: string): Promise<string> {
  for (let turn = 0; turn < 200 && pages.length === 0; turn++) await settle(1);
  expect(pages.at(-1)).toContain(text);
  return pages.at(-1) ?? '';
}

describe('credentials in the sandbox environment', () => {
  it('gets an application token with the seeded credentials read from the sandbox, showing only its metadata', async () => {
    const { core, log, changes } = await start();
    const initial = await core.handlers['credentials.status']({});
    expect(initial).toMatchObject({ environment: 'sandbox', state: 'idle', identity: 'application', token: null });
    const status = await core.handlers['credentials.verify']({});
    expect(status).toMatchObject({ state: 'ready', token: { type: 'APP_USR', userId: 1001, grant: 'client_credentials', renewable: false, liveMode: true } });
    expect(Date.parse(status.token?.expiresAt ?? '') - Date.parse(status.token?.obtainedAt ?? '')).toBe(15_552_000 * 1000);
    expect(log.map((request) => request.path)).toContain('/__sandbox/accounts');
    expect(changes.at(-1)?.state).toBe('ready');
    // The token itself never crosses the contract.
    await core.handlers['terminals.list']({});
    expect(JSON.stringify(status)).not.toContain(lastBearer(log));
  });

  it('asks for one token however many callers need it at once (single flight)', async () => {
    const { core, tokenRequests } = await start();
    await Promise.all(Array.from({ length: 10 }, () => core.handlers['terminals.list']({})));
    expect(tokenRequests()).toHaveLength(1);
  });

  it('renews once on a 401 (a revoked token) and carries on', async () => {
    const { core, log, tokenRequests, platform: target } = await start();
    await core.handlers['terminals.list']({});
    await revoke(target, lastBearer(log));
    const list = await core.handlers['terminals.list']({});
    expect(list.terminals.length).toBeGreaterThan(0);
    expect(tokenRequests()).toHaveLength(2);
    expect(log.filter((request) => request.status === 401)).toHaveLength(1);
  });

  it('signs in with authorization code + PKCE S256 through the consent page and a loopback redirect', async () => {
    let opened = '';
    const { core, log } = await start({ openExternal: consentInBrowser('accept', (url) => (opened = url)) });
    const status = await core.handlers['credentials.signIn']({});
    const url = new URL(opened);
    expect(url.pathname).toBe('/authorization');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(32);
    expect(status).toMatchObject({
      state: 'ready',
      identity: 'user',
      signInInProgress: false,
      token: { grant: 'authorization_code', userId: 1001, renewable: true },
    });
    const exchange = log.filter((request) => request.path === '/oauth/token').at(-1);
    expect(exchange?.status).toBe(200);
    // The loopback port is closed again: the redirect URI is good for this one sign-in only.
    await expect(fetch(url.searchParams.get('redirect_uri') ?? '')).rejects.toThrow();
  });

  it('the browser’s page says "Signed in" only once the token exchange worked, else the reason in both languages', async () => {
    const pages: string[] = [];
    const { core } = await start({ openExternal: consentInBrowser('accept', undefined, (html) => pages.push(html)) });
    await core.handlers['credentials.signIn']({});
    await expectPage(pages, 'Signed in.');

    platform ??= await startTestSandbox();
    const refusing = createTestHttp(platform.clock, (request) => (request.path === '/oauth/token' ? { status: 400, code: 'invalid_grant' } : 'pass'));
    const failedPages: string[] = [];
    const second = createAppCore({
      settingsStore: inspectableStore(),
      ...testCoreOptions(platform, refusing.http),
      openExternal: consentInBrowser('accept', undefined, (html) => failedPages.push(html)),
    });
    cores.push(second);
    expect((await failureOf(second.handlers['credentials.signIn']({}))).code).toBe('invalid_grant');
    const page = await expectPage(failedPages, 'The sign-in did not complete.');
    expect(page).not.toContain('Signed in');
    expect(page).toContain('El inicio de sesión no se completó.');
  });

  it('refreshes a user token before it expires and once after a 401, each refresh token used once', async () => {
    const { core, log, tokenRequests, platform: target } = await start({ openExternal: consentInBrowser() });
    const signedIn = await core.handlers['credentials.signIn']({});
    const before = tokenRequests().length;
    // Half a day before expiry: inside the renewal margin (a tenth of the lifetime, at most a day).
    target.clock.set(Date.parse(signedIn.token?.expiresAt ?? '') - 12 * 60 * 60_000);
    await core.handlers['terminals.list']({});
    expect(tokenRequests()).toHaveLength(before + 1);
    const refreshed = await core.handlers['credentials.status']({});
    expect(refreshed.token?.obtainedAt).not.toBe(signedIn.token?.obtainedAt);
    expect(refreshed.token?.grant).toBe('authorization_code');

    await revoke(target, lastBearer(log));
    await core.handlers['terminals.list']({});
    expect(tokenRequests()).toHaveLength(before + 2);
    expect(tokenRequests().every((request) => request.status === 200)).toBe(true);
  });

  it('asks the user to sign in again when the refresh token is refused, instead of switching identity', async () => {
    const { core, log, platform: target } = await start({ openExternal: consentInBrowser() });
    await core.handlers['credentials.signIn']({});
    await core.handlers['terminals.list']({});
    const revokeGrants = await fetch(`${target.baseUrl}/__sandbox/users/1001/revoke-grants`, { method: 'POST' });
    expect(revokeGrants.status).toBe(200);
    const failure = await failureOf(core.handlers['terminals.list']({}));
    expect(failure.code).toBe('sign_in_required');
    const status = await core.handlers['credentials.status']({});
    expect(status).toMatchObject({ state: 'sign_in_required', identity: 'user', token: null });
    expect(status.lastError?.message).toBeTruthy();
    // Signing out returns to the application's own token.
    await core.handlers['credentials.signOut']({});
    await core.handlers['terminals.list']({});
    expect((await core.handlers['credentials.status']({})).token?.grant).toBe('client_credentials');
    void log;
  });

  it('reports a denied consent, ignores a forged redirect and gives up after the sign-in timeout', async () => {
    const denied = await start({ openExternal: consentInBrowser('deny') });
    expect(await failureOf(denied.core.handlers['credentials.signIn']({}))).toMatchObject({ code: 'sign_in_denied' });

    let redirectUri = '';
    const waiting = await start({
      openExternal: async (url) => {
        redirectUri = new URL(url).searchParams.get('redirect_uri') ?? '';
      },
    });
    const signIn = waiting.core.handlers['credentials.signIn']({});
    const outcome = failureOf(signIn);
    await settle();
    const forged = await fetch(`${redirectUri}?code=stolen&state=guessed`);
    expect(forged.status).toBe(400);
    expect((await waiting.core.handlers['credentials.status']({})).signInInProgress).toBe(true);
    await waiting.platform.clock.advance(5 * 60_000 + 1);
    expect(await outcome).toMatchObject({ code: 'sign_in_timeout' });
    expect((await waiting.core.handlers['credentials.status']({})).signInInProgress).toBe(false);
  });

  it('signs in to an application that requires PKCE (the sandbox checks the verifier)', async () => {
    const { core } = await start({
      openExternal: consentInBrowser(),
      sandboxCredentials: { clientId: '1618033988', clientSecret: 'SBX-pkce-app-secret-44e9a1c3' },
    });
    const status = await core.handlers['credentials.signIn']({});
    expect(status.token).toMatchObject({ grant: 'authorization_code', userId: 2002 });
  });
});

describe('credentials in the production environment', () => {
  it('is not configured until a client ID and secret are given, keeps its own token, and names a wrong secret', async () => {
    const { core, tokenRequests, platform: target } = await start();
    await core.handlers['credentials.verify']({});
    await core.handlers['settings.update']({ environment: 'production', language: 'es' });
    expect(await core.handlers['credentials.status']({})).toMatchObject({ environment: 'production', state: 'not_configured', token: null });
    expect(await failureOf(core.handlers['terminals.list']({}))).toMatchObject({ code: 'not_configured' });

    // The sandbox stands in for the production platform at another base URL.
    await core.handlers['credentials.setProduction']({ baseUrl: target.baseUrl, clientId: COUNTER_APP.clientId, clientSecret: 'wrong-secret' });
    const wrong = await failureOf(core.handlers['credentials.verify']({}), 'es');
    expect(wrong).toMatchObject({ code: 'invalid_client', status: 400 });
    expect(wrong.message).toMatch(/credenciales/i);
    expect((await core.handlers['credentials.status']({})).state).toBe('error');

    await core.handlers['credentials.setProduction']({ clientSecret: COUNTER_APP.clientSecret });
    expect(await core.handlers['credentials.verify']({})).toMatchObject({
      environment: 'production',
      state: 'ready',
      production: { hasClientSecret: true, clientId: COUNTER_APP.clientId },
    });
    const requestsSoFar = tokenRequests().length;
    await core.handlers['settings.update']({ environment: 'sandbox' });
    expect((await core.handlers['credentials.status']({})).state).toBe('ready');
    await core.handlers['terminals.list']({});
    expect(tokenRequests()).toHaveLength(requestsSoFar);
  });
});

describe('secrets at rest', () => {
  it('stores secrets and tokens only encrypted, and reads them back after a restart', async () => {
    const box = createTestSecretBox(true);
    const first = await start({ secretBox: box });
    await first.core.handlers['settings.update']({ environment: 'production' });
    await first.core.handlers['credentials.setProduction']({
      baseUrl: first.platform.baseUrl,
      clientId: COUNTER_APP.clientId,
      clientSecret: COUNTER_APP.clientSecret,
    });
    await first.core.handlers['terminals.list']({});
    expect(lastBearer(first.log)).toMatch(/^APP_USR-/);
    expect(first.store.raw()).not.toContain(COUNTER_APP.clientSecret);
    expect(first.store.raw()).not.toContain(lastBearer(first.log));
    expect(await first.core.handlers['credentials.status']({})).toMatchObject({ secretStorage: { encryptionAvailable: true, mode: 'encrypted' } });

    const second = await start({ secretBox: box, store: first.store });
    expect(await second.core.handlers['credentials.status']({})).toMatchObject({ state: 'ready', production: { hasClientSecret: true } });
    await second.core.handlers['terminals.list']({});
    expect(second.tokenRequests()).toHaveLength(0);
  });

  it('keeps secrets in memory only where encryption is unavailable, unless plaintext is explicitly allowed', async () => {
    const first = await start();
    await first.core.handlers['settings.update']({ environment: 'production' });
    await first.core.handlers['credentials.setProduction']({
      baseUrl: first.platform.baseUrl,
      clientId: COUNTER_APP.clientId,
      clientSecret: COUNTER_APP.clientSecret,
    });
    expect(await first.core.handlers['credentials.verify']({})).toMatchObject({
      state: 'ready',
      secretStorage: { encryptionAvailable: false, plaintextAllowed: false, mode: 'session-only' },
    });
    expect(first.store.raw()).not.toContain(COUNTER_APP.clientSecret);

    const restarted = await start({ store: first.store });
    expect(await restarted.core.handlers['credentials.status']({})).toMatchObject({
      state: 'not_configured',
      production: { hasClientSecret: false, clientId: COUNTER_APP.clientId },
    });

    await first.core.handlers['credentials.allowPlaintext']({ allow: true });
    expect(first.store.raw()).toContain(COUNTER_APP.clientSecret);
    const withPlaintext = await start({ store: first.store });
    expect(await withPlaintext.core.handlers['credentials.status']({})).toMatchObject({
      state: 'ready',
      secretStorage: { mode: 'plaintext' },
      production: { hasClientSecret: true },
    });

    const withdrawn = await first.core.handlers['credentials.allowPlaintext']({ allow: false });
    expect(withdrawn.secretStorage.mode).toBe('session-only');
    expect(first.store.raw()).not.toContain(COUNTER_APP.clientSecret);
    // Still usable for this session.
    expect(withdrawn.production.hasClientSecret).toBe(true);
  });
});
