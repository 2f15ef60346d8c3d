import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../shared/clock';
import { BudgetClosedError, RequestBudget } from './request-budget';

describe('per-terminal request budget', () => {
  it('never lets more than the limit through in any 60 s window, however hard it is pushed', async () => {
    const clock = createManualClock();
    const budget = new RequestBudget(clock, 40, 60_000, 6);
    const granted: number[] = [];
    const asker = async () => {
      for (;;) {
        await budget.acquire();
        granted.push(clock.now());
      }
    };
    void asker().catch(() => undefined);
    for (let step = 0; step < 600; step++) await clock.advance(500);
    budget.close();
    for (let start = 0, end = 0; end < granted.length; end++) {
      while ((granted[end] ?? 0) - (granted[start] ?? 0) >= 60_000) start++;
      expect(end - start + 1).toBeLessThanOrEqual(40);
    }
    // Paced, not stalled: steady at the refill rate (34 a minute) after the burst.
    const lastMinute = granted.filter((at) => at >= clock.now() - 60_000).length;
    expect(lastMinute).toBeGreaterThanOrEqual(33);
    expect(Math.max(...granted.slice(10).map((at, index) => at - (granted[index + 9] ?? 0)))).toBeLessThanOrEqual(2_000);
  });

  it('lets the burst through at once, then holds everything during a 429 pause', async () => {
    const clock = createManualClock();
    const budget = new RequestBudget(clock, 40, 60_000, 6);
    let granted = 0;
    for (let index = 0; index < 6; index++) void budget.acquire().then(() => granted++);
    await clock.advance(0);
    expect(granted).toBe(6);
    budget.pauseFor(10_000);
    await clock.advance(20_000);
    void budget.acquire().then(() => granted++);
    await clock.advance(0);
    expect(granted).toBe(7);
    budget.pauseFor(10_000);
    void budget.acquire().then(() => granted++);
    await clock.advance(9_999);
    expect(granted).toBe(7);
    await clock.advance(1);
    expect(granted).toBe(8);
    budget.close();
    await expect(budget.acquire()).rejects.toBeInstanceOf(BudgetClosedError);
  });
});
