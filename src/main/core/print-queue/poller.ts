import type { TimerHandle } from '../../../shared/clock';
import { type PrintStatus } from '../../../shared/ipc/channels/prints';
import { isFinalPrintStatus } from '../../../shared/lifecycle/print';
import { PlatformError } from '../platform/errors';
import { journalErrorOf, type QueueContext } from './context';
import { isWaitingStatus, nextPace, nextPollDelay, PACE_DEFAULTS, readRetryDelay, rememberWait, type WaitingStatus } from './poll-policy';
import type { JournalPrint } from '../history/records/print';
import { BudgetClosedError } from './request-budget';
import type { ProbeResult } from './dispatcher';

interface Poll {
  timer: TimerHandle | undefined;
  delayMs: number;
  notFound: number;
  /** When a poll last found the action unchanged. */
  lastSeenAt: number | undefined;
  /** Status reads that failed in a row since the last one that answered. */
  failures: number;
  /** The next check sends the create of the print behind instead of a read (see `Dispatcher.probe`). */
  probeNext: boolean;
  /** Probes in a row answered busy: an order still waited on the terminal. */
  busyProbes: number;
  /** Created with prints of ours still to send behind it: its wait for pickup is the lane's pace. */
  inLine: boolean;
  /** When the platform accepted it (the start of its wait for pickup). */
  since: number;
}

/** Sends the create of the print behind one that may still be the terminal's waiting order (Dispatcher.probe). */
export type ProbeBehind = (terminalId: string, aheadId: string) => Promise<ProbeResult>;

/** A busy probe is followed by at most this many more before a status read checks whose order waits. */
const BUSY_PROBES_BEFORE_A_READ = 2;

/**
 * How far the status on screen can be trusted: when the platform last confirmed it (a create's answer
 * or a status read), and since when reads fail, with the last failure's code. A print whose reads fail
 * may have moved on (picked up, printed) without anyone knowing, so the cashier is told rather than
 * shown a stale status as fact.
 */
export interface StatusTrust {
  confirmedAt: number;
  unconfirmed: { code: string; since: number } | undefined;
}

/**
 * Follows every sent print to a final status with status reads (spec 4.3), within its terminal's
 * request budget, at the pace `nextPollDelay` sets. A read only moves a print forward (the lifecycle
 * table), so one that returns after a cancel or a newer read changes nothing.
 */
export class Poller {
  private readonly polls = new Map<string, Poll>();
  /** Per terminal, how long its last waits in each status took at least (the policy's learned waits). */
  private readonly waitFloors = new Map<string, Record<WaitingStatus, number[]>>();
  private readonly trust = new Map<string, StatusTrust>();
  /**
   * Per terminal, how long after its create is accepted a print with more waiting behind it gets picked
   * up: when its successor's create is tried (a probe) instead of reading it.
   */
  private readonly paces = new Map<string, number>();

  constructor(
    private readonly context: QueueContext,
    /** The terminal's lane may move on (a print left `created` or finished). */
    private readonly laneMayMove: (terminalId: string) => void,
    /** Tries the next print's create in place of a read of the one that may be waiting (Dispatcher.probe). */
    private readonly probeBehind?: ProbeBehind,
    /** Whether the print's status is confirmed changed without the status itself changing: tell the renderer. */
    private readonly trustChanged: (id: string) => void = () => undefined,
  ) {}

  /** How far the print's status is confirmed; undefined for a print not followed (never sent, or finished). */
  trustOf(id: string): Readonly<StatusTrust> | undefined {
    return this.trust.get(id);
  }

  /** Starts (or restarts) following a print, first check after `delayMs` (a probe when `probe`, else a read). */
  follow(id: string, delayMs: number, probe = false): void {
    if (this.context.isClosed()) return;
    const clock = this.context.clock;
    const poll = this.polls.get(id) ?? {
      timer: undefined,
      delayMs,
      notFound: 0,
      lastSeenAt: undefined,
      failures: 0,
      probeNext: false,
      busyProbes: 0,
      inLine: false,
      since: clock.now(),
    };
    if (poll.timer !== undefined) clock.clearTimeout(poll.timer);
    poll.delayMs = delayMs;
    poll.probeNext = probe;
    poll.timer = clock.setTimeout(() => {
      poll.timer = undefined;
      void this.read(id).catch((error: unknown) => {
        if (!(error instanceof BudgetClosedError) && !this.context.isClosed())
          this.context.logger.error('polling failed unexpectedly', { id, error: String(error) });
      });
    }, delayMs);
    this.polls.set(id, poll);
  }

  /** Starts following a print that was just created, at the policy's pace. */
  followNew(print: Readonly<JournalPrint>): void {
    const { clock, lanes } = this.context;
    // The create's answer is the platform's word on the status.
    this.trust.set(print.id, { confirmedAt: clock.now(), unconfirmed: undefined });
    const inLine = print.status === 'created' && lanes.hasUnsentBehind(print.terminalId, print.id);
    const pace = this.paces.get(print.terminalId);
    if (inLine && pace !== undefined && this.probeBehind !== undefined) this.follow(print.id, pace, true);
    else this.follow(print.id, this.delayFor(print, 0));
    const poll = this.polls.get(print.id);
    if (poll !== undefined) {
      poll.inLine = inLine;
      poll.since = clock.now();
    }
  }

