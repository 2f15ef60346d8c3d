import type { Clock, TimerHandle } from '../../../shared/clock';
import type { NotificationTopic } from '../../../shared/platform/notifications';
import { silentLogger, type Logger } from '../ports';
import { decideOnNotify, readFailureOutcome, type ReadBackPhase } from './read-back-policy';
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

interface Entry {
  readonly key: string;
  readonly topic: NotificationTopic;
  readonly id: string;
  phase: ReadBackPhase;
  windowEndsAt: number;
  trailing: boolean;
  /** A new event arrived while reading: read again as soon as this read ends. */
  rereadNow: boolean;
  retries: number;
  timer: TimerHandle | undefined;
}

const isBusy = (entry: Entry): boolean => entry.phase !== 'idle' || entry.trailing || entry.rereadNow;

export function createReadBackScheduler(options: ReadBackOptions): ReadBackScheduler {
  return new ReadBackRunner(options);
}

/** Runs the read-backs the policy (read-back-policy.ts) asks for: timers, the bounded queue, retries. */
class ReadBackRunner implements ReadBackScheduler {
  private readonly tuning: Readonly<ReadBackTuning>;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly entries = new Map<string, Entry>();
  private readonly queue: Entry[] = [];
  private running = 0;
  private readBacks = 0;
  private failures = 0;
  // Bumped by stop(): a read that was running then finishes into the void instead of applying its result.
  private generation = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly options: ReadBackOptions) {
    this.tuning = { ...DEFAULT_READ_BACK_TUNING, ...options.tuning };
    this.clock = options.clock;
    this.logger = options.logger ?? silentLogger;
  }

  notify(topic: NotificationTopic, id: string, notifyOptions: { newEvent?: boolean } = {}): NotifyResult {
    const key = `${topic}:${id}`;
    const entry = this.entries.get(key);
    if (entry === undefined) {
      const created: Entry = { key, topic, id, phase: 'idle', windowEndsAt: 0, trailing: false, rereadNow: false, retries: 0, timer: undefined };
      this.entries.set(key, created);
      this.openWindow(created, true);
      return 'scheduled';
    }
    switch (decideOnNotify(entry.phase, notifyOptions.newEvent === true, this.clock.now() >= entry.windowEndsAt)) {
      case 'merge':
        return 'merged';
      case 'reread':
        entry.rereadNow = true;
        return 'merged';
      case 'trailing':
        entry.trailing = true;
        return 'merged';
      case 'open':
        this.openWindow(entry, true);
        return 'scheduled';
    }
  }

  isPending(topic: NotificationTopic, id: string): boolean {
    const entry = this.entries.get(`${topic}:${id}`);
    return entry !== undefined && isBusy(entry);
  }

  stats(): ReadBackStats {
    return { readBacks: this.readBacks, failures: this.failures, pending: this.pending() };
  }

  whenIdle(): Promise<void> {
    if (this.pending() === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Forgets everything waiting; reads still running finish without effect. The scheduler can be used again. */
  stop(): void {
    this.generation++;
    this.running = 0;
    for (const entry of this.entries.values()) if (entry.timer !== undefined) this.clock.clearTimeout(entry.timer);
    this.entries.clear();
    this.queue.length = 0;
    this.settleIdle();
  }

  private pending(): number {
    let count = 0;
    for (const entry of this.entries.values()) if (isBusy(entry)) count++;
    return count;
  }

  private settleIdle(): void {
    if (this.pending() > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private setTimer(entry: Entry, delayMs: number, then: () => void): void {
    if (entry.timer !== undefined) this.clock.clearTimeout(entry.timer);
    entry.timer = this.clock.setTimeout(() => {
      entry.timer = undefined;
      then();
    }, delayMs);
  }

  private enqueue(entry: Entry): void {
    entry.phase = 'queued';
    this.queue.push(entry);
    this.pump();
  }

  private openWindow(entry: Entry, settle: boolean): void {
    entry.windowEndsAt = this.clock.now() + this.tuning.windowMs;
    entry.trailing = false;
    if (settle) {
      entry.phase = 'settling';
      this.setTimer(entry, this.tuning.settleMs, () => this.enqueue(entry));
    } else {
      this.enqueue(entry);
    }
  }

  private onWindowEnd(entry: Entry): void {
    if (entry.phase !== 'idle') return;
    if (entry.trailing) this.openWindow(entry, false);
    else this.entries.delete(entry.key);
    this.settleIdle();
  }

  private finish(entry: Entry): void {
    entry.phase = 'idle';
    entry.retries = 0;
    if (entry.rereadNow) {
      entry.rereadNow = false;
      this.openWindow(entry, false);
      return;
    }
    const remaining = entry.windowEndsAt - this.clock.now();
    if (remaining <= 0) this.onWindowEnd(entry);
    else this.setTimer(entry, remaining, () => this.onWindowEnd(entry));
  }

  private async readOnce(entry: Entry): Promise<void> {
    const started = this.generation;
    const fields = { topic: entry.topic, id: entry.id };
    let resource: NotifiedResource;
    try {
      resource = await this.options.read(entry.topic, entry.id);
    } catch (error) {
      if (started !== this.generation) return;
      this.readFailed(entry, error);
      return;
    }
    if (started !== this.generation) return;
    this.readBacks++;
    try {
      await this.options.onResource(resource);
    } catch (error) {
      this.logger.error('a notified resource could not be applied', { ...fields, error: String(error) });
    }
    this.finish(entry);
  }

  private readFailed(entry: Entry, error: unknown): void {
    const fields = { topic: entry.topic, id: entry.id };
    const outcome = readFailureOutcome(error, entry.retries, this.tuning.retryDelaysMs);
    if (outcome.kind === 'retry') {
      entry.retries++;
      entry.phase = 'waiting_retry';
      this.logger.warn('a notified resource could not be read; trying again', { ...fields, delayMs: outcome.delayMs, error: String(error) });
      this.setTimer(entry, outcome.delayMs, () => this.enqueue(entry));
      return;
    }
    this.failures++;
    if (outcome.kind === 'unknown_resource') {
      // Anyone can POST to the notification URL; a resource the platform does not know is not ours to trust.
      this.logger.warn('a notification named a resource the platform does not know; ignored', fields);
    } else {
      this.logger.error('a notified resource could not be read', { ...fields, error: String(error) });
    }
    this.finish(entry);
  }

  private pump(): void {
    while (this.running < this.tuning.concurrency) {
      const entry = this.queue.shift();
      if (entry === undefined) break;
      entry.phase = 'reading';
      // Everything that arrived before this read starts is covered by it.
      entry.trailing = false;
      this.running++;
      const started = this.generation;
      void this.readOnce(entry).finally(() => {
        // After a stop the count was zeroed; an old read must not drive it below zero.
        if (started === this.generation) this.running--;
        this.pump();
        this.settleIdle();
      });
    }
  }
}
