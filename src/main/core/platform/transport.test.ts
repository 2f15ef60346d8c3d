import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createManualClock } from '../../../shared/clock';
import type { Http } from '../ports';
import { driveUntil } from '../../testing/harness';
import { createPlatformClient } from './client';
import { PlatformError } from './errors';
import { MESSAGES } from './messages';
import { createPlatformTransport, parseRetryAfter, type TokenSource } from './transport';

interface Seen {
  url: string;
  method: string;
  key: string | null;
  auth: string | null;
  at: number;
}

type Answer = Response | 'network' | 'hang';

function scripted(clock: { now(): number }, answers: Answer[]) {
  const seen: Seen[] = [];
  const http: Http = async (url, init = {}) => {
    const headers = new Headers(init.headers);
    seen.push({ url, method: init.method ?? 'GET', key: headers.get('x-idempotency-key'), auth: headers.get('authorization'), at: clock.now() });
    const answer = answers.shift() ?? json(200, { id: 'x' });
    if (answer === 'network') throw new TypeError('fetch failed');
    if (answer === 'hang') {
      return new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
    }
    return answer;
  };
  return { http, seen };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

const errorBody = (status: number, error: string, message = error) => json(status, { message, error, status, cause: [] });

function setup(answers: Answer[], tokens?: TokenSource, base = 'http://platform.test') {
  const clock = createManualClock();
  const { http, seen } = scripted(clock, answers);
  const transport = createPlatformTransport({
    http,
    clock,
    baseUrl: () => base,
    tokens,
    random: () => 0.5,
    policy: { baseDelayMs: 100, maxDelayMs: 1_000, timeoutMs: 2_000 },
  });
  return { clock, seen, transport, client: createPlatformClient(transport) };
}

const fixedTokens = (): TokenSource & { renewals: string[] } => {
  const renewals: string[] = [];
  let token = 'APP_USR-1-010112-aa-1';
  return {
    renewals,
    current: async () => token,
    renew: async (rejected) => {
      renewals.push(rejected);
      token = `APP_USR-1-010112-b${renewals.length}-1`;
      return token;
    },
  };
};

const action = { id: 'a1', type: 'print', external_reference: 'R1', status: 'created', config: { point: { terminal_id: 'T__1', subtype: 'custom' } } };
const createBody = { type: 'print' as const, external_reference: 'R1', config: { point: { terminal_id: 'T__1', subtype: 'custom' as const } }, content: 'x' };

/** Resolves a call while moving the manual clock, since retries wait on it. */
async function run<T>(clock: ReturnType<typeof createManualClock>, call: Promise<T>): Promise<T> {
  let settled = false;
  const watched = call.finally(() => {
    settled = true;
  });
  watched.catch(() => undefined);
  await driveUntil(clock, () => settled, { stepMs: 20, maxMs: 60_000, what: 'the call' });
  return watched;
}

describe('platform transport', () => {
  it('retries network errors, 5xx and 429 with the same idempotency key, then succeeds', async () => {
    const { clock, seen, client } = setup(
      ['network', errorBody(500, 'internal_error'), errorBody(429, 'local_rate_limited'), json(201, action)],
      fixedTokens(),
    );
    const created = await run(clock, client.actions.create(createBody, { idempotencyKey: 'key-1' }));
    expect(created.id).toBe('a1');
    expect(seen).toHaveLength(4);
    expect(new Set(seen.map((request) => request.key))).toEqual(new Set(['key-1']));
  });

  it('makes one key per mutating call when the caller gives none, kept across that call’s retries', async () => {
    const { clock, seen, transport } = setup([errorBody(503, 'service_unavailable'), json(200, { id: 'p' }), json(200, { id: 'q' })], fixedTokens());
    const call = () =>
      transport.request({
        method: 'POST',
        path: '/checkout/preferences',
        body: {},
        authenticated: true,
        idempotent: true,
        response: { kind: 'json', schema: z.object({ id: z.string() }) },
      });
    await run(clock, call());
    await run(clock, call());
    expect(seen[0]?.key).toBeTruthy();
    expect(seen[1]?.key).toBe(seen[0]?.key);
    expect(seen[2]?.key).not.toBe(seen[0]?.key);
  });

  it('honours Retry-After before retrying a 429', async () => {
    const limited = json(429, { message: 'slow down', error: 'local_rate_limited', status: 429, cause: [] }, { 'retry-after': '3' });
    const { clock, seen, client } = setup([limited, json(200, { ...action, created_date: '2026-01-15T12:00:00.000Z' })], fixedTokens());
    await run(clock, client.actions.get('a1'));
    expect(seen).toHaveLength(2);
    expect((seen[1]?.at ?? 0) - (seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(3_000);
  });

  it('gives up a call whose Retry-After is too long, as a retryable error carrying the wait', async () => {
    const { clock, client } = setup(
      [json(429, { message: 'm', error: 'local_rate_limited', status: 429, cause: [] }, { 'retry-after': '120' })],
      fixedTokens(),
    );
    const error = await run(clock, client.actions.get('a1')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ status: 429, code: 'local_rate_limited', retryable: true, retryAfterMs: 120_000 });
  });

  it('never retries a 4xx', async () => {
    for (const [status, code] of [
      [400, 'property_value'],
      [403, 'forbidden_checking_terminal_owner'],
      [404, 'order_not_found'],
      [409, 'already_queued_order_for_terminal'],
    ] as const) {
      const { clock, seen, client } = setup([errorBody(status, code)], fixedTokens());
      const error = await run(clock, client.actions.create(createBody, { idempotencyKey: 'k' })).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ status, code, retryable: false });
      expect(seen).toHaveLength(1);
    }
  });

  it('times an attempt out on the clock and retries it, then reports timeout', async () => {
    const { clock, seen, client } = setup(['hang', 'hang', 'hang', 'hang'], fixedTokens());
    const error = await run(clock, client.actions.get('a1')).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'timeout', status: 0, retryable: true });
    expect(seen).toHaveLength(4);
  });

  it('renews the token once on a 401 and retries with the new one; a second 401 is final', async () => {
    const tokens = fixedTokens();
    const { clock, seen, client } = setup([errorBody(401, 'unauthorized'), json(200, { ...action, created_date: '2026-01-15T12:00:00.000Z' })], tokens);
    await run(clock, client.actions.get('a1'));
    expect(tokens.renewals).toEqual(['APP_USR-1-010112-aa-1']);
    expect(seen.map((request) => request.auth)).toEqual(['Bearer APP_USR-1-010112-aa-1', 'Bearer APP_USR-1-010112-b1-1']);

    const again = setup([errorBody(401, 'unauthorized'), errorBody(401, 'unauthorized')], fixedTokens());
    const error = await run(again.clock, again.client.actions.get('a1')).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(again.seen).toHaveLength(2);
  });

  it('keeps per-call options to their call (the official SDK leaks them into later calls)', async () => {
    const { clock, seen, client } = setup(
      ['network', 'network', json(201, action), json(200, { ...action, created_date: '2026-01-15T12:00:00.000Z' })],
      fixedTokens(),
    );
    const first = await run(
      clock,
      client.actions.create(createBody, { idempotencyKey: 'only-for-the-first', maxAttempts: 1 }).catch((error: unknown) => error),
    );
    expect(first).toMatchObject({ code: 'network_error' });
    await run(clock, client.actions.create(createBody, { idempotencyKey: 'second' }));
    // The second call retried (maxAttempts 1 did not stick) and used its own key.
    const keys = seen.map((request) => request.key);
    expect(keys).toEqual(['only-for-the-first', 'second', 'second']);
    const third = await run(clock, client.actions.get('a1'));
    expect(third.id).toBe('a1');
    expect(seen.at(-1)?.key).toBeNull();
  });

  it('parses every answer: a 2xx that breaks the schema is invalid_response, not a crash', async () => {
    const { clock, client } = setup([json(201, { id: 1 })], fixedTokens());
    const error = await run(clock, client.actions.create(createBody, { idempotencyKey: 'k' })).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'invalid_response', retryable: false });
  });

  it('treats an empty cancel answer (spec 4.5) as success and keeps a base URL’s own path', async () => {
    const { clock, seen, client } = setup([new Response(null, { status: 200 })], fixedTokens(), 'http://platform.test/proxy/');
    await run(clock, client.actions.cancel('a1', { idempotencyKey: 'c1' }));
    expect(seen[0]?.url).toBe('http://platform.test/proxy/terminals/v1/actions/a1/cancel');
    expect(seen[0]?.key).toBe('c1');
  });

  it('sends the token request without Authorization (spec 5.2)', async () => {
    const { clock, seen, client } = setup([
      json(200, { access_token: 'APP_USR-1-010112-aa-1', token_type: 'bearer', expires_in: 10, scope: 'read', user_id: 1, public_key: 'k', live_mode: true }),
    ]);
    await run(clock, client.oauth.token({ grant_type: 'client_credentials', client_id: '1', client_secret: 's' }));
    expect(seen[0]?.auth).toBeNull();
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('2', 0)).toBe(2_000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });
});

