import type { Clock } from '../../../shared/clock';
import type { RandomSource } from '../ports';
import { backoffDelay } from '../rounds/backoff';
import { isTransientStatus, type PlatformError } from './errors';

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

/** Milliseconds a Retry-After header asks for: delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, nowMs: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/**
 * How long to wait before attempt `attemptNumber + 1`, or undefined when the call must end with this
 * failure: a 4xx, attempts used up, or a Retry-After longer than the call may be held. Network
 * failures, 429 and 5xx are retried, after Retry-After when given, else a jittered exponential backoff.
 */
export function retryDelay(failure: PlatformError, attemptNumber: number, policy: Readonly<RetryPolicy>, random: RandomSource): number | undefined {
  if (!isTransientStatus(failure.status) || attemptNumber >= policy.maxAttempts) return undefined;
  if (failure.retryAfterMs !== undefined) return failure.retryAfterMs > policy.maxRetryAfterMs ? undefined : failure.retryAfterMs + Math.round(random() * 100);
  return backoffDelay({ initialMs: policy.baseDelayMs, factor: 2, capMs: policy.maxDelayMs }, attemptNumber, random);
}

/** Waits on the clock; an abort of `signal` ends the wait with the abort's reason. */
export function sleep(clock: Clock, ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
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
}

export function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new Error('the call was aborted');
}