  stop(id: string): void {
    const poll = this.polls.get(id);
    if (poll?.timer !== undefined) this.context.clock.clearTimeout(poll.timer);
    this.polls.delete(id);
    this.trust.delete(id);
  }

  stopAll(): void {
    for (const id of [...this.polls.keys()]) this.stop(id);
  }

  /** The platform answers again: every print whose last status read failed is read now, not at its next retry. */
  retryFailedNow(): void {
    for (const [id, poll] of this.polls) if (poll.failures > 0 && poll.timer !== undefined) this.follow(id, 0);
  }

  /** The print next in line on this terminal is polled quickly again: it is about to be picked up. */
  hurryNextInLine(terminalId: string): void {
    const next = this.context.lanes.nextOnTerminal(terminalId);
    // One checked at the lane's pace already has its check at the expected pickup.
    if (next !== undefined && this.polls.has(next) && this.polls.get(next)?.probeNext !== true) this.follow(next, this.context.policy.poll.initialMs);
  }

  private floorsOf(terminalId: string): Record<WaitingStatus, number[]> {
    let floors = this.waitFloors.get(terminalId);
    if (floors === undefined) {
      floors = { created: [], on_terminal: [] };
      this.waitFloors.set(terminalId, floors);
    }
    return floors;
  }

  private delayFor(print: Readonly<JournalPrint>, previousMs: number): number {
    const { policy, clock, lanes } = this.context;
    return nextPollDelay(policy.poll, {
      waitedMs: clock.now() - print.updatedAt,
      previousMs,
      behindAnother: lanes.waitsBehindAnother(print.terminalId, print.id),
      waitFloors: isWaitingStatus(print.status) ? this.floorsOf(print.terminalId)[print.status] : [],
    });
  }

  private learnWait(terminalId: string, status: PrintStatus, changedAt: number, poll: Poll): void {
    if (isWaitingStatus(status)) {
      const floors = this.floorsOf(terminalId);
      floors[status] = rememberWait(floors[status], changedAt, poll.lastSeenAt, this.context.policy.poll.waitMemory);
    }
    poll.lastSeenAt = undefined;
  }

  private async read(id: string): Promise<void> {
    const { journal, platform, policy, lanes, signal } = this.context;
    const print = journal.get(id);
    const poll = this.polls.get(id);
    if (print === undefined || poll === undefined || print.actionId === null || isFinalPrintStatus(print.status)) return this.stop(id);
    const probe = poll.probeNext ? this.probeBehind : undefined;
    poll.probeNext = false;
    if (probe !== undefined && lanes.holdsWaitingSlot(print) && this.probed(id, poll, await probe(print.terminalId, id))) return;
    await lanes.of(print.terminalId).budget.acquire();
    if (this.context.isClosed()) return;
    let delay: number | undefined;
    try {
      const action = await platform.actions.get(print.actionId, { maxAttempts: 1, timeoutMs: policy.requestTimeoutMs, signal });
      poll.notFound = 0;
      poll.failures = 0;
      this.context.answered(print.terminalId);
      const wasUnconfirmed = this.confirm(id);
      delay = await this.apply(id, action.status, poll);
      if (wasUnconfirmed && this.trust.has(id)) this.trustChanged(id);
    } catch (error) {
      if (this.context.isClosed()) return;
      delay = this.afterFailure(print, poll, error);
    }
    if (delay !== undefined && this.polls.has(id)) this.follow(id, delay);
  }

  /**
   * After a check of the print by its successor's create (Dispatcher.probe); false when nothing was sent
   * (no successor, or the lane is busy) and a status read should go instead. Accepted, the print was
   * picked up: it is read a pace later, by when it has most likely printed. Busy, it is probed again shortly,
   * then read, so an order of another client holding the terminal cannot keep its status unchecked.
   */
  private probed(id: string, poll: Poll, result: ProbeResult): boolean {
    const { clock, policy } = this.context;
    if (result.outcome === 'not_sent') return false;
    const print = this.context.journal.get(id);
    if (print === undefined || this.context.isClosed() || !this.polls.has(id)) return true;
    const now = clock.now();
    if (result.outcome === 'left') {
      const pace = this.learnPace(print.terminalId, poll, now);
      poll.busyProbes = 0;
      const created = this.context.journal.get(result.created);
      if (created?.status === 'created') this.follow(created.id, pace, true);
      this.follow(id, pace);
      return true;
    }
    if (result.outcome === 'waiting') {
      poll.busyProbes++;
      poll.lastSeenAt = now;
      if (poll.busyProbes <= BUSY_PROBES_BEFORE_A_READ) {
        this.follow(id, policy.poll.probeRetryMs ?? PACE_DEFAULTS.probeRetryMs, poll.busyProbes < BUSY_PROBES_BEFORE_A_READ);
        return true;
      }
    }
    this.follow(id, this.delayFor(print, poll.delayMs));
    return true;
  }

