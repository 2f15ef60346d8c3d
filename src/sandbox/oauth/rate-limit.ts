import { z } from 'zod';
import type { Clock } from '../../shared/clock';

/**
 * Spec 7.1 names 429 local_rate_limited but not its thresholds (spec 8: "not shown"). The sandbox
 * uses a token bucket per application on the injected clock, so tests reach the limit and its
 * recovery without sleeping.
 */
export const RateLimit = z.object({
  /** Requests allowed in a burst. */
  capacity: z.number().int().min(1).max(1_000_000),
  /** Tokens added back per second. */
  refillPerSecond: z.number().positive().max(1_000_000),
});
export type RateLimit = z.infer<typeof RateLimit>;

export const DEFAULT_TOKEN_RATE_LIMIT: RateLimit = { capacity: 100, refillPerSecond: 10 };

export type TakeResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };
/** One answer for every allowed request: nothing to allocate on the common path. */
const ALLOWED: TakeResult = Object.freeze({ allowed: true });

export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; updatedAt: number }>();

  /** `null` turns limiting off (the throughput benchmark measures the server, not the limiter). */
  constructor(
    private readonly limit: RateLimit | null,
    private readonly clock: Clock,
  ) {}

  take(key: string): TakeResult {
    if (this.limit === null) return ALLOWED;
    const now = this.clock.now();
    let bucket = this.buckets.get(key);
    if (bucket === undefined) {
      bucket = { tokens: this.limit.capacity, updatedAt: now };
      this.buckets.set(key, bucket);
    }
    // A clock moved backwards (manual clock set) must not mint or burn tokens.
    const elapsedSeconds = Math.max(0, now - bucket.updatedAt) / 1000;
    bucket.tokens = Math.min(this.limit.capacity, bucket.tokens + elapsedSeconds * this.limit.refillPerSecond);
    bucket.updatedAt = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return ALLOWED;
    }
    // Retry-After is whole seconds (RFC 9110 §10.2.3); round up so a client that honours it succeeds.
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.limit.refillPerSecond)) };
  }

  reset(): void {
    this.buckets.clear();
  }
}
