import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../shared/clock';
import { IDEMPOTENCY_HEADER } from '../../../shared/platform/terminal-actions';
import { silentLogger, type Http, type Logger, type RandomSource } from '../ports';
import { attempt, heldBodyInit, parseSuccess, type ResponseSpec } from './attempt';
import { PlatformError, platformErrorFromResponse } from './errors';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, retryDelay, sleep, type RetryPolicy } from './retry';

export { DEFAULT_RETRY_POLICY, parseRetryAfter, type RetryPolicy } from './retry';
export type { ResponseSpec } from './attempt';

/** Where bearer tokens come from: the credentials service, which renews them single-flight. */
export interface TokenSource {
  current(): Promise<string>;
  /** Called once after a 401 with the token that was refused; resolves with a fresh one. */
  renew(rejected: string): Promise<string>;
}

/** What one call may change; it applies to that call alone and never to the next one. */
export interface CallOptions {
  /** Reused by every retry of this call; without one, a mutating call makes its own. */
  idempotencyKey?: string;
  timeoutMs?: number;
  /** Attempts in all, the first included; 1 turns retries off for this call. */
  maxAttempts?: number;
  signal?: AbortSignal;
  /**
   * The request is complete only once this resolves, and never if it rejects. The print queue passes the
   * journal's durable write here: fetch is called at once, so its own set-up (the request, a connection
   * from the pool) overlaps the fsync, and the body, of a declared `Content-Length`, is handed over once
   * the record is on disk (undici then writes the headers and the body together). A server acts on no
   * request whose body it has not received whole, so a crash or a failed write leaves nothing on the platform.
   */
  sendAfter?: Promise<unknown>;
}

export interface TransportOptions {
  http: Http;
  clock: Clock;
  /** Read per call, so switching environments needs no new transport. */
  baseUrl: () => string;
  tokens?: TokenSource;
  policy?: Partial<RetryPolicy>;
  random?: RandomSource;
  logger?: Logger;
  /**
   * Resolves once every local record written so far is on disk (the history's sync, history/wal-sync.ts).
   * A POST is complete only once it has resolved, like `sendAfter`: whatever the platform is asked to do,
   * the record that remembers it (and its idempotency key) survives a crash. Not asked for GETs.
   */
  writeAhead?: () => Promise<void>;
  /** Called before each attempt goes out; the print queue uses it for its per-terminal request budget. */
  onAttempt?: (info: { method: string; path: string; attempt: number }) => void;
  /**
   * Told how every call ended, retries and token renewal included: the connection indicator's view of
   * the real requests (docs/decisions.md, "Status a cashier can trust"). Not told of calls the caller aborted.
   */
  onOutcome?: (outcome: RequestOutcome) => void;
}

/** How one call ended: `status` 0 when nothing answered (NO_HTTP_STATUS). */
export interface RequestOutcome {
  method: string;
  path: string;
  authenticated: boolean;
  ok: boolean;
  status: number;
  code: string | null;
  detail: string | null;
}

export interface PlatformRequest<T> {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Bearer authentication (spec 5.1); the token endpoint itself takes none (5.2). */
  authenticated: boolean;
  /** The call needs an X-Idempotency-Key (spec 5.7): create and cancel. */
  idempotent: boolean;
  response: ResponseSpec<T>;
  options?: CallOptions;
}

export interface PlatformTransport {
  request<T>(request: PlatformRequest<T>): Promise<T>;
}

/**
 * The only code that sends HTTP to the platform. It adds authentication and the idempotency key,
 * bounds every attempt with a timeout, retries network failures, 429 and 5xx with jittered exponential
 * backoff (honouring Retry-After) always with the SAME idempotency key, never retries a 4xx, renews
 * the token once on a 401, and parses every answer with its zod schema.
 */
