import type { Clock, TimerHandle } from '../../../shared/clock';
import type { RandomSource } from '../ports';
import { backoffDelay, type Backoff } from './backoff';

/** What a round asks for next: run again now, wait `afterMs`, wait the loop's interval (`undefined`), or stop for good. */
export type RoundNext = 'now' | 'done' | { afterMs: number } | undefined;

export interface RoundLoopOptions {
  clock: Clock;
  /** One round of work; a throw counts as a failure (back-off, `onError`). */
  round(): Promise<RoundNext | void>;
  /** The wait after a round that asks for nothing else; absent: the loop waits for the next poke. */
  intervalMs?: number;
  /** The wait after consecutive failures. */
  backoff: Readonly<Backoff>;
  random?: RandomSource;
  /** Told of each failure, with how many in a row; may answer what to do instead of backing off. */
  onError?(error: unknown, failures: number): RoundNext | void;
  /**
   * While backing off after a failure, a poke only waits for the retry timer (a database that just
   * refused is not asked again on every local change); by default a poke runs a round at once.
   */
  pokesWaitOutBackoff?: boolean;
}

export interface RoundLoop {
  /** Runs a round now; during a round, runs another right after it (its reads may predate the news). */
  poke(): void;
  /** Runs a round now even while backing off: something says the other side is back. */
  retryNow(): void;
  /** Failures in a row (0 after a round that succeeded). */
  failures(): number;
  /** Resolves once no round is under way (including any round a poke asked for meanwhile). */
  settled(): Promise<void>;
  /** No more rounds; resolves once the round under way has finished. */
  close(): Promise<void>;
}

/**
 * The core's one background loop: one round at a time, a timer between rounds (the interval, or a
 * back-off after failures), pokes that cut a wait short, and a close that waits for the round under way.
 * Created idle: the first round runs at the first poke.
 */
export function createRoundLoop(options: RoundLoopOptions): RoundLoop {
  const { clock } = options;
  const random = options.random ?? Math.random;
  let running: Promise<void> | undefined;
  let again = false;
  let failures = 0;
  let timer: TimerHandle | undefined;
  let closed = false;

  function wait(ms: number): void {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = clock.setTimeout(() => {
      timer = undefined;
      start();
    }, ms);
  }

  function after(next: RoundNext | void): void {
    if (next === 'done') closed = true;
    if (closed || next === 'done') return;
    if (next === 'now' || again) start();
    else if (next !== undefined) wait(next.afterMs);
    else if (options.intervalMs !== undefined) wait(options.intervalMs);
  }

  async function round(): Promise<RoundNext | void> {
    try {
      const next = await options.round();
      failures = 0;
      return next;
    } catch (error) {
      failures += 1;
      // A poke that came during a failed round waits for the back-off too, where pokes must.
      if (options.pokesWaitOutBackoff === true) again = false;
      const instead = options.onError?.(error, failures);
      return instead ?? { afterMs: backoffDelay(options.backoff, failures, random) };
    }
  }

  function start(): void {
    if (closed) return;
    if (running !== undefined) {
      again = true;
      return;
    }
    again = false;
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
    running = round().then((next) => {
      running = undefined;
      after(next);
    });
  }

  return {
    poke() {
      if (closed) return;
      if (options.pokesWaitOutBackoff === true && failures > 0) return;
      start();
    },
    retryNow() {
      if (!closed) start();
    },
    failures: () => failures,
    async settled() {
      while (running !== undefined) await running;
    },
    async close() {
      closed = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      await this.settled();
    },
  };
}
