import type { Clock } from '../../../shared/clock';

/**
 * Keys seen recently (webhook request ids and event ids), forgotten after `ttlMs` or when more than
 * `maxEntries` are held, oldest first, so a flood cannot grow memory without bound.
 */
export interface SeenSet {
  /** True when the key was already seen within the ttl; otherwise remembers it and returns false. */
  seenBefore(key: string): boolean;
  readonly size: number;
}

export function createSeenSet(options: { clock: Clock; ttlMs: number; maxEntries: number }): SeenSet {
  // A Map iterates in insertion order, and every key is inserted once with the same ttl: oldest first.
  const expiries = new Map<string, number>();
  const forgetExpired = (now: number): void => {
    for (const [key, expiresAt] of expiries) {
      if (expiresAt > now && expiries.size <= options.maxEntries) break;
      expiries.delete(key);
    }
  };
  return {
    seenBefore(key) {
      const now = options.clock.now();
      forgetExpired(now);
      const expiresAt = expiries.get(key);
      if (expiresAt !== undefined && expiresAt > now) return true;
      expiries.set(key, now + options.ttlMs);
      forgetExpired(now);
      return false;
    },
    get size() {
      return expiries.size;
    },
  };
}
