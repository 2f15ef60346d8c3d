import type { Clock } from '../../../shared/clock';

/**
 * A token bucket per source (the remote address): `burst` notifications at once, then `perSecond`.
 * Anyone can POST to the notification URL, and each unverified notification costs an authenticated
 * platform read, drawn from the same rate limit printing needs (spec 8, 429 local_rate_limited).
 */
export interface SourceLimitOptions {
  clock: Clock;
  burst: number;
  perSecond: number;
  /** Sources remembered at once; the fullest buckets are forgotten first, as they would refill anyway. */
  maxSources: number;
}

export type TakeResult = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface SourceLimit {
  take(source: string): TakeResult;
}

interface Bucket {
  tokens: number;
  at: number;
}

export function createSourceLimit(options: SourceLimitOptions): SourceLimit {
  const buckets = new Map<string, Bucket>();
  const refilled = (bucket: Bucket, now: number): number => Math.min(options.burst, bucket.tokens + ((now - bucket.at) / 1000) * options.perSecond);

  function forgetFullest(now: number): void {
    for (const [source, bucket] of buckets) {
      if (buckets.size < options.maxSources) return;
      if (refilled(bucket, now) >= options.burst) buckets.delete(source);
    }
    // Every bucket is in use: the oldest (Map order) goes, which at worst lets that source start afresh.
    while (buckets.size >= options.maxSources) buckets.delete(buckets.keys().next().value as string);
  }

  return {
    take(source) {
      const now = options.clock.now();
      let bucket = buckets.get(source);
      if (bucket === undefined) {
        forgetFullest(now);
        bucket = { tokens: options.burst, at: now };
        buckets.set(source, bucket);
      }
      bucket.tokens = refilled(bucket, now);
      bucket.at = now;
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      const retryAfterSeconds = options.perSecond > 0 ? Math.max(1, Math.ceil((1 - bucket.tokens) / options.perSecond)) : 60;
      return { ok: false, retryAfterSeconds };
    },
  };
}
