import { RESEND_CUTOFF_MS, resendVerdict } from '../creates/resend-rule';
import type { Backoff } from '../rounds/backoff';
import type { PollPolicy } from './poll-policy';

export interface QueuePolicy {
  /** Every request for one terminal (create, get, cancel) counts against this budget. */
  requestsPerMinute: number;
  /** Requests the budget lets through at once (the quick polls after a change), paid back by pacing. */
  requestBurst: number;
  /** Status polling (see `PollPolicy` and `nextPollDelay`). */
  poll: PollPolicy;
  /** Waiting for another client's order to leave the terminal (409 already_queued_order_for_terminal). */
  busy: Backoff;
  /** After a network failure, a timeout, a 429 or a 5xx. */
  failure: Backoff;
  /** After the credentials failed (they may be fixed in Settings, which wakes the queue at once). */
  credentialsRetryMs: number;
  requestTimeoutMs: number;
  /** A print whose create was never confirmed is not resent after this (creates/resend-rule.ts; never later than its cut-off). */
  unconfirmedAfterMs: number;
  /** Consecutive 404s on a created action before it is given up as gone. */
  notFoundLimit: number;
  /** How long a 429 without Retry-After pauses the terminal's requests. */
  rateLimitPauseMs: number;
  /**
   * When a print whose creates keep failing transiently (5xx, timeouts, dropped connections, 429) is set
   * aside (`needs_attention`) so the prints behind it can go: after at least `failures` consecutive
   * failures AND `afterMs` since the first of them. Both, so neither a burst of quick 500s nor a
   * single slow timeout is enough; docs/decisions.md "Needs attention".
   */
  setAside: { failures: number; afterMs: number };
}

export const DEFAULT_QUEUE_POLICY: Readonly<QueuePolicy> = Object.freeze({
  requestsPerMinute: 40,
  // Tuned with bench/status-latency.ts: the slow cap leaves room under the budget to refill the burst
  // that the quick polls after the next change will need.
  requestBurst: 6,
  // Nearly even polls of 1.3–1.5 s after a change, not a 0.4 s start that grows: the goal is the 95th
  // percentile within 1.5 s, and a burst of early polls spends the budget that back-to-back prints need
  // later (bench/status-latency: p95 1.63 s → 1.46 s, with a little fewer requests).
  poll: {
    initialMs: 1_300,
    factor: 1.1,
    fastCapMs: 1_500,
    fastPhaseMs: 30_000,
    slowCapMs: 2_000,
    idlePhaseMs: 600_000,
    idleCapMs: 5_000,
    behindMs: 30_000,
    waitMemory: 3,
    waitTrust: 0.9,
    earlyCapMs: 5_000,
  },
  busy: { initialMs: 2_000, factor: 1.5, capMs: 15_000 },
  failure: { initialMs: 1_000, factor: 2, capMs: 30_000 },
  credentialsRetryMs: 30_000,
  requestTimeoutMs: 10_000,
  unconfirmedAfterMs: RESEND_CUTOFF_MS,
  notFoundLimit: 3,
  rateLimitPauseMs: 5_000,
  // With the failure back-off (1, 2, 4, 8, 16, 30 s…) that is about 9 attempts over 2 minutes: longer
  // than a Wi-Fi hiccup or a platform restart, far shorter than the 23 h a print could hold a lane.
  setAside: { failures: 6, afterMs: 2 * 60_000 },
});

/** Credential problems: no request for the print reached the actions endpoint. */
export const CREDENTIAL_CODES: ReadonlySet<string> = new Set([
  'not_configured',
  'sandbox_unavailable',
  'sign_in_required',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'forbidden',
  'unauthorized',
  'invalid_scope',
  'unsupported_grant_type',
  'invalid_request',
]);

/**
 * A print whose create may have reached the platform but was never confirmed, now too old to resend
 * under its key (creates/resend-rule.ts): print actions cannot be looked up by their reference, so it
 * stops and says so, and the cashier decides whether to print it again.
 */
export function pastResendCutoff(print: { firstSentAt: number | null }, now: number, policy: Pick<QueuePolicy, 'unconfirmedAfterMs'>): boolean {
  return resendVerdict({ firstSentAt: print.firstSentAt, now, lookUp: 'impossible', cutoffMs: policy.unconfirmedAfterMs }) === 'ask_person';
}

/** The error such a print ends with. */
export const unconfirmedError = (now: number) =>
  ({ code: 'print_unconfirmed', status: null, detail: 'create never confirmed', retryable: false, at: now }) as const;
