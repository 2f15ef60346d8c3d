import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Clock } from '../../../shared/clock';
import { IDEMPOTENCY_HEADER } from '../../../shared/platform/terminal-actions';
import { silentLogger, type Http, type Logger, type RandomSource } from '../ports';
import { NO_HTTP_STATUS, PlatformError, isTransientStatus, platformErrorFromResponse } from './errors';

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

export interface RetryPolicy {
  timeoutMs: number;
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this ends the call (retryable) instead of holding it open. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze({
  timeoutMs: 15_000,
  maxAttempts: 4,
  baseDelayMs: 300,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
});

export interface TransportOptions {
  http: Http;
  clock: Clock;
  /** Read per call, so switching environments needs no new transport. */
  baseUrl: () => string;
  tokens?: TokenSource;
  policy?: Partial<RetryPolicy>;
  random?: RandomSource;
  logger?: Logger;
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

export type ResponseSpec<T> = { kind: 'json'; schema: z.ZodType<T> } | { kind: 'empty' };

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

/** Milliseconds a Retry-After header asks for: delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, nowMs: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
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

  const sleep = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortError(signal));
      const onAbort = (): void => {
        clock.clearTimeout(timer);
        reject(abortError(signal));
      };
      const timer = clock.setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });

  const backoffMs = (retryNumber: number): number => {
    const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retryNumber - 1));
    // "Equal jitter": never less than half the step, so a burst of clients still spreads out.
    return Math.round(ceiling / 2 + random() * (ceiling / 2));
  };

  function buildUrl(path: string, query: PlatformRequest<unknown>['query']): string {
    // Relative to the base, so a base URL with a path of its own (a proxy prefix) is kept.
    const url = new URL(path.replace(/^\/+/, ''), ensureTrailingSlash(options.baseUrl()));
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    return url.toString();
  }

  /** One attempt: an HTTP answer of any status, or a PlatformError with status 0 for no answer. */
  async function attempt(
    url: string,
    init: RequestInit,
    timeoutMs: number,
    outerSignal: AbortSignal | undefined,
  ): Promise<{ response: Response; text: string }> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = clock.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onOuterAbort = (): void => controller.abort();
    outerSignal?.addEventListener('abort', onOuterAbort, { once: true });
    try {
      const response = await options.http(url, { ...init, signal: controller.signal });
      // The body is read under the same timeout: a server that stalls mid-body is as dead as a silent one.
      const text = await response.text();
      return { response, text };
    } catch (error) {
      if (outerSignal?.aborted) throw abortError(outerSignal);
      if (timedOut) throw new PlatformError({ status: NO_HTTP_STATUS, code: 'timeout', detail: `no answer within ${timeoutMs} ms` });
      throw new PlatformError({
        status: NO_HTTP_STATUS,
        code: 'network_error',
        detail: error instanceof Error ? `${error.message}${causeText(error)}` : String(error),
      });
    } finally {
      clock.clearTimeout(timer);
      outerSignal?.removeEventListener('abort', onOuterAbort);
    }
  }

  /** The call, its outcome told to `onOutcome`. */
  async function request<T>(spec: PlatformRequest<T>): Promise<T> {
    if (options.onOutcome === undefined) return send(spec);
    const tell = (outcome: Omit<RequestOutcome, 'method' | 'path' | 'authenticated'>): void => {
      try {
        options.onOutcome?.({ method: spec.method, path: spec.path, authenticated: spec.authenticated, ...outcome });
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

      let failure: PlatformError;
      try {
        options.onAttempt?.({ method: spec.method, path: spec.path, attempt: attemptNumber });
        // Only the first attempt can be ahead of it: a retry starts after the first one ended.
        const held = attemptNumber === 1 ? call.sendAfter : undefined;
        const init: RequestInit =
          held === undefined || bodyText === undefined ? { method: spec.method, headers, body: bodyText } : heldBodyInit(spec.method, headers, bodyText, held);
        const { response, text } = await attempt(url, init, call.timeoutMs, call.signal).catch(async (error: unknown) => {
          // A body never finished because its precondition failed: that failure, not a network one.
          if (held !== undefined) await held;
          throw error;
        });
        if (response.ok) return parseSuccess(spec.response, response.status, text);
        failure = platformErrorFromResponse(response.status, text, parseRetryAfter(response.headers.get('retry-after'), clock.now()));
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        failure = error;
      }

      if (failure.status === 401 && token !== undefined && !renewedAfter401) {
        // Once: a second 401 with a brand-new token is a credentials problem, not a stale token.
        renewedAfter401 = true;
        token = await requireTokens().renew(token);
        attemptNumber--;
        continue;
      }
      if (!isTransientStatus(failure.status) || attemptNumber >= call.maxAttempts) throw failure;
      if (failure.retryAfterMs !== undefined && failure.retryAfterMs > call.maxRetryAfterMs) throw failure;
      const delay = failure.retryAfterMs !== undefined ? failure.retryAfterMs + Math.round(random() * 100) : backoffMs(attemptNumber);
      logger.debug('platform call will be retried', { method: spec.method, path: spec.path, code: failure.code, attempt: attemptNumber, delay });
      await sleep(delay, call.signal);
    }
  }

  function requireTokens(): TokenSource {
    if (options.tokens === undefined) throw new Error('this transport has no token source for authenticated calls');
    return options.tokens;
  }

  return { request };
}

/**
 * A request handed to fetch now whose body (its length declared) is released once `ready` resolves; if
 * it rejects, the body stream fails and the request is abandoned unfinished.
 */
function heldBodyInit(method: string, headers: Record<string, string>, bodyText: string, ready: Promise<unknown>): RequestInit {
  const bytes = new TextEncoder().encode(bodyText);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await ready;
      controller.enqueue(bytes);
      controller.close();
    },
  });
  // `duplex` is required by fetch for a streamed body; Node's RequestInit type does not declare it yet everywhere.
  const init: RequestInit & { duplex: 'half' } = { method, headers: { ...headers, 'Content-Length': String(bytes.byteLength) }, body, duplex: 'half' };
  return init;
}

function parseSuccess<T>(spec: ResponseSpec<T>, status: number, text: string): T {
  if (spec.kind === 'empty') return undefined as T;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new PlatformError({ status, code: 'invalid_response', retryable: false, detail: `not JSON: ${text.slice(0, 200)}` });
  }
  const parsed = spec.schema.safeParse(json);
  if (!parsed.success) {
    throw new PlatformError({
      status,
      code: 'invalid_response',
      retryable: false,
      detail: parsed.error.issues
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ')
        .slice(0, 500),
    });
  }
  return parsed.data;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

function ensureTrailingSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}

function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new Error('the call was aborted');
}

function causeText(error: Error): string {
  const cause: unknown = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? ` (${cause.message})` : '';
}
