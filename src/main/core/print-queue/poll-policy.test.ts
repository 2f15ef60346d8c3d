import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../rounds/backoff';
import { nextPace, nextPollDelay, readRetryDelay, rememberWait, type PollInputs } from './poll-policy';
import { DEFAULT_QUEUE_POLICY } from './policy';

const policy = DEFAULT_QUEUE_POLICY.poll;
const input = (overrides: Partial<PollInputs> = {}): PollInputs => ({ waitedMs: 0, previousMs: 0, behindAnother: false, waitFloors: [], ...overrides });

/** The delays of successive polls after a change, the clock moving by each delay. */
function delaysAfterChange(count: number, waitFloors: readonly number[] = []): number[] {
  const delays: number[] = [];
  let waited = 0;
  let previous = 0;
  for (let index = 0; index < count; index++) {
    previous = nextPollDelay(policy, input({ waitedMs: waited, previousMs: previous, waitFloors }));
    delays.push(previous);
    waited += previous;
  }
  return delays;
}

describe('poll policy', () => {
  it('polls nearly evenly every 1.3–1.5 s after a change (bench/status-latency: p95 within 1.5 s)', () => {
    const delays = delaysAfterChange(15);
    expect(delays[0]).toBe(1_300);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(1_300);
      expect(delay).toBeLessThanOrEqual(1_500);
    }
    expect(delays.at(-1)).toBe(1_500);
  });

  it('slows to 2 s after 30 s without a change, and to 5 s after 10 minutes', () => {
    expect(nextPollDelay(policy, input({ waitedMs: 31_000, previousMs: 1_500 }))).toBeCloseTo(1_650);
    expect(nextPollDelay(policy, input({ waitedMs: 31_000, previousMs: 1_900 }))).toBe(2_000);
    expect(nextPollDelay(policy, input({ waitedMs: 600_000, previousMs: 2_000 }))).toBeCloseTo(2_200);
    expect(nextPollDelay(policy, input({ waitedMs: 600_000, previousMs: 4_800 }))).toBe(5_000);
  });

  it('checks a print queued on the terminal behind another of ours only every 30 s', () => {
    expect(nextPollDelay(policy, input({ behindAnother: true }))).toBe(30_000);
    expect(nextPollDelay(policy, input({ behindAnother: true, waitedMs: 700_000, previousMs: 5_000 }))).toBe(30_000);
  });

  it('waits slowly (at most 5 s apart) until 90 % of the terminal’s shortest learned wait, then polls quickly around the change', () => {
    const floors = [60_000, 62_000, 70_000];
    const delays = delaysAfterChange(30, floors);
    let waited = 0;
    const quickFrom = 60_000 * 0.9 - policy.fastCapMs;
    for (const delay of delays) {
      if (waited < quickFrom - policy.earlyCapMs) expect(delay).toBe(5_000);
      if (waited >= quickFrom) expect(delay).toBeLessThanOrEqual(1_500);
      waited += delay;
    }
    // Fewer polls before the expected change than without the learned waits (the budget it saves).
    const pollsBefore = (list: number[]) =>
      list.reduce((acc, delay) => ({ waited: acc.waited + delay, count: acc.waited + delay < 54_000 ? acc.count + 1 : acc.count }), { waited: 0, count: 0 })
        .count;
    expect(pollsBefore(delays)).toBeLessThanOrEqual(12);
    expect(pollsBefore(delaysAfterChange(60))).toBeGreaterThan(30);
  });

  it('trusts learned waits only once it has as many as it remembers', () => {
    expect(nextPollDelay(policy, input({ waitFloors: [60_000, 60_000] }))).toBe(1_300);
    expect(nextPollDelay(policy, input({ waitFloors: [60_000, 60_000, 60_000] }))).toBe(5_000);
    // One quick wait among them brings the quick polls back.
    expect(nextPollDelay(policy, input({ waitFloors: [60_000, 0, 60_000] }))).toBe(1_300);
  });

  it('remembers the last waits, each from the change to the last poll that found nothing new', () => {
    expect(rememberWait([], 1_000, 9_000, 3)).toEqual([8_000]);
    expect(rememberWait([1, 2, 3], 1_000, undefined, 3)).toEqual([2, 3, 0]);
  });

  it('backs off exponentially up to a cap, jittered between half and all of the step', () => {
    const failure = DEFAULT_QUEUE_POLICY.failure;
    expect(backoffDelay(failure, 1, () => 1)).toBe(1_000);
    expect(backoffDelay(failure, 3, () => 1)).toBe(4_000);
    expect(backoffDelay(failure, 3, () => 0)).toBe(2_000);
    expect(backoffDelay(failure, 20, () => 1)).toBe(30_000);
  });

  it('retries failed status reads on their own schedule: within a second or so at first, never more than 4 s apart', () => {
    const highest = () => 1;
    expect(readRetryDelay(policy, 1, highest)).toBe(1_000);
    expect(readRetryDelay(policy, 2, highest)).toBe(1_500);
    for (let failures = 1; failures < 50; failures++) expect(readRetryDelay(policy, failures, highest)).toBeLessThanOrEqual(4_000);
    // Far below the credentials wait of the creates (30 s), which left a printed receipt showing "waiting" for that long.
    expect(readRetryDelay(policy, 50, highest)).toBeLessThan(DEFAULT_QUEUE_POLICY.credentialsRetryMs / 5);
  });

  it('paces a draining lane: first from when a print was seen taken, then a little earlier each time it was already taken, then the middle of what a busy answer showed', () => {
    expect(nextPace(policy, undefined, undefined, 3_500)).toBe(3_500);
    expect(nextPace(policy, 3_500, undefined, 3_500)).toBe(3_400);
    // Taken sooner than the pace: it starts from there.
    expect(nextPace(policy, 3_500, undefined, 2_000)).toBe(1_900);
    // Still waiting at 3 s, taken by 3.5 s.
    expect(nextPace(policy, 3_000, 3_000, 3_500)).toBe(3_250);
    // Never faster than a busy answer's retry, never slower than the check of a print behind another.
    expect(nextPace(policy, 500, undefined, 500)).toBe(500);
    expect(nextPace(policy, undefined, 50_000, 70_000)).toBe(policy.behindMs);
  });
});
