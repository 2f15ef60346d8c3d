import type { Clock, TimerHandle } from '../../../shared/clock';
import type { NotificationTopic } from '../../../shared/platform/notifications';
import { PlatformError } from '../platform/errors';
import { silentLogger, type Logger } from '../ports';
import type { NotifiedResource } from './resources';

/**
 * Turns notifications into read-backs of their resource (spec 6.3 "after acknowledging, the receiver
 * reads the full resource"), at most a few per resource however often it is notified.
 *
 * Per resource (topic + id), a window opens with the first notification. The leading read-back waits
 * `settleMs`, so the IPN and the webhook of one event (sent together) cost one read. A notification that
 * arrives before that read starts is merged into it. One that arrives after the read started may tell of
 * a newer change than the read saw (an IPN says nothing about which change it announces), so it is not
 * dropped: it asks for one trailing read when the window ends, shared by every later arrival in the
 * window. So a resource is read at most twice per window and no update is lost.
 *
 * A verified webhook with an event id not seen before is different: it proves a new change, so it gets
 * a read of its own right away (after the running one) rather than at the window's end.
 */

export interface ReadBackTuning {
  windowMs: number;
  settleMs: number;
  /** Read-backs running at once, so a burst of notifications does not flood the platform. */
  concurrency: number;
  /** Waits before re-reading after a transient failure (network, 429, 5xx) once the client's own retries are spent. */
  retryDelaysMs: readonly number[];
}

export const DEFAULT_READ_BACK_TUNING: Readonly<ReadBackTuning> = Object.freeze({
  windowMs: 5_000,
  settleMs: 25,
  concurrency: 16,
  retryDelaysMs: [2_000, 15_000, 60_000],
});

export interface ReadBackOptions {
  clock: Clock;
  read(topic: NotificationTopic, id: string): Promise<NotifiedResource>;
  /** Called with every resource read; a failure in here is logged and does not count as a failed read. */
  onResource(resource: NotifiedResource): Promise<void> | void;
  logger?: Logger;
  tuning?: Partial<ReadBackTuning>;
}

export type NotifyResult = 'scheduled' | 'merged';

export interface ReadBackStats {
  readBacks: number;
  failures: number;
  pending: number;
}

export interface ReadBackScheduler {
  notify(topic: NotificationTopic, id: string, options?: { newEvent?: boolean }): NotifyResult;
  /** True while a read of this resource is waiting, running or due: a notification of it then costs no new read. */
  isPending(topic: NotificationTopic, id: string): boolean;
  stats(): ReadBackStats;
  /** Resolves once nothing is waiting, running, or due at a window's end. */
  whenIdle(): Promise<void>;
  stop(): void;
}

type Phase = 'settling' | 'queued' | 'reading' | 'waiting_retry' | 'idle';

interface Entry {
  readonly key: string;
  readonly topic: NotificationTopic;
  readonly id: string;
  phase: Phase;
  windowEndsAt: number;
  trailing: boolean;
  /** A new event arrived while reading: read again as soon as this read ends. */
  rereadNow: boolean;
  retries: number;
  timer: TimerHandle | undefined;
}