  /** The print left the waiting slot, seen at `leftAt`: the lane's pace learns from its wait, if prints waited behind it. */
  private learnPace(terminalId: string, poll: Poll, leftAt: number): number {
    const previous = this.paces.get(terminalId);
    if (!poll.inLine) return previous ?? leftAt - poll.since;
    const waiting = poll.lastSeenAt;
    const pace = nextPace(this.context.policy.poll, previous, waiting === undefined ? undefined : waiting - poll.since, leftAt - poll.since);
    this.paces.set(terminalId, pace);
    return pace;
  }

  /** The platform just answered for the print; true when its status had been unconfirmed until now. */
  private confirm(id: string): boolean {
    const trust = this.trust.get(id);
    const now = this.context.clock.now();
    if (trust === undefined) {
      this.trust.set(id, { confirmedAt: now, unconfirmed: undefined });
      return false;
    }
    const was = trust.unconfirmed !== undefined;
    trust.confirmedAt = now;
    trust.unconfirmed = undefined;
    return was;
  }

  /** A status read failed: from the first one, the status on screen is no longer confirmed. */
  private distrust(print: Readonly<JournalPrint>, code: string): void {
    const now = this.context.clock.now();
    const trust = this.trust.get(print.id) ?? { confirmedAt: print.updatedAt, unconfirmed: undefined };
    this.trust.set(print.id, trust);
    const changed = trust.unconfirmed?.code !== code;
    trust.unconfirmed = { code, since: trust.unconfirmed?.since ?? now };
    if (changed) this.trustChanged(print.id);
  }

  /** Applies a status read; the delay until the next one, or undefined when the print needs no more. */
  private async apply(id: string, reported: PrintStatus, poll: Poll): Promise<number | undefined> {
    const current = this.context.journal.get(id);
    if (current === undefined || this.context.isClosed()) return undefined;
    if (reported === current.status) {
      poll.lastSeenAt = this.context.clock.now();
      return this.delayFor(current, poll.delayMs);
    }
    const { terminalId, status: before, updatedAt: changedAt } = current;
    // Seen leaving the waiting slot by this read (not already by a probe): the lane's pace learns from it.
    if (before === 'created' && this.context.lanes.holdsWaitingSlot(current)) this.learnPace(terminalId, poll, this.context.clock.now());
    // The platform says only that the terminal failed it (spec 3, 4.4: no reason given); the cashier still needs why and what next.
    const lastError =
      reported === 'failed'
        ? { code: 'terminal_failed', status: null, detail: 'the terminal reported the print as failed', retryable: false, at: this.context.clock.now() }
        : null;
    const changed = this.context.changes.move(id, 'reported', reported, { lastError });
    // Refused: the read left the platform before a change we already know of (a cancel, a newer read).
    if (changed === undefined) return isFinalPrintStatus(current.status) ? undefined : this.delayFor(current, poll.delayMs);
    this.learnWait(terminalId, before, changedAt, poll);
    await changed.durable;
    if (before === 'created' || isFinalPrintStatus(reported)) this.laneMayMove(terminalId);
    if (isFinalPrintStatus(reported)) return undefined;
    return this.delayFor(changed.print, 0);
  }

  private afterFailure(print: Readonly<JournalPrint>, poll: Poll, error: unknown): number | undefined {
    const { policy, lanes, random, logger } = this.context;
    const platformError = error instanceof PlatformError ? error : undefined;
    poll.failures++;
    // The reads' own schedule (PollPolicy.readRetry), not the create back-off: a 30 s wait after a 401 or
    // a 5xx left a printed receipt showing "waiting for pickup" that long. The one behind another waits anyway.
    let delay = lanes.waitsBehindAnother(print.terminalId, print.id) ? this.delayFor(print, poll.delayMs) : readRetryDelay(policy.poll, poll.failures, random);
    if (platformError?.status === 429) {
      const pause = platformError.retryAfterMs ?? policy.rateLimitPauseMs;
      lanes.of(print.terminalId).budget.pauseFor(pause);
      delay = Math.max(delay, pause);
    } else if (platformError?.code === 'order_not_found') {
      poll.notFound++;
      if (poll.notFound >= policy.notFoundLimit) {
        this.context.changes.move(print.id, 'gone', 'failed', { lastError: journalErrorOf(error, this.context.clock.now()) }, { reason: 'order_not_found' });
        this.stop(print.id);
        this.laneMayMove(print.terminalId);
        return undefined;
      }
    }
    this.distrust(print, platformError?.code ?? 'internal_error');
    logger.debug('a status poll failed', { id: print.id, code: platformError?.code, failures: poll.failures });
    return delay;
  }
}
