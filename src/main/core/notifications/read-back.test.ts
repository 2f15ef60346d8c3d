import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../shared/clock';
import type { NotificationTopic } from '../../../shared/platform/notifications';
import type { Payment } from '../../../shared/platform/payments';
import { PlatformError } from '../platform/errors';
import { createReadBackScheduler } from './read-back';
import type { NotifiedResource } from './resources';

/** The scheduler alone on a manual clock, with reads the test answers by hand. */
function setUp(tuning: { windowMs?: number; settleMs?: number; retryDelaysMs?: number[] } = {}) {
  const clock = createManualClock();
  const calls: Array<{ topic: NotificationTopic; id: string; answer: (outcome: 'ok' | PlatformError) => void }> = [];
  const applied: string[] = [];
  const scheduler = createReadBackScheduler({
    clock,
    tuning: { windowMs: 1_000, settleMs: 20, concurrency: 2, retryDelaysMs: [500], ...tuning },
    read: (topic, id) =>
      new Promise<NotifiedResource>((resolve, reject) => {
        calls.push({
          topic,
          id,
          answer: (outcome) => (outcome === 'ok' ? resolve({ topic: 'payment', resource: { id: Number(id) } as Payment }) : reject(outcome)),
        });
      }),
    onResource: (resource) => void applied.push(String(resource.resource.id)),
  });
  const flush = () => clock.advance(0);
  const answerLast = async (outcome: 'ok' | PlatformError = 'ok') => {
    calls[calls.length - 1]?.answer(outcome);
    await flush();
  };
  return { clock, calls, applied, scheduler, flush, answerLast };
}

describe('read-back scheduler', () => {
  it('merges a burst into one read after the settle delay', async () => {
    const { clock, calls, scheduler, answerLast, applied } = setUp();
    expect(scheduler.notify('payment', '1')).toBe('scheduled');
    expect(scheduler.notify('payment', '1')).toBe('merged');
    await clock.advance(19);
    expect(calls).toHaveLength(0);
    await clock.advance(1);
    expect(calls).toHaveLength(1);
    await answerLast();
    expect(applied).toEqual(['1']);
    await clock.advance(1_000);
    expect(scheduler.stats()).toEqual({ readBacks: 1, failures: 0, pending: 0 });
  });

  it('answers a notification that came during a read with one trailing read at the end of the window', async () => {
    const { clock, calls, scheduler, answerLast } = setUp();
    scheduler.notify('payment', '1');
    await clock.advance(20);
    expect(scheduler.notify('payment', '1')).toBe('merged');
    await answerLast();
    expect(scheduler.notify('payment', '1')).toBe('merged');
    await clock.advance(900);
    expect(calls).toHaveLength(1);
    await clock.advance(100);
    expect(calls).toHaveLength(2);
    await answerLast();
    await clock.advance(1_000);
    expect(calls).toHaveLength(2);
    expect(scheduler.stats().pending).toBe(0);
    // Past the window, a notification opens a new one.
    expect(scheduler.notify('payment', '1')).toBe('scheduled');
  });

  it('reads again right after the running read for a new event', async () => {
    const { clock, calls, scheduler, answerLast } = setUp();
    scheduler.notify('payment', '1');
    await clock.advance(20);
    scheduler.notify('payment', '1', { newEvent: true });
    await answerLast();
    expect(calls).toHaveLength(2);
    await answerLast();
    scheduler.notify('payment', '1', { newEvent: true });
    await clock.advance(20);
    expect(calls).toHaveLength(3);
  });

  it('keeps resources apart and runs at most `concurrency` reads at once', async () => {
    const { clock, calls, scheduler } = setUp();
    for (const id of ['1', '2', '3']) scheduler.notify('payment', id);
    scheduler.notify('merchant_order', '1');
    await clock.advance(20);
    expect(calls.map((call) => `${call.topic}:${call.id}`)).toEqual(['payment:1', 'payment:2']);
    calls[0]?.answer('ok');
    await clock.advance(0);
    expect(calls).toHaveLength(3);
  });

  it('retries a transient failure after its delay, and gives up on a 404 at once', async () => {
    const { clock, calls, scheduler, answerLast } = setUp();
    scheduler.notify('payment', '1');
    await clock.advance(20);
    await answerLast(new PlatformError({ status: 503, code: 'internal_error' }));
    expect(scheduler.notify('payment', '1')).toBe('merged');
    await clock.advance(499);
    expect(calls).toHaveLength(1);
    await clock.advance(1);
    expect(calls).toHaveLength(2);
    await answerLast(new PlatformError({ status: 404, code: 'not_found' }));
    await clock.advance(5_000);
    expect(calls).toHaveLength(2);
    expect(scheduler.stats()).toEqual({ readBacks: 0, failures: 1, pending: 0 });
  });

  it('drops what a read brings back after stop, and works again afterwards', async () => {
    const { clock, calls, scheduler, applied, answerLast } = setUp();
    scheduler.notify('payment', '1');
    await clock.advance(20);
    scheduler.stop();
    await answerLast();
    expect(applied).toEqual([]);
    await scheduler.whenIdle();
    scheduler.notify('payment', '2');
    await clock.advance(20);
    await answerLast();
    expect(applied).toEqual(['2']);
    expect(calls).toHaveLength(2);
  });
});
