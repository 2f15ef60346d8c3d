/**
 * The retry schedule of spec 6.3: "retry every 15 minutes until a response is received; after the third
 * attempt the interval is extended; attempts continue". The extension and the end are not shown; the
 * sandbox doubles from 1 hour, caps at 24 hours and gives up once the next attempt would fall more than
 * 3 days after the notification was created (docs/decisions.md).
 */

export interface RetryPolicy {
  /** 6.3 and 8: 15 minutes between the first three attempts. */
  readonly retryIntervalMs: number;
  /** How many attempts run at the 15-minute interval before it is extended (6.3: three). */
  readonly attemptsAtRetryInterval: number;
  /** The first extended interval; each later one doubles. */
  readonly extendedBaseMs: number;
  readonly maxIntervalMs: number;
  /** No attempt is scheduled later than this after the notification was created. */
  readonly giveUpAfterMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  retryIntervalMs: 15 * MINUTE,
  attemptsAtRetryInterval: 3,
  extendedBaseMs: HOUR,
  maxIntervalMs: 24 * HOUR,
  giveUpAfterMs: 72 * HOUR,
};

/** The wait after the n-th scheduled attempt (1-based) failed. */
export function delayAfterAttempt(attempt: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY): number {
  if (attempt < policy.attemptsAtRetryInterval) return policy.retryIntervalMs;
  const doublings = attempt - policy.attemptsAtRetryInterval;
  return Math.min(policy.extendedBaseMs * 2 ** doublings, policy.maxIntervalMs);
}

/** When the next attempt runs, or null when the notification is given up. */
export function nextAttemptAt(createdAt: number, attemptAt: number, attempt: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY): number | null {
  const next = attemptAt + delayAfterAttempt(attempt, policy);
  return next - createdAt > policy.giveUpAfterMs ? null : next;
}

/** Offsets from creation of every scheduled attempt against a receiver that never acknowledges. */
export function attemptOffsets(policy: RetryPolicy = DEFAULT_RETRY_POLICY): number[] {
  const offsets = [0];
  for (;;) {
    const last = offsets[offsets.length - 1] ?? 0;
    const next = nextAttemptAt(0, last, offsets.length, policy);
    if (next === null) return offsets;
    offsets.push(next);
  }
}
