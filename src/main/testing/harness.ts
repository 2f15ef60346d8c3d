import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { createManualClock, type ManualClock } from '../../shared/clock';
import type { Language } from '../../shared/ipc/channels/app';
import type { IpcFailure } from '../../shared/ipc/define';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/app';
import { createAppCore, type AppCore, type AppCoreOptions } from '../core/app-core';
import { CounterError } from '../core/errors';
import { silentLogger, type Http } from '../core/ports';
import { createMemoryStore } from '../core/settings/store';
import type { SecretBox } from '../core/credentials/secret-box';

/**
 * Test support for the core (imported by *.test.ts and bench/ only): the real in-process sandbox on a
 * manual clock shared with the core, an Http port that records and can break requests, a driver that
 * moves time until a condition holds, and an `openExternal` that answers the sandbox's consent page.
 */

export const COUNTER_APP = { clientId: '4815162342', clientSecret: 'SBX-counter-secret-7d1f0c2a9b' } as const;
export const TERMINAL_1 = 'NEWLAND_N950__SBX0000001';
export const TERMINAL_2 = 'NEWLAND_N950__SBX0000002';
export const TERMINAL_3 = 'PAX_A910__SBX0000003';
export const STANDALONE_TERMINAL = 'PAX_A910__SBX0000004';
export const OTHER_USERS_TERMINAL = 'NEWLAND_N950__SBX0000009';

/** Custom content the sandbox accepts: 100–4096 characters with at least one tag (docs/decisions.md). */
export function receipt(label: string): string {
  const body = `{center}{b}COUNTER TEST{/b}{/center}{br}${label}{br}`;
  return body + '-'.repeat(Math.max(0, 110 - body.length)) + '{br}';
}

/** What every core test's createAppCore starts from: the test sandbox, its clock, an Http of the test's choosing, no log noise. */
export function testCoreOptions(target: TestSandbox, http: Http): Pick<AppCoreOptions, 'shell' | 'version' | 'sandboxBaseUrl' | 'clock' | 'fetch' | 'logger'> {
  return { shell: 'browser-host', version: 'test', sandboxBaseUrl: target.baseUrl, clock: target.clock, fetch: http, logger: silentLogger };
}

/** The failure a handler call was refused with, as the dispatcher would answer it; any other outcome fails the test. */
export async function failureOf(call: unknown, language: Language = 'en'): Promise<IpcFailure> {
  const error = await Promise.resolve(call).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof CounterError)) throw new Error(`expected a CounterError, got ${String(error)}`);
  return error.toFailure(language);
}

export interface TestSandbox {
  readonly sandbox: Sandbox;
  readonly baseUrl: string;
  readonly clock: ManualClock;
  /** Every action the sandbox holds, straight from its state (not through the API under test). */
  actions(): SandboxAction[];
  close(): Promise<void>;
}

const SandboxAction = z.object({ id: z.string(), external_reference: z.string(), terminal_id: z.string(), status: z.string(), createdAt: z.number() });
export type SandboxAction = z.infer<typeof SandboxAction>;

export async function startTestSandbox(options: Omit<SandboxOptions, 'clock'> & { clock?: ManualClock } = {}): Promise<TestSandbox> {
  const clock = options.clock ?? createManualClock();
  const sandbox = await createSandbox({ tokenRateLimit: null, ...options, clock });
  const baseUrl = await sandbox.listen();
  return {
    sandbox,
    baseUrl,
    clock,
    actions() {
      const slice = z.object({ actions: z.array(SandboxAction) }).parse(sandbox.snapshot()['actions']);
      return slice.actions;
    },
    close: () => sandbox.close(),
  };
}