/** A real server that reports what it received of each request: its headers, then its whole body or that it was abandoned. */
async function listeningServer() {
  const events: string[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    events.push(`headers content-length=${request.headers['content-length'] ?? 'none'}`);
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      events.push(`body ${body}`);
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(action));
    });
    request.on('aborted', () => events.push('abandoned'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { events, base: `http://127.0.0.1:${String(port)}`, close };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Real time, briefly: long enough for a request that was going to leave to reach a loopback server. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('a create held until the print is on disk (sendAfter)', () => {
  const clientOf = (base: string) =>
    createPlatformClient(
      createPlatformTransport({
        http: (url, init) => fetch(url, init),
        clock: createManualClock(),
        baseUrl: () => base,
        tokens: fixedTokens(),
        random: () => 0.5,
      }),
    );

  it('gives the platform nothing to act on until the write is durable, then the whole body of the declared length', async () => {
    const server = await listeningServer();
    try {
      const durable = deferred();
      const created = clientOf(server.base).actions.create(createBody, { idempotencyKey: 'k1', maxAttempts: 1, sendAfter: durable.promise });
      await settle();
      expect(server.events.filter((event) => event.startsWith('body'))).toEqual([]);
      durable.resolve();
      expect((await created).id).toBe('a1');
      expect(server.events).toEqual([`headers content-length=${String(JSON.stringify(createBody).length)}`, `body ${JSON.stringify(createBody)}`]);
    } finally {
      await server.close();
    }
  });

  it('abandons the request when the write fails, and reports the write’s failure, not a network error, without retrying', async () => {
    const server = await listeningServer();
    try {
      const durable = deferred();
      const created = clientOf(server.base).actions.create(createBody, { idempotencyKey: 'k2', maxAttempts: 3, sendAfter: durable.promise });
      await settle();
      durable.reject(new Error('disk full'));
      await expect(created).rejects.toThrow('disk full');
      await settle();
      expect(server.events.filter((event) => event.startsWith('body'))).toEqual([]);
      expect(server.events.filter((event) => event.startsWith('headers')).length).toBeLessThanOrEqual(1);
    } finally {
      await server.close();
    }
  });
});

describe('the write-ahead gate: nothing asks the platform to act before the local records are on disk', () => {
  const clientOf = (base: string, writeAhead: () => Promise<void>) =>
    createPlatformClient(
      createPlatformTransport({
        http: (url, init) => fetch(url, init),
        clock: createManualClock(),
        baseUrl: () => base,
        tokens: fixedTokens(),
        random: () => 0.5,
        writeAhead,
      }),
    );

  it('holds a POST’s body until every record written so far is durable, and then sends it whole', async () => {
    const server = await listeningServer();
    try {
      const synced = deferred();
      const created = clientOf(server.base, () => synced.promise).actions.create(createBody, { idempotencyKey: 'w1', maxAttempts: 1 });
      await settle();
      expect(server.events.filter((event) => event.startsWith('body'))).toEqual([]);
      synced.resolve();
      expect((await created).id).toBe('a1');
      expect(server.events.at(-1)).toBe(`body ${JSON.stringify(createBody)}`);
    } finally {
      await server.close();
    }
  });

  it('holds a POST without a body (a cancel) entirely, and never holds a read', async () => {
    const server = await listeningServer();
    try {
      const synced = deferred();
      let asked = 0;
      const client = clientOf(server.base, () => {
        asked++;
        return synced.promise;
      });
      const cancelled = client.actions.cancel('a1', { idempotencyKey: 'w2', maxAttempts: 1 });
      await settle();
      expect(server.events).toEqual([]);
      synced.resolve();
      await cancelled;
      expect(server.events).toEqual(['headers content-length=0', 'body ']);
      const before = asked;
      // This server answers every request with a created action, which a read does not parse: only the gate matters here.
      await client.actions.get('a1', { maxAttempts: 1 }).catch(() => undefined);
      expect(server.events.length).toBeGreaterThan(2);
      expect(asked).toBe(before);
    } finally {
      await server.close();
    }
  });

  it('abandons a POST whose records could not be synced, with the disk’s error', async () => {
    const server = await listeningServer();
    try {
      const synced = deferred();
      const created = clientOf(server.base, () => synced.promise).actions.create(createBody, { idempotencyKey: 'w3', maxAttempts: 3 });
      await settle();
      synced.reject(new Error('the history could not be synced'));
      await expect(created).rejects.toThrow('could not be synced');
      await settle();
      expect(server.events.filter((event) => event.startsWith('body'))).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('platform errors', () => {
  const rows: Array<[number, string, string?]> = [
    // 7.1
    [400, 'invalid_client'],
    [400, 'invalid_grant'],
    [400, 'invalid_scope'],
    [400, 'invalid_request'],
    [400, 'unsupported_grant_type'],
    [400, 'forbidden'],
    [400, 'unauthorized_client'],
    [429, 'local_rate_limited'],
    // 7.2
    [400, 'empty_required_header'],
    [400, 'required_properties'],
    [400, 'unsupported_properties'],
    [400, 'property_type'],
    [400, 'property_value'],
    [400, 'json_syntax_error'],
    [400, 'invalid_data_xml'],
    [400, 'content_required', 'content is required'],
    [400, 'content_too_large', 'The content file size exceeds the limit 1MB'],
    [400, 'invalid_base64', 'Error decoding base64, the provided base64 string is not valid.'],
    [401, 'unauthorized'],
    [403, 'forbidden_checking_terminal_owner'],
    [409, 'idempotency_key_already_used'],
    [409, 'already_queued_order_for_terminal'],
    [500, 'idempotency_validation_failed'],
    [500, 'internal_error'],
    // 7.3, 7.4
    [400, 'invalid_path_param'],
    [404, 'order_not_found'],
    [409, 'cannot_cancel_order'],
  ];

  it.each(rows)('maps %i %s to a typed error with an English and a Spanish message', async (status, code, messageText) => {
    // The message-only rows of 7.2 arrive with a generic code; the message decides.
    const body = () => (messageText === undefined ? errorBody(status, code) : errorBody(status, 'property_value', messageText));
    const { clock, client } = setup([body(), body()], fixedTokens());
    const error = await run(clock, client.actions.create(createBody, { idempotencyKey: 'k', maxAttempts: 1 })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformError);
    const typed = error as PlatformError;
    expect({ status: typed.status, code: typed.code, retryable: typed.retryable }).toEqual({ status, code, retryable: status >= 500 || status === 429 });
    expect(Object.hasOwn(MESSAGES, code)).toBe(true);
    expect(typed.cashierMessage('en')).not.toBe(typed.cashierMessage('es'));
    expect(typed.toFailure('es')).toMatchObject({ code, status, message: typed.cashierMessage('es') });
  });

  it('still types an error whose body is not the platform’s', async () => {
    const { clock, client } = setup([new Response('<html>bad gateway</html>', { status: 502 }), new Response('x', { status: 418 })], fixedTokens());
    const first = await run(clock, client.actions.get('a', { maxAttempts: 1 })).catch((caught: unknown) => caught);
    expect(first).toMatchObject({ status: 502, code: 'internal_error', retryable: true });
    const second = await run(clock, client.actions.get('a', { maxAttempts: 1 })).catch((caught: unknown) => caught);
    expect(second).toMatchObject({ status: 418, code: 'http_error', retryable: false });
  });
});
