import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsPatch } from '../../../shared/ipc/channels/app';
import { SetProductionRequest } from '../../../shared/ipc/channels/credentials';
import { createAppCore, type AppCore, type AppCoreOptions } from '../app-core';
import { createMemoryStore } from '../settings/store';
import { consentInBrowser, COUNTER_APP, createTestHttp, failureOf, startTestSandbox, testCoreOptions, type TestSandbox } from '../../testing/harness';

/** Production set-up: the sandbox stands in for the production platform at its own base URL. */

let platform: TestSandbox | undefined;
const cores: AppCore[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  await platform?.close();
  platform = undefined;
});

async function start(overrides: Partial<AppCoreOptions> = {}, sandbox: { strictRedirects?: boolean } = {}) {
  platform ??= await startTestSandbox(sandbox);
  const target = platform;
  const recorder = createTestHttp(target.clock);
  const core = createAppCore({ settingsStore: createMemoryStore(), ...testCoreOptions(target, recorder.http), ...overrides });
  cores.push(core);
  const tokenRequests = () => recorder.log.filter((request) => request.path === '/oauth/token');
  return { core, target, tokenRequests };
}

/** A free loopback port, found by listening once and letting go. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function registerRedirects(target: TestSandbox, redirectUris: string[]): Promise<void> {
  const response = await fetch(`${target.baseUrl}/__sandbox/oauth/redirect-policy`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ strict: true, redirect_uris: { [COUNTER_APP.clientId]: redirectUris } }),
  });
  expect(response.status, await response.text()).toBe(200);
}

describe('the production settings refuse what cannot be a platform or an application', () => {
  it.each([
    ['javascript:alert(1)'],
    ['file:///etc/passwd'],
    ['http://api.example.com'],
    ['ftp://api.example.com'],
    ['https://user:pass@api.example.com'],
    ['not a url'],
  ])('refuses the base URL %s with a message that says https', (baseUrl) => {
    for (const schema of [SettingsPatch, SetProductionRequest]) {
      const parsed = schema.safeParse(schema === SettingsPatch ? { production: { baseUrl } } : { baseUrl });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/https:\/\//);
    }
  });

  it.each([['https://api.example.com'], ['http://127.0.0.1:3333'], ['http://localhost:8080/'], ['http://[::1]:9000']])('accepts %s', (baseUrl) => {
    expect(SettingsPatch.safeParse({ production: { baseUrl } }).success).toBe(true);
  });

  it('takes a client ID of digits only (spec 2.1), an empty one meaning not set', () => {
    expect(SettingsPatch.safeParse({ production: { clientId: 'abc' } }).error?.issues[0]?.message).toMatch(/number/);
    expect(SetProductionRequest.safeParse({ clientId: '12ab' }).success).toBe(false);
    expect(SetProductionRequest.safeParse({ clientId: ' 4815162342 ' }).data?.clientId).toBe('4815162342');
    expect(SettingsPatch.safeParse({ production: { clientId: '' } }).success).toBe(true);
  });

  it.each([
    ['https://127.0.0.1:53682/callback'],
    ['http://localhost:53682/callback'],
    ['http://127.0.0.1/callback'],
    ['http://127.0.0.1:80/callback'],
    ['http://127.0.0.1:53682/callback?x=1'],
    ['http://10.0.0.2:53682/callback'],
  ])('refuses the redirect URI %s: it must be http://127.0.0.1 with a fixed port', (redirectUri) => {
    expect(SetProductionRequest.safeParse({ redirectUri }).error?.issues[0]?.message).toMatch(/127\.0\.0\.1:PORT/);
  });
});

describe('a changed production base URL', () => {
  it('forgets the client secret and the tokens, so the secret is never sent to the new address', async () => {
    const { core, target, tokenRequests } = await start();
    await core.handlers['settings.update']({ environment: 'production' });
    await core.handlers['credentials.setProduction']({ baseUrl: target.baseUrl, clientId: COUNTER_APP.clientId, clientSecret: COUNTER_APP.clientSecret });
    expect((await core.handlers['credentials.verify']({})).state).toBe('ready');

    const sentSoFar = tokenRequests().length;
    const elsewhere = 'https://elsewhere.invalid';
    const moved = await core.handlers['credentials.setProduction']({ baseUrl: elsewhere });
    expect(moved).toMatchObject({
      state: 'not_configured',
      token: null,
      production: { baseUrl: elsewhere, clientId: COUNTER_APP.clientId, hasClientSecret: false },
    });
    expect(await failureOf(core.handlers['terminals.list']({}))).toMatchObject({ code: 'not_configured' });
    expect(tokenRequests()).toHaveLength(sentSoFar);
  });

  it('forgets them too when the base URL changes through settings.update, and keeps a secret sent with the new URL', async () => {
    const { core, target } = await start();
    await core.handlers['settings.update']({ environment: 'production' });
    await core.handlers['credentials.setProduction']({ baseUrl: 'https://old.invalid', clientId: COUNTER_APP.clientId, clientSecret: 'old-secret' });
    await core.handlers['settings.update']({ production: { baseUrl: 'https://other.invalid' } });
    expect((await core.handlers['credentials.status']({})).production.hasClientSecret).toBe(false);

    const together = await core.handlers['credentials.setProduction']({ baseUrl: target.baseUrl, clientSecret: COUNTER_APP.clientSecret });
    expect(together.production.hasClientSecret).toBe(true);
    expect((await core.handlers['credentials.verify']({})).state).toBe('ready');
  });
});

describe('sign-in against a platform that matches redirect_uri exactly', () => {
  it('listens on the registered redirect URI and signs in; the status shows it', async () => {
    const port = await freePort();
    const redirectUri = `http://127.0.0.1:${port}/callback`;
    const sent: string[] = [];
    const { core, target } = await start({ openExternal: consentInBrowser('accept', (url) => sent.push(url)) }, { strictRedirects: true });
    await registerRedirects(target, [redirectUri]);
    await core.handlers['settings.update']({ environment: 'production' });
    const configured = await core.handlers['credentials.setProduction']({
      baseUrl: target.baseUrl,
      clientId: COUNTER_APP.clientId,
      clientSecret: COUNTER_APP.clientSecret,
      authorizationUrl: target.baseUrl,
      redirectUri,
    });
    expect(configured.production.redirectUri).toBe(redirectUri);

    const status = await core.handlers['credentials.signIn']({});
    expect(new URL(sent[0] ?? '').searchParams.get('redirect_uri')).toBe(redirectUri);
    expect(status).toMatchObject({ state: 'ready', identity: 'user', token: { grant: 'authorization_code', type: 'APP_USR' } });
  });

  it('fails when the application has another port registered: the authorization page refuses the request', async () => {
    const { core, target } = await start({ openExternal: consentInBrowser('accept') }, { strictRedirects: true });
    await registerRedirects(target, ['http://127.0.0.1:1/callback']);
    await core.handlers['settings.update']({ environment: 'production' });
    await core.handlers['credentials.setProduction']({
      baseUrl: target.baseUrl,
      clientId: COUNTER_APP.clientId,
      clientSecret: COUNTER_APP.clientSecret,
      authorizationUrl: target.baseUrl,
      redirectUri: `http://127.0.0.1:${await freePort()}/callback`,
    });
    await expect(core.handlers['credentials.signIn']({})).rejects.toThrow(/consent page 400/);
  });

  it('names a busy redirect port instead of picking another one', async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    try {
      const { core, target } = await start({ openExternal: consentInBrowser('accept') });
      await core.handlers['settings.update']({ environment: 'production' });
      await core.handlers['credentials.setProduction']({
        baseUrl: target.baseUrl,
        clientId: COUNTER_APP.clientId,
        clientSecret: COUNTER_APP.clientSecret,
        redirectUri: `http://127.0.0.1:${(busy.address() as AddressInfo).port}/callback`,
      });
      const failure = await failureOf(core.handlers['credentials.signIn']({}));
      expect(failure).toMatchObject({ code: 'sign_in_port_busy' });
      expect(failure.message).toMatch(/port/);
    } finally {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    }
  });
});

describe('cancelling a sign-in', () => {
  it('answers with no sign-in in progress at once, and the waiting sign-in ends as cancelled', async () => {
    let opened = false;
    const { core } = await start({
      openExternal: async () => {
        opened = true;
      },
    });
    const signIn = failureOf(core.handlers['credentials.signIn']({}));
    await expect.poll(() => opened).toBe(true);
    expect((await core.handlers['credentials.status']({})).signInInProgress).toBe(true);
    expect((await core.handlers['credentials.cancelSignIn']({})).signInInProgress).toBe(false);
    expect(await signIn).toMatchObject({ code: 'sign_in_cancelled' });
  });
});
