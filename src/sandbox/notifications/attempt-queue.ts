import type { Clock, TimerHandle } from '../../shared/clock';
import type { DeliveryRecord, DeliveryRecords } from './records';

export interface QueuedAttempt {
  id: string;
  manual: boolean;
}

/**
 * Which attempts are ready to go out, in order, and the one clock timer that wakes up when the next
 * scheduled attempt falls due (spec 6.3). A record's scheduled attempt is queued once: until it has
 * been made (`made`), a sweep does not queue it again.
 */
export class AttemptQueue {
  private readonly ready: QueuedAttempt[] = [];
  /** Records whose scheduled attempt is queued or in flight. */
  private readonly scheduledBusy = new Set<string>();
  private armed: { handle: TimerHandle; due: number } | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly records: DeliveryRecords,
    /** Called when attempts are ready, to send them. */
    private readonly onReady: () => void,
  ) {}

  get isEmpty(): boolean {
    return this.ready.length === 0;
  }

  take(): QueuedAttempt | undefined {
    return this.ready.shift();
  }

  /** Queues the record's next scheduled attempt if it is due, or sets the timer for when it will be. */
  schedule(record: DeliveryRecord): void {
    if (!this.isWaiting(record) || record.next_attempt_at === null) return;
    if (record.next_attempt_at <= this.clock.now()) {
      this.scheduledBusy.add(record.id);
      this.ready.push({ id: record.id, manual: false });
      // A microtask, so a burst of enqueues from one request is dispatched together after it.
      queueMicrotask(this.onReady);
    } else {
      this.arm(record.next_attempt_at);
    }
  }

  /** One more attempt now, outside the schedule. */
  resend(id: string): void {
    this.ready.push({ id, manual: true });
    queueMicrotask(this.onReady);
  }

  /** The record's queued attempt was made (or its record is gone): its next one may be queued. */
  made(id: string): void {
    this.scheduledBusy.delete(id);
  }

  clear(): void {
    if (this.armed !== undefined) this.clock.clearTimeout(this.armed.handle);
    this.armed = undefined;
    this.ready.length = 0;
    this.scheduledBusy.clear();
  }

  private isWaiting(record: DeliveryRecord): boolean {
    return record.status === 'pending' && record.next_attempt_at !== null && !this.scheduledBusy.has(record.id);
  }

  private earliestWaiting(): number | undefined {
    let earliest: number | undefined;
    for (const record of this.records.all()) {
      if (!this.isWaiting(record) || record.next_attempt_at === null) continue;
      if (earliest === undefined || record.next_attempt_at < earliest) earliest = record.next_attempt_at;
    }
    return earliest;
  }

  private arm(due: number | undefined): void {
    if (due === undefined) return;
    if (this.armed !== undefined && this.armed.due <= due) return;
    if (this.armed !== undefined) this.clock.clearTimeout(this.armed.handle);
    this.armed = { due, handle: this.clock.setTimeout(() => this.onTimer(), due - this.clock.now()) };
  }

  private onTimer(): void {
    this.armed = undefined;
    const now = this.clock.now();
    for (const record of this.records.all()) {
      if (this.isWaiting(record) && record.next_attempt_at !== null && record.next_attempt_at <= now) {
        this.scheduledBusy.add(record.id);
        this.ready.push({ id: record.id, manual: false });
      }
    }
    this.arm(this.earliestWaiting());
    this.onReady();
  }
}