/** Sets a virtual terminal's behaviour through the sandbox control API. */
export async function configureTerminal(target: TestSandbox, terminalId: string, settings: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${target.baseUrl}/__sandbox/terminals/${terminalId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
  if (!response.ok) throw new Error(`configure ${terminalId}: ${response.status} ${await response.text()}`);
}

export async function pressTerminal(target: TestSandbox, terminalId: string, button: 'refresh' | 'cancel'): Promise<Response> {
  return fetch(`${target.baseUrl}/__sandbox/terminals/${terminalId}/${button}`, { method: 'POST' });
}

export async function completeOnTerminal(target: TestSandbox, terminalId: string, status: 'processed' | 'failed'): Promise<Response> {
  return fetch(`${target.baseUrl}/__sandbox/terminals/${terminalId}/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
}

export async function addFaults(target: TestSandbox, rules: Array<Record<string, unknown>>): Promise<void> {
  const response = await fetch(`${target.baseUrl}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(rules),
  });
  if (!response.ok) throw new Error(`faults: ${response.status} ${await response.text()}`);
}

/** Requests of every test Http still waiting for an answer: the driver lets real time pass while any are. */
let requestsInFlight = 0;

export interface RecordedRequest {
  method: string;
  path: string;
  status: number | 'error';
  idempotencyKey: string | null;
  authorization: string | null;
  at: number;
}

/** What to do with one request, decided before it is sent. */
export type Interference = 'pass' | 'refuse' | 'lose-response' | 'hang' | { status: number; code: string; retryAfterSeconds?: number };

/**
 * The Http port over the real fetch, recording every request, with a hook to break one: refuse it
 * (a dropped connection before the server saw it), lose its response (the server acted, the client
 * never heard), hang (until the caller's timeout aborts it), or answer an error itself.
 */
export function createTestHttp(clock: { now(): number }, interfere: (request: { method: string; path: string }) => Interference = () => 'pass') {
  const log: RecordedRequest[] = [];
  let enabled = true;
  const http: Http = async (url, init = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = new URL(url).pathname;
    const headers = new Headers(init.headers);
    const entry: RecordedRequest = {
      method,
      path,
      status: 'error',
      idempotencyKey: headers.get('x-idempotency-key'),
      authorization: headers.get('authorization'),
      at: clock.now(),
    };
    log.push(entry);
    if (!enabled) return new Promise<Response>(() => undefined);
    const decision = interfere({ method, path });
    if (decision === 'refuse') throw new TypeError('fetch failed', { cause: new Error('ECONNRESET') });
    if (decision === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason ?? new Error('aborted')), { once: true });
      });
    }
    if (typeof decision === 'object') {
      entry.status = decision.status;
      const headersOut: Record<string, string> = { 'content-type': 'application/json' };
      if (decision.retryAfterSeconds !== undefined) headersOut['retry-after'] = String(decision.retryAfterSeconds);
      return new Response(JSON.stringify({ message: decision.code, error: decision.code, status: decision.status, cause: [] }), {
        status: decision.status,
        headers: headersOut,
      });
    }
    // Counted only while the real server works on it; a hung request waits on the clock, not on I/O.
    requestsInFlight++;
    let response: Response;
    try {
      response = await fetch(url, init);
    } finally {
      requestsInFlight--;
    }
    entry.status = response.status;
    if (decision === 'lose-response') {
      await response.body?.cancel();
      throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
    }
    return response;
  };
  return {
    http,
    log,
    /** From now on, nothing gets through and nothing comes back: the process is "dead". */
    freeze: () => {
      enabled = false;
    },
  };
}

const realTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 1));
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Lets real I/O finish before the clock moves on: while a request is out the driver waits in real
 * time (so the core's clock-based timeouts are not outrun by the manual clock), otherwise a few turns
 * of the event loop let fsyncs and microtasks complete.
 */
async function letIoRun(): Promise<void> {
  for (let turn = 0; turn < 4; turn++) await nextTurn();
  for (let waited = 0; requestsInFlight > 0 && waited < 2_000; waited++) await realTurn();
  for (let turn = 0; turn < 4; turn++) await nextTurn();
}

/**
 * Moves the manual clock in small steps, letting real I/O (loopback HTTP, fsync) run in between, until
 * `done` holds. Fails after `maxMs` of clock time, naming what it waited for.
 */
export async function driveUntil(
  clock: ManualClock,
  done: () => boolean | Promise<boolean>,
  options: { stepMs?: number; maxMs?: number; what?: string } = {},
): Promise<void> {
  const stepMs = options.stepMs ?? 50;
  const maxMs = options.maxMs ?? 120_000;
  const start = clock.now();
  for (;;) {
    if (await done()) return;
    await letIoRun();
    if (await done()) return;
    if (clock.now() - start > maxMs) throw new Error(`gave up after ${maxMs} ms of clock time waiting for ${options.what ?? 'a condition'}`);
    await clock.advance(stepMs);
  }
}

/** Lets real I/O settle without moving the clock. */
export async function settle(turns = 10): Promise<void> {
  for (let turn = 0; turn < turns; turn++) await realTurn();
}

/**
 * The user, in the system browser: opens the sandbox's consent page, picks the preselected user and
 * presses Accept (or Deny), and the browser follows the redirect to Counter's loopback listener.
 */
export function consentInBrowser(
  decision: 'accept' | 'deny' = 'accept',
  onUrl?: (url: string) => void,
  /** The page the browser shows at the end (Counter's loopback answer). */
  onPage?: (html: string) => void,
): (url: string) => Promise<void> {
  return async (url) => {
    onUrl?.(url);
    const page = await fetch(url);
    const html = await page.text();
    if (!page.ok) throw new Error(`consent page ${page.status}: ${html.slice(0, 200)}`);
    const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1];
    const userId = /<option value="(\d+)" selected>/.exec(html)?.[1] ?? /<option value="(\d+)"/.exec(html)?.[1];
    if (requestId === undefined || userId === undefined) throw new Error('the consent page has no form');
    const answer = await fetch(new URL('/authorization/decision', url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request_id: requestId, user_id: userId, decision }).toString(),
      redirect: 'manual',
    });
    const location = answer.headers.get('location');
    if (location === null) throw new Error(`no redirect from the consent page (${answer.status})`);
    // The browser follows the redirect in the background; Counter's sign-in does not wait for the page.
    void fetch(location)
      .then((response) => response.text())
      .then((html) => onPage?.(html))
      .catch(() => undefined);
  };
}

/** A SecretBox with a real cipher (AES-256-GCM, a key made per box), standing in for the OS key store. */
export function createTestSecretBox(available = true): SecretBox {
  const key = randomBytes(32);
  return {
    isEncryptionAvailable: () => available,
    encrypt(text) {
      if (!available) throw new Error('unavailable');
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
    },
    decrypt(base64) {
      if (!available) throw new Error('unavailable');
      const data = Buffer.from(base64, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

export function temporaryDirectory(prefix = 'counter-core-'): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A core on the sandbox's Counter application whose every request goes through `interfere`, and its sandbox. */
export interface CoreOnSandbox {
  readonly core: AppCore;
  readonly target: TestSandbox;
  readonly log: RecordedRequest[];
  /** Disposes the core, then closes its sandbox. */
  close(): Promise<void>;
}

export async function startCoreOnSandbox(interfere: (request: { method: string; path: string }) => Interference): Promise<CoreOnSandbox> {
  const target = await startTestSandbox();
  const recorder = createTestHttp(target.clock, interfere);
  const core = createAppCore({
    settingsStore: createMemoryStore(),
    ...testCoreOptions(target, recorder.http),
    sandboxCredentials: { ...COUNTER_APP },
    random: () => 0.5,
  });
  return {
    core,
    target,
    log: recorder.log,
    async close() {
      await core.close();
      await target.close();
    },
  };
}

/**
 * Another point of sale of the same account puts a print order on the terminal, straight through the
 * platform's API (it may be refused: one waiting order per terminal). Answers the create's HTTP status.
 */
export async function foreignPrintOrder(target: TestSandbox, terminalId: string, order: { key: string; reference: string }): Promise<number> {
  const tokenResponse = await fetch(`${target.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: COUNTER_APP.clientId, client_secret: COUNTER_APP.clientSecret }),
  });
  const token = (await tokenResponse.json()) as { access_token: string };
  const response = await fetch(`${target.baseUrl}/terminals/v1/actions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access_token}`, 'x-idempotency-key': order.key },
    body: JSON.stringify({
      type: 'print',
      external_reference: order.reference,
      config: { point: { terminal_id: terminalId, subtype: 'custom' } },
      content: receipt('foreign'),
    }),
  });
  await response.body?.cancel();
  return response.status;
}
