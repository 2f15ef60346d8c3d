import type { Clock } from '../../../shared/clock';

/** A token bucket: `burst` at once, then `perSecond` on average. */
export interface RateLimit {
  /** Whether one more may pass now. */
  take(): boolean;
  /** How many were refused since the last call, and resets the count. */
  refusedSince(): number;
}

export function createRateLimit(clock: Clock, options: { burst: number; perSecond: number }): RateLimit {
  let tokens = options.burst;
  let last = clock.now();
  let refused = 0;
  return {
    take() {
      const now = clock.now();
      tokens = Math.min(options.burst, tokens + ((now - last) / 1000) * options.perSecond);
      last = now;
      if (tokens >= 1) {
        tokens -= 1;
        return true;
      }
      refused += 1;
      return false;
    },
    refusedSince() {
      const count = refused;
      refused = 0;
      return count;
    },
  };
}