export function createReadBackScheduler(options: ReadBackOptions): ReadBackScheduler {
  const tuning: Readonly<ReadBackTuning> = { ...DEFAULT_READ_BACK_TUNING, ...options.tuning };
  const { clock } = options;
  const logger = options.logger ?? silentLogger;
  const entries = new Map<string, Entry>();
  const queue: Entry[] = [];
  let running = 0;
  let readBacks = 0;
  let failures = 0;
  // Bumped by stop(): a read that was running then finishes into the void instead of applying its result.
  let generation = 0;
  let idleWaiters: Array<() => void> = [];

  const isBusy = (entry: Entry): boolean => entry.phase !== 'idle' || entry.trailing || entry.rereadNow;
  const pending = (): number => {
    let count = 0;
    for (const entry of entries.values()) if (isBusy(entry)) count++;
    return count;
  };

  function settleIdle(): void {
    if (pending() > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function setTimer(entry: Entry, delayMs: number, then: () => void): void {
    if (entry.timer !== undefined) clock.clearTimeout(entry.timer);
    entry.timer = clock.setTimeout(() => {
      entry.timer = undefined;
      then();
    }, delayMs);
  }

  function enqueue(entry: Entry): void {
    entry.phase = 'queued';
    queue.push(entry);
    pump();
  }

  function openWindow(entry: Entry, settle: boolean): void {
    entry.windowEndsAt = clock.now() + tuning.windowMs;
    entry.trailing = false;
    if (settle) {
      entry.phase = 'settling';
      setTimer(entry, tuning.settleMs, () => enqueue(entry));
    } else {
      enqueue(entry);
    }
  }

  function onWindowEnd(entry: Entry): void {
    if (entry.phase !== 'idle') return;
    if (entry.trailing) openWindow(entry, false);
    else entries.delete(entry.key);
    settleIdle();
  }

  function finish(entry: Entry): void {
    entry.phase = 'idle';
    entry.retries = 0;
    if (entry.rereadNow) {
      entry.rereadNow = false;
      openWindow(entry, false);
      return;
    }
    const remaining = entry.windowEndsAt - clock.now();
    if (remaining <= 0) onWindowEnd(entry);
    else setTimer(entry, remaining, () => onWindowEnd(entry));
  }

  function isTransient(error: unknown): boolean {
    return error instanceof PlatformError && error.retryable;
  }

  async function readOnce(entry: Entry): Promise<void> {
    const started = generation;
    const fields = { topic: entry.topic, id: entry.id };
    let resource: NotifiedResource;
    try {
      resource = await options.read(entry.topic, entry.id);
    } catch (error) {
      if (started !== generation) return;
      const delay = tuning.retryDelaysMs[entry.retries];
      if (isTransient(error) && delay !== undefined) {
        entry.retries++;
        entry.phase = 'waiting_retry';
        logger.warn('a notified resource could not be read; trying again', { ...fields, delayMs: delay, error: String(error) });
        setTimer(entry, delay, () => enqueue(entry));
        return;
      }
      failures++;
      if (error instanceof PlatformError && error.status === 404) {
        // Anyone can POST to the notification URL; a resource the platform does not know is not ours to trust.
        logger.warn('a notification named a resource the platform does not know; ignored', fields);
      } else {
        logger.error('a notified resource could not be read', { ...fields, error: String(error) });
      }
      finish(entry);
      return;
    }
    if (started !== generation) return;
    readBacks++;
    try {
      await options.onResource(resource);
    } catch (error) {
      logger.error('a notified resource could not be applied', { ...fields, error: String(error) });
    }
    finish(entry);
  }

  function pump(): void {
    while (running < tuning.concurrency) {
      const entry = queue.shift();
      if (entry === undefined) break;
      entry.phase = 'reading';
      // Everything that arrived before this read starts is covered by it.
      entry.trailing = false;
      running++;
      const started = generation;
      void readOnce(entry).finally(() => {
        // After a stop the count was zeroed; an old read must not drive it below zero.
        if (started === generation) running--;
        pump();
        settleIdle();
      });
    }
  }

  return {
    notify(topic, id, notifyOptions = {}) {
      const key = `${topic}:${id}`;
      const entry = entries.get(key);
      if (entry === undefined) {
        const created: Entry = { key, topic, id, phase: 'idle', windowEndsAt: 0, trailing: false, rereadNow: false, retries: 0, timer: undefined };
        entries.set(key, created);
        openWindow(created, true);
        return 'scheduled';
      }
      switch (entry.phase) {
        case 'settling':
        case 'queued':
        case 'waiting_retry':
          // The read to come starts after this arrival, so it sees whatever this notification announces.
          return 'merged';
        case 'reading':
          if (notifyOptions.newEvent === true) entry.rereadNow = true;
          else entry.trailing = true;
          return 'merged';
        case 'idle':
          if (notifyOptions.newEvent === true || clock.now() >= entry.windowEndsAt) {
            openWindow(entry, true);
            return 'scheduled';
          }
          entry.trailing = true;
          return 'merged';
      }
    },
    isPending(topic, id) {
      const entry = entries.get(`${topic}:${id}`);
      return entry !== undefined && isBusy(entry);
    },
    stats: () => ({ readBacks, failures, pending: pending() }),
    whenIdle() {
      if (pending() === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    /** Forgets everything waiting; reads still running finish without effect. The scheduler can be used again. */
    stop() {
      generation++;
      running = 0;
      for (const entry of entries.values()) if (entry.timer !== undefined) clock.clearTimeout(entry.timer);
      entries.clear();
      queue.length = 0;
      settleIdle();
    },
  };
}
