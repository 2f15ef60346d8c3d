import type { Clock, TimerHandle } from '../../../shared/clock';

export class BudgetClosedError extends Error {
  constructor() {
    super('the request budget was closed');
    this.name = 'BudgetClosedError';
  }
}

/**
 * A per-terminal request budget: a token bucket holding `burst` requests, refilled at
 * (limit − burst) per window, so no window of `windowMs` ever sees more than `limit` requests, and a
 * burst (the quick first polls after a change) is paid back by pacing rather than by a long stall, as a
 * plain sliding window would. A 429 pauses it. Waiters are served in order; time comes from the Clock.
 */
export class RequestBudget {
  private readonly waiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  private readonly refillPerMs: number;
  private tokens: number;
  private refilledAt: number;
  private pausedUntil = 0;
  private timer: TimerHandle | undefined;
  private closed = false;

  constructor(
    private readonly clock: Clock,
    limit: number,
    windowMs: number,
    private readonly burst = 4,
  ) {
    this.refillPerMs = (limit - this.burst) / windowMs;
    this.tokens = this.burst;
    this.refilledAt = clock.now();
  }

  acquire(): Promise<void> {
    if (this.closed) return Promise.reject(new BudgetClosedError());
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.serve();
    });
  }

  /** Holds every request of this budget until `ms` from now (a 429's Retry-After). */
  pauseFor(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
    this.serve();
  }

  close(): void {
    this.closed = true;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    for (const waiter of this.waiters.splice(0)) waiter.reject(new BudgetClosedError());
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.burst, this.tokens + (now - this.refilledAt) * this.refillPerMs);
    this.refilledAt = now;
  }

  private serve(): void {
    if (this.timer !== undefined) {
      this.clock.clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.waiters.length > 0) {
      const now = this.clock.now();
      this.refill(now);
      const tokenAt = this.tokens >= 1 ? now : now + Math.ceil((1 - this.tokens) / this.refillPerMs);
      const readyAt = Math.max(this.pausedUntil, tokenAt);
      if (readyAt > now) {
        this.timer = this.clock.setTimeout(() => {
          this.timer = undefined;
          this.serve();
        }, readyAt - now);
        return;
      }
      this.tokens -= 1;
      this.waiters.shift()?.resolve();
    }
  }
}
