import { describe, expect, it } from 'vitest';
import { NO_HTTP_STATUS, PlatformError } from './errors';
import { DEFAULT_RETRY_POLICY, retryDelay } from './retry';

const failure = (status: number, retryAfterMs?: number) => new PlatformError({ status, code: 'x', retryAfterMs });
const policy = { ...DEFAULT_RETRY_POLICY, baseDelayMs: 300, maxDelayMs: 8_000, maxAttempts: 4, maxRetryAfterMs: 30_000 };

describe('retry policy', () => {
  it('never retries a 4xx other than 429, and stops when the attempts are used up', () => {
    for (const status of [400, 401, 403, 404, 409])
      expect(
        retryDelay(failure(status), 1, policy, () => 0.5),
        String(status),
      ).toBeUndefined();
    for (const status of [NO_HTTP_STATUS, 429, 500, 503])
      expect(
        retryDelay(failure(status), 1, policy, () => 0.5),
        String(status),
      ).toBeDefined();
    expect(retryDelay(failure(503), 4, policy, () => 0.5)).toBeUndefined();
  });

  it('backs off exponentially with equal jitter: between half and all of the step, capped', () => {
    expect([1, 2, 3].map((attempt) => retryDelay(failure(503), attempt, policy, () => 0))).toEqual([150, 300, 600]);
    expect([1, 2, 3].map((attempt) => retryDelay(failure(503), attempt, policy, () => 1))).toEqual([300, 600, 1_200]);
    expect(retryDelay(failure(503), 10, { ...policy, maxAttempts: 20 }, () => 1)).toBe(8_000);
  });

  it('waits what Retry-After asks (plus a little jitter), and gives up on one longer than the call may wait', () => {
    expect(retryDelay(failure(429, 2_000), 1, policy, () => 0)).toBe(2_000);
    expect(retryDelay(failure(429, 2_000), 1, policy, () => 1)).toBe(2_100);
    expect(retryDelay(failure(429, 31_000), 1, policy, () => 0)).toBeUndefined();
  });
});
