import type { RandomSource } from '../ports';

/** An exponential back-off: `initialMs`, then × `factor` per further failure, never more than `capMs`. */
export interface Backoff {
  initialMs: number;
  factor: number;
  capMs: number;
}

/**
 * The wait before the `count`-th retry (1 for the first), jittered to between half and all of the step
 * ("equal jitter"): never less than half, so a retry is not hammered, and spread out, so a burst of
 * clients that failed together does not come back together. The one back-off formula of the core.
 */
export function backoffDelay(backoff: Readonly<Backoff>, count: number, random: RandomSource): number {
  const ms = Math.min(backoff.capMs, backoff.initialMs * backoff.factor ** Math.max(0, count - 1));
  return Math.round(ms / 2 + (random() * ms) / 2);
}
