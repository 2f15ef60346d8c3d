import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { isFinalPrintStatus } from '../../../shared/lifecycle/print';
import { createAppCore, type AppCore } from '../app-core';
import { createDispatcher } from '../ipc/dispatch';
import type { Http } from '../ports';
import { createMemoryStore } from '../settings/store';
import { COUNTER_APP, driveUntil, receipt, startTestSandbox, TERMINAL_1, type TestSandbox } from '../../testing/harness';
import { openCounterLog, type CounterLog } from './counter-log';
import { luhnValid } from './scrub';

/** The platform's test Visa in full, a PIN and a sign-in code: what a careless line could carry. */
const CARD_NUMBER = '4509953566233704';
const PIN = '914273';
const SIGN_IN_CODE = 'TG-5f1e2d3c4b5a69788796a5b4';

let platform: TestSandbox | undefined;
let core: AppCore | undefined;
let log: CounterLog | undefined;
let folder: string | undefined;
afterEach(async () => {
  await core?.close();
  await log?.close();
  await platform?.close();
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  core = log = platform = folder = undefined;
});

/** The real fetch, noting every secret that crosses it: the app's secret going out, every token coming back. */
function secretNotingHttp(secrets: Set<string>): Http {
  return async (url, init) => {
    if (typeof init?.body === 'string' && url.includes('/oauth/token')) {
      const sent = JSON.parse(init.body) as Record<string, unknown>;
      for (const key of ['client_secret', 'refresh_token', 'code', 'code_verifier']) if (typeof sent[key] === 'string') secrets.add(sent[key]);
    }
    const authorization = new Headers(init?.headers).get('authorization');
    if (authorization !== null) secrets.add(authorization.replace(/^Bearer /, ''));
    const response = await fetch(url, init);
    if (url.includes('/oauth/token') && response.ok) {
      const body = (await response.clone().json()) as Record<string, unknown>;
      for (const key of ['access_token', 'refresh_token']) if (typeof body[key] === 'string') secrets.add(body[key]);
    }
    return response;
  };
}

