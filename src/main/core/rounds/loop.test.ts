import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../shared/clock';
import { backoffDelay } from './backoff';
import { createRoundLoop, type RoundNext } from './loop';

const BACKOFF = { initialMs: 100, factor: 2, capMs: 1_000 };
const flush = async (): Promise<void> => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function setUp(results: Array<RoundNext | Error>, extra: { intervalMs?: number; pokesWaitOutBackoff?: boolean } = {}) {
  const clock = createManualClock();
  let rounds = 0;
  let release: (() => void) | undefined;
  let hold = false;
  const errors: number[] = [];
  const loop = createRoundLoop({
    clock,
    backoff: BACKOFF,
    random: () => 1,
    ...extra,
    onError: (_error, failures) => void errors.push(failures),
    async round() {
      rounds += 1;
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      const next = results.shift();
      if (next instanceof Error) throw next;
      return next;
    },
  });
  return {
    clock,
    loop,
    errors,
    rounds: () => rounds,
    holdNext: () => (hold = true),
    release: () => {
      hold = false;
      release?.();
    },
  };
}

describe('the round loop', () => {
  it('runs a round on a poke, then one every interval', async () => {
    const { clock, loop, rounds } = setUp([], { intervalMs: 1_000 });
    expect(rounds()).toBe(0);
    loop.poke();
    await flush();
    expect(rounds()).toBe(1);
    await clock.advance(999);
    expect(rounds()).toBe(1);
    await clock.advance(1);
    await flush();
    expect(rounds()).toBe(2);
    await loop.close();
  });

  it('backs off after failures, doubling, and tells how many in a row', async () => {
    const { clock, loop, rounds, errors } = setUp([new Error('a'), new Error('b'), undefined, new Error('c')], { intervalMs: 10_000 });
    loop.poke();
    await flush();
    await clock.advance(100);
    await flush();
    expect(rounds()).toBe(2);
    await clock.advance(199);
    await flush();
    expect(rounds()).toBe(2);
    await clock.advance(1);
    await flush();
    expect(rounds()).toBe(3);
    expect(loop.failures()).toBe(0);
    await clock.advance(10_000);
    await flush();
    expect(errors).toEqual([1, 2, 1]);
    await loop.close();
  });

  it('runs another round right after one a poke came during, and only one', async () => {
    const { loop, rounds, holdNext, release } = setUp([]);
    holdNext();
    loop.poke();
    await flush();
    loop.poke();
    loop.poke();
    release();
    await loop.settled();
    await flush();
    expect(rounds()).toBe(2);
    await loop.close();
  });

  it('lets a poke cut a wait short, but not a back-off where pokes must wait it out', async () => {
    const cut = setUp([{ afterMs: 60_000 }]);
    cut.loop.poke();
    await flush();
    cut.loop.poke();
    await flush();
    expect(cut.rounds()).toBe(2);
    await cut.loop.close();

    const patient = setUp([new Error('down')], { pokesWaitOutBackoff: true });
    patient.loop.poke();
    await flush();
    patient.loop.poke();
    await flush();
    expect(patient.rounds()).toBe(1);
    await patient.clock.advance(100);
    await flush();
    expect(patient.rounds()).toBe(2);
    await patient.loop.close();
  });

  it('stops on done and on close, waiting for the round under way', async () => {
    const done = setUp(['done'], { intervalMs: 10 });
    done.loop.poke();
    await flush();
    done.loop.poke();
    await done.clock.advance(100);
    expect(done.rounds()).toBe(1);

    const { loop, rounds, holdNext, release, clock } = setUp([], { intervalMs: 10 });
    holdNext();
    loop.poke();
    await flush();
    let closed = false;
    const closing = loop.close().then(() => (closed = true));
    await flush();
    expect(closed).toBe(false);
    release();
    await closing;
    await clock.advance(100);
    expect(rounds()).toBe(1);
  });
});

describe('the back-off formula', () => {
  it('grows by its factor up to its cap, jittered to between half and all of the step', () => {
    expect([1, 2, 3, 4, 5].map((count) => backoffDelay(BACKOFF, count, () => 1))).toEqual([100, 200, 400, 800, 1_000]);
    expect(backoffDelay(BACKOFF, 3, () => 0)).toBe(200);
    expect(backoffDelay(BACKOFF, 0, () => 1)).toBe(100);
  });
});