export function createPlatformTransport(options: TransportOptions): PlatformTransport {
  // Frozen, and every call builds its own merged copy: per-call options cannot leak into later calls.
  const policy: Readonly<RetryPolicy> = Object.freeze({ ...DEFAULT_RETRY_POLICY, ...options.policy });
  const random = options.random ?? Math.random;
  const logger = options.logger ?? silentLogger;
  const { clock } = options;

  function buildUrl(path: string, query: PlatformRequest<unknown>['query']): string {
    // Relative to the base, so a base URL with a path of its own (a proxy prefix) is kept.
    const url = new URL(path.replace(/^\/+/, ''), ensureTrailingSlash(options.baseUrl()));
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    return url.toString();
  }

  function requireTokens(): TokenSource {
    if (options.tokens === undefined) throw new Error('this transport has no token source for authenticated calls');
    return options.tokens;
  }

  /** What a first attempt waits for before its body goes: the caller's own record, and every record written so far. */
  function heldBy(method: PlatformRequest<unknown>['method'], sendAfter: Promise<unknown> | undefined): Promise<unknown> | undefined {
    const written = method === 'GET' ? undefined : options.writeAhead?.();
    if (written === undefined) return sendAfter;
    return sendAfter === undefined ? written : Promise.all([sendAfter, written]);
  }

  /** One attempt of the call: its parsed answer, or the failure it ended with. */
  async function tryOnce<T>(spec: PlatformRequest<T>, call: Readonly<RetryPolicy & CallOptions>, init: RequestInit, attemptNumber: number, url: string) {
    try {
      options.onAttempt?.({ method: spec.method, path: spec.path, attempt: attemptNumber });
      // Only the first attempt can be ahead of it: a retry starts after the first one ended.
      const held = attemptNumber === 1 ? heldBy(spec.method, call.sendAfter) : undefined;
      // Without a body there is nothing to hold back: the request itself waits.
      if (held !== undefined && typeof init.body !== 'string') await held;
      const sent =
        held === undefined || typeof init.body !== 'string' ? init : heldBodyInit(spec.method, init.headers as Record<string, string>, init.body, held);
      const { response, text } = await attempt(options.http, clock, { url, init: sent, timeoutMs: call.timeoutMs, signal: call.signal }).catch(
        async (error: unknown) => {
          // A body never finished because its precondition failed: that failure, not a network one.
          if (held !== undefined) await held;
          throw error;
        },
      );
      if (response.ok) return { ok: true as const, value: parseSuccess(spec.response, response.status, text) };
      return {
        ok: false as const,
        failure: platformErrorFromResponse(response.status, text, parseRetryAfter(response.headers.get('retry-after'), clock.now())),
      };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      return { ok: false as const, failure: error };
    }
  }

  async function send<T>(spec: PlatformRequest<T>): Promise<T> {
    const call: Readonly<RetryPolicy & CallOptions> = { ...policy, ...definedOnly(spec.options ?? {}) };
    const idempotencyKey = spec.idempotent ? (call.idempotencyKey ?? randomUUID()) : undefined;
    const url = buildUrl(spec.path, spec.query);
    const bodyText = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    let token = spec.authenticated ? await requireTokens().current() : undefined;
    let renewedAfter401 = false;

    for (let attemptNumber = 1; ; attemptNumber++) {
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (bodyText !== undefined) headers['Content-Type'] = 'application/json';
      if (token !== undefined) headers.Authorization = `Bearer ${token}`;
      if (idempotencyKey !== undefined) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
      const result = await tryOnce(spec, call, { method: spec.method, headers, body: bodyText }, attemptNumber, url);
      if (result.ok) return result.value;
      const { failure } = result;
      if (failure.status === 401 && token !== undefined && !renewedAfter401) {
        // Once: a second 401 with a brand-new token is a credentials problem, not a stale token.
        renewedAfter401 = true;
        token = await requireTokens().renew(token);
        attemptNumber--;
        continue;
      }
      const delay = retryDelay(failure, attemptNumber, call, random);
      if (delay === undefined) throw failure;
      logger.debug('platform call will be retried', { method: spec.method, path: spec.path, code: failure.code, attempt: attemptNumber, delay });
      await sleep(clock, delay, call.signal);
    }
  }

  return { request: (spec) => reportingOutcome(spec, send, options.onOutcome, logger) };
}

/** The call, how it ended told to `onOutcome` (a call its caller aborted is not told). */
async function reportingOutcome<T>(
  spec: PlatformRequest<T>,
  send: (spec: PlatformRequest<T>) => Promise<T>,
  onOutcome: TransportOptions['onOutcome'],
  logger: Logger,
): Promise<T> {
  if (onOutcome === undefined) return send(spec);
  const tell = (outcome: Omit<RequestOutcome, 'method' | 'path' | 'authenticated'>): void => {
    try {
      onOutcome({ method: spec.method, path: spec.path, authenticated: spec.authenticated, ...outcome });
    } catch (error) {
      logger.warn('an outcome listener failed', { error: String(error) });
    }
  };
  try {
    const result = await send(spec);
    tell({ ok: true, status: 200, code: null, detail: null });
    return result;
  } catch (error) {
    if (error instanceof PlatformError && !spec.options?.signal?.aborted) tell({ ok: false, status: error.status, code: error.code, detail: error.detail });
    throw error;
  }
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

function ensureTrailingSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}