describe('the structured log of a realistic run', () => {
  it('names the counter, the version and the platform’s request id, and holds none of the secrets the run used', async () => {
    expect(luhnValid(CARD_NUMBER)).toBe(true);
    folder = mkdtempSync(join(tmpdir(), 'counter-log-'));
    platform = await startTestSandbox();
    log = await openCounterLog({ directory: join(folder, 'logs'), counterId: 'counter-7', version: '9.8.7', level: 'debug' });
    const secrets = new Set<string>([COUNTER_APP.clientSecret, CARD_NUMBER, PIN, SIGN_IN_CODE]);
    core = createAppCore({
      settingsStore: createMemoryStore(),
      shell: 'browser-host',
      version: '9.8.7',
      sandboxBaseUrl: platform.baseUrl,
      clock: platform.clock,
      fetch: secretNotingHttp(secrets),
      log,
      dataDirectory: folder,
      sandboxCredentials: { clientId: COUNTER_APP.clientId, clientSecret: COUNTER_APP.clientSecret },
    });
    const dispatch = createDispatcher({ handlers: core.handlers, language: core.language, guard: core.guard, isTrustedSender: () => true });
    const sender = { url: 'app://counter/index.html' };
    const call = async (channel: string, request: unknown): Promise<unknown> => {
      const result = await dispatch(channel, request, sender);
      if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
      return result.value;
    };

    await call('credentials.verify', {});
    await call('terminals.list', {});
    const print = (await call('prints.enqueue', { terminalId: TERMINAL_1, subtype: 'custom', content: receipt('logged print') })) as { id: string };
    await driveUntil(platform.clock, async () => isFinalPrintStatus(((await call('prints.get', { id: print.id })) as { status: never }).status), {
      what: 'the print to finish',
    });
    const sale = (await call('terminalSales.charge', { terminalId: TERMINAL_1, amount: '24,50' })) as { id: string };
    await driveUntil(platform.clock, async () => ((await call('terminalSales.get', { id: sale.id })) as { status: string }).status === 'at_terminal', {
      what: 'the sale to reach the terminal',
    });
    const tap = await fetch(`${platform.baseUrl}/__sandbox/terminals/${TERMINAL_1}/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ result: 'approved' }),
    });
    expect(tap.ok).toBe(true);
    await driveUntil(platform.clock, async () => ((await call('terminalSales.get', { id: sale.id })) as { status: string }).status === 'processed', {
      what: 'the sale to be approved',
    });
    // A renderer that quotes what it should not: every kind of secret in the message and the fields.
    const token = [...secrets].find((secret) => secret.startsWith('APP_USR-')) ?? 'APP_USR-none';
    await call('log.write', {
      level: 'error',
      message: `charge failed: Bearer ${token} card ${CARD_NUMBER.replace(/(\d{4})/g, '$1 ').trim()} pin=${PIN} back from https://auth.example/cb?code=${SIGN_IN_CODE}&state=x`,
      fields: { pin: PIN, card: CARD_NUMBER, note: `client_secret=${COUNTER_APP.clientSecret}` },
    });
    core.handlers['log.write']({ level: 'info', message: 'plain line from the renderer' });

    // The diagnostics bundle of the same run: every part listed, none of the secrets.
    const bundle = (await call('diagnostics.build', {})) as { zipBase64: string; entries: Array<{ name: string }> };
    const unzipped = unzipSync(Buffer.from(bundle.zipBase64, 'base64'));
    const names = Object.keys(unzipped);
    for (const name of ['manifest.json', 'versions.json', 'settings.json', 'history.json', 'store.json', 'platform-calls.json']) expect(names).toContain(name);
    expect(names.some((name) => name.startsWith('logs/counter.'))).toBe(true);
    expect(bundle.entries.map((entry) => entry.name).sort()).toEqual(names.sort());
    const history = JSON.parse(strFromU8(unzipped['history.json'] ?? new Uint8Array())) as { counts: Record<string, number>; integrity: string[] };
    expect(history.integrity).toEqual(['ok']);
    expect(Object.values(history.counts).some((count) => count > 0)).toBe(true);
    const calls = JSON.parse(strFromU8(unzipped['platform-calls.json'] ?? new Uint8Array())) as Array<Record<string, unknown>>;
    expect(calls.length).toBeGreaterThan(5);
    expect(Object.keys(calls[0] ?? {}).sort()).toEqual(['at', 'durationMs', 'error', 'method', 'path', 'requestId', 'status']);
    const everything = Object.values(unzipped)
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    for (const secret of secrets) expect(everything.includes(secret), `the bundle holds ${secret.slice(0, 12)}…`).toBe(false);

    await core.close();
    core = undefined;
    await log.close();
    const text = log
      .files()
      .map((file) => readFileSync(file, 'utf8'))
      .join('');
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

    expect([...secrets].filter((secret) => secret.startsWith('APP_USR-')).length).toBeGreaterThan(0);
    for (const secret of secrets) expect(text.includes(secret), `the log holds ${secret.slice(0, 12)}…`).toBe(false);
    expect(text).not.toMatch(/\b(APP_USR|TG)-[A-Za-z0-9]{6,}/);
    expect(lines.every((line) => line['counter'] === 'counter-7' && line['version'] === '9.8.7')).toBe(true);
    const callLines = lines.filter((line) => line['msg'] === 'platform call');
    expect(callLines.length).toBeGreaterThan(5);
    for (const line of callLines) expect(line['requestId'], JSON.stringify(line)).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(lines.map((line) => line['src']))).toEqual(new Set(['core', 'renderer']));
    expect(lines.find((line) => line['src'] === 'renderer' && line['level'] === 50)).toBeDefined();
  }, 60_000);
});
