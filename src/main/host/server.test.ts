import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppCore, type AppCore } from '../core/app-core';
import { createMemoryStore } from '../core/settings/store';
import {
  HOST_EVENTS_PATH,
  HOST_INVOKE_PREFIX,
  HOST_TOKEN_HEADER,
  HOST_TOKEN_PARAM,
  startBrowserHost,
  type BrowserHost,
  type BrowserHostOptions,
} from './server';

let host: BrowserHost | undefined;
let core: AppCore | undefined;
afterEach(async () => {
  await host?.close();
  await core?.close();
});

async function start(hostOptions: Pick<BrowserHostOptions, 'onUnexpectedError' | 'startupNotices'> = {}): Promise<BrowserHost> {
  const renderer = mkdtempSync(join(tmpdir(), 'counter-renderer-'));
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Counter</title>');
  core = createAppCore({
    settingsStore: createMemoryStore(),
    shell: 'browser-host',
    version: '0.0.0-test',
    sandboxBaseUrl: 'http://127.0.0.1:9',
    fetch: vi.fn(async () => new Response('ok')) as unknown as typeof fetch,
  });
  host = await startBrowserHost({ core, rendererDirectory: renderer, ...hostOptions });
  return host;
}

function invoke(target: BrowserHost, channel: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${target.origin}${HOST_INVOKE_PREFIX}${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: target.origin, [HOST_TOKEN_HEADER]: target.token, ...headers },
    body,
  });
}

/** A raw GET, so the test chooses the Host header and the exact bytes of the path. */
function rawGet(
  target: BrowserHost,
  path: string,
  hostHeader = new URL(target.origin).host,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { hostname, port } = new URL(target.origin);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path, method: 'GET', headers: { host: hostHeader } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('browser host', () => {
  it('serves the renderer and answers contract calls from its own page', async () => {
    const target = await start();
    const page = await fetch(target.url);
    expect(await page.text()).toContain('<title>Counter</title>');
    const response = await invoke(target, 'app.info', '{}');
    expect(await response.json()).toMatchObject({ ok: true, value: { name: 'Counter', shell: 'browser-host', environment: 'sandbox' } });
  });

  it('refuses a call without the per-run token', async () => {
    const target = await start();
    const response = await invoke(target, 'settings.get', '{}', { [HOST_TOKEN_HEADER]: 'guess' });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
  });

  it('refuses a call from another origin even with the token', async () => {
    const target = await start();
    const response = await invoke(target, 'settings.get', '{}', { origin: 'http://evil.example' });
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
  });

  it('answers malformed JSON and unknown channels with typed errors', async () => {
    const target = await start();
    expect(await (await invoke(target, 'settings.get', '{nope')).json()).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await (await invoke(target, 'no.such', '{}')).json()).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
  });

  it('does not serve files outside the renderer folder', async () => {
    const target = await start();
    const response = await fetch(`${target.origin}/..%2f..%2f..%2fetc%2fpasswd`);
    expect(response.status).toBe(404);
  });

  it('pushes main events to a subscribed page over server-sent events', async () => {
    const target = await start();
    const stream = await fetch(`${target.origin}${HOST_EVENTS_PATH}?${HOST_TOKEN_PARAM}=${target.token}`);
    const reader = stream.body!.getReader();
    await reader.read(); // the ": connected" comment
    await invoke(target, 'settings.update', JSON.stringify({ language: 'es' }));
    let text = '';
    while (!text.includes('settings.changed')) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toContain('"language":"es"');
    await reader.cancel();
  });

  it('refuses an event stream without the token', async () => {
    const target = await start();
    const response = await fetch(`${target.origin}${HOST_EVENTS_PATH}`);
    expect(response.status).toBe(403);
  });

  it('answers a malformed percent-encoding with 400, not a failure of its own', async () => {
    const onUnexpectedError = vi.fn();
    const target = await start({ onUnexpectedError });
    for (const path of ['/%', '/%E0%A4%A']) {
      const response = await rawGet(target, path);
      expect(response.status, path).toBe(400);
      expect(JSON.parse(response.body), path).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    }
    const call = await invoke(target, '%zz', '{}');
    expect(call.status).toBe(400);
    expect(await call.json()).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(onUnexpectedError).not.toHaveBeenCalled();
  });

  it('answers only to its own loopback names and port (DNS rebinding)', async () => {
    const target = await start();
    const { port } = new URL(target.origin);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`])
      expect((await rawGet(target, '/', host)).status, host).toBe(200);
    for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1:${Number(port) + 1}`, '127.0.0.1', `127.0.0.1.evil.example:${port}`]) {
      const response = await rawGet(target, '/', host);
      expect(response.status, host).toBe(421);
      expect(response.body).not.toContain('<title>Counter</title>');
    }
  });

  it('forbids framing its pages', async () => {
    const target = await start();
    const response = await rawGet(target, '/');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
  });

  it('tells the page about startup notices through app.info', async () => {
    const notice = {
      code: 'settings_fields_reset' as const,
      message: 'Some settings were not valid',
      backupPath: '/data/settings.json.invalid-x',
      fields: ['language'],
    };
    const target = await start({ startupNotices: [notice] });
    expect(await (await invoke(target, 'app.info', '{}')).json()).toMatchObject({ ok: true, value: { startupNotices: [notice] } });
  });
});
