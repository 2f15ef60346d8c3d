import type { TimerHandle } from '../../../shared/clock';
import { isFinalPrintStatus } from '../../../shared/lifecycle/print';
import { PlatformError } from '../platform/errors';
import { createRequestOf, journalErrorOf, type QueueContext } from './context';
import { backoffDelay } from '../rounds/backoff';
import { CREDENTIAL_CODES, pastResendCutoff, unconfirmedError } from './policy';
import type { JournalError, JournalPrint } from '../history/records/print';
import { BudgetClosedError } from './request-budget';

/** What became of one create: accepted, refused as busy (409, an order waits on the terminal), failed otherwise, or not sent at all. */
type SendOutcome = 'created' | 'busy' | 'failed' | 'not_sent';

/** A probe's answer about the print it passed (see `Dispatcher.probe`). */
export type ProbeResult = { outcome: 'left'; created: string } | { outcome: 'waiting' | 'unknown' | 'not_sent' };

/** A terminal's dispatch: whether it is sending, and how its retries stand. */
interface Dispatch {
  running: boolean;
  again: boolean;
  /** Woken (credentials fixed) while an attempt was out: its retry goes now, not after the usual wait. */
  woken: boolean;
  retryTimer: TimerHandle | undefined;
  /** The transient failures in a row of the print at the head of the lane (QueuePolicy.setAside). */
  streak: { id: string; failures: number; since: number } | undefined;
  busyRetries: number;
}

export interface DispatcherHooks {
  /** The create answered: follow the action's status. */
  created(print: Readonly<JournalPrint>): void;
  /** The create answered for a print the cashier asked to cancel meanwhile. */
  cancelCreated(print: Readonly<JournalPrint>): void;
  /** Makes sure a token can be had before a print moves to `sending` (see PrintQueueOptions.authorize). */
  authorize?: () => Promise<unknown>;
  /** The journal write that makes a new print durable, while it is on its way: its create waits for it. */
  durableOf(id: string): Promise<void> | undefined;
  /**
   * Another counter sharing the terminal has a print waiting there (from the store database): ours
   * waits instead of learning it from a 409, which stays the fallback when the database is unknown.
   */
  busyElsewhere?(terminalId: string): boolean;
}

/**
 * Sends each terminal's prints in order, one at a time, and only while none of ours waits in
 * `created` (spec 7.2: one waiting order per terminal). A print keeps ONE idempotency key for life
 * (DESIGN.md): a timed-out create may still reach the platform later, so every retry, including the
 * one after a 409 busy (which the platform does not store under the key, spec 7.2), reuses it.
 */
export class Dispatcher {
  private readonly dispatches = new Map<string, Dispatch>();
  /** Prints with a create that may have reached the platform or still may (no answer, a 5xx): not cancellable locally. */
  private readonly mayHaveArrived = new Set<string>();
  /** The print whose create is out right now, per terminal. */
  private readonly sendingNow = new Map<string, string>();

  constructor(
    private readonly context: QueueContext,
    private readonly hooks: DispatcherHooks,
  ) {
    // After a restart nobody knows what became of a `sending` print's last create.
    for (const print of context.journal.unfinished()) if (print.status === 'sending') this.mayHaveArrived.add(print.id);
  }

  /** No request of this print is out or can still arrive: nothing of it can exist on the platform. */
  cannotReachPlatform(print: Readonly<JournalPrint>): boolean {
    return print.actionId === null && !this.mayHaveArrived.has(print.id) && this.sendingNow.get(print.terminalId) !== print.id;
  }

  /** Looks at the terminal's queue again (a print was added, left `created`, finished or was cancelled). */
  pump(terminalId: string): void {
    if (this.context.isClosed()) return;
    const dispatch = this.dispatchOf(terminalId);
    if (dispatch.running) {
      dispatch.again = true;
      return;
    }
    dispatch.running = true;
    void this.run(terminalId, dispatch)
      .catch((error: unknown) => {
        if (!(error instanceof BudgetClosedError) && !this.context.isClosed())
          this.context.logger.error('a terminal queue stopped on an unexpected error', { terminal: terminalId, error: String(error) });
      })
      .finally(() => {
        dispatch.running = false;
        if (dispatch.again) {
          dispatch.again = false;
          this.pump(terminalId);
        }
      });
  }

  /** Retry now whatever waits on credentials or the network. */
  wake(): void {
    for (const [terminalId, dispatch] of this.dispatches) {
      if (dispatch.retryTimer !== undefined) {
        this.context.clock.clearTimeout(dispatch.retryTimer);
        dispatch.retryTimer = undefined;
      }
      if (dispatch.running) dispatch.woken = true;
      this.pump(terminalId);
    }
  }

  close(): void {
    for (const dispatch of this.dispatches.values()) if (dispatch.retryTimer !== undefined) this.context.clock.clearTimeout(dispatch.retryTimer);
  }

  private dispatchOf(terminalId: string): Dispatch {
    let dispatch = this.dispatches.get(terminalId);
    if (dispatch === undefined) {
      dispatch = { running: false, again: false, woken: false, retryTimer: undefined, streak: undefined, busyRetries: 0 };
      this.dispatches.set(terminalId, dispatch);
    }
    return dispatch;
  }

  private retryLater(terminalId: string, dispatch: Dispatch, delayMs: number): void {
    const clock = this.context.clock;
    if (dispatch.retryTimer !== undefined) clock.clearTimeout(dispatch.retryTimer);
    if (dispatch.woken) {
      dispatch.woken = false;
      dispatch.retryTimer = undefined;
      return;
    }
    dispatch.retryTimer = clock.setTimeout(() => {
      dispatch.retryTimer = undefined;
      this.pump(terminalId);
    }, delayMs);
  }

  /** The next print to send: the first unsent one, unless one of ours (other than `passing`) may be waiting in `created` before it. */
  private nextToSend(terminalId: string, passing?: string): string | undefined {
    const lanes = this.context.lanes;
    for (const id of lanes.of(terminalId).active) {
      const print = this.context.journal.get(id);
      if (print === undefined) continue;
      // The platform keeps one waiting order per terminal: ours in `created` holds the rest back.
      if (lanes.holdsWaitingSlot(print) && id !== passing) return undefined;
      if (print.status === 'sending' || print.status === 'queued') return id;
    }
    return undefined;
  }

  /**
   * Sends the create of the print behind `aheadId` while `aheadId` may still be the terminal's waiting
   * order, in place of a status read of it. Accepted, it shows the one ahead was taken (the platform
   * accepts a create only while no order waits); refused as busy (409), that an order, most likely
   * ours, still waits. Neither answer can lose or double a print: a 4xx is not kept under the key, so
   * the print keeps its one key and is simply sent again later, like after any busy answer.
   */
  async probe(terminalId: string, aheadId: string): Promise<ProbeResult> {
    if (this.context.isClosed()) return { outcome: 'not_sent' };
    const dispatch = this.dispatchOf(terminalId);
    if (dispatch.running || dispatch.retryTimer !== undefined || this.hooks.busyElsewhere?.(terminalId) === true) return { outcome: 'not_sent' };
    const next = this.nextToSend(terminalId, aheadId);
    if (next === undefined) return { outcome: 'not_sent' };
    dispatch.running = true;
    try {
      const sent = await this.send(terminalId, dispatch, next, aheadId);
      if (sent === 'created') return { outcome: 'left', created: next };
      return { outcome: sent === 'busy' ? 'waiting' : sent === 'failed' ? 'unknown' : 'not_sent' };
    } finally {
      dispatch.running = false;
      if (dispatch.again) {
        dispatch.again = false;
        this.pump(terminalId);
      }
    }
  }

  private async run(terminalId: string, dispatch: Dispatch): Promise<void> {
    while (!this.context.isClosed() && dispatch.retryTimer === undefined) {
      const next = this.nextToSend(terminalId);
      if (next === undefined) return;
      if (this.hooks.busyElsewhere?.(terminalId) === true) {
        // Woken (wake) as soon as the other counter's print leaves; the timer only guards a missed word.
        this.retryLater(terminalId, dispatch, this.context.policy.busy.capMs);
        return;
      }
      await this.send(terminalId, dispatch, next);
    }
  }

  /** Settles a print that must not be sent (any more); true when it was. */
  private settledBeforeSending(print: Readonly<JournalPrint>): boolean {
    const { changes, clock, policy } = this.context;
    if (print.cancelRequested && this.cannotReachPlatform(print)) {
      changes.move(print.id, 'cancel_locally', 'canceled', { cancelRequested: false, lastError: null }, { reason: 'canceled_locally' });
      return true;
    }
    const now = clock.now();
    if (print.status === 'sending' && pastResendCutoff(print, now, policy)) {
      // Past the platform's idempotency window a resend could print twice: stop, and say so.
      changes.move(print.id, 'unconfirmed', 'failed', { lastError: unconfirmedError(now) }, { reason: 'print_unconfirmed' });
      return true;
    }
    return false;
  }

  /** Whatever must hold before a create goes out (credentials, budget); false when it must wait. */
  private async readyToSend(terminalId: string, dispatch: Dispatch, id: string): Promise<boolean> {
    const { changes, clock, lanes, policy } = this.context;
    if (this.hooks.authorize !== undefined) {
      try {
        await this.hooks.authorize();
      } catch (error) {
        if (this.context.isClosed()) return false;
        changes.update(id, { lastError: { ...journalErrorOf(error, clock.now()), retryable: true } });
        this.retryLater(terminalId, dispatch, policy.credentialsRetryMs);
        return false;
      }
    }
    await lanes.of(terminalId).budget.acquire();
    return !this.context.isClosed();
  }

  /** `passing`: a probe, sent while that print of ours may still wait in `created` (see `probe`). */
  private async send(terminalId: string, dispatch: Dispatch, id: string, passing?: string): Promise<SendOutcome> {
    const { journal, changes, clock, platform, policy, signal } = this.context;
    const before = journal.get(id);
    if (before === undefined || this.settledBeforeSending(before)) return 'not_sent';
    const content = await journal.content(id);
    if (!(await this.readyToSend(terminalId, dispatch, id))) return 'not_sent';
    // The print as it is NOW: the cashier may have cancelled it while this waited for the budget.
    const print = journal.get(id);
    if (print === undefined || isFinalPrintStatus(print.status) || this.settledBeforeSending(print)) return 'not_sent';
    // Deferred: it reaches the disk with the outcome, in one sync; lost in a crash, the print replays as
    // it was and is resent with the same key. Written now, it would re-dirty the page the enqueue's sync is flushing.
    const attempt = { attempts: print.attempts + 1, firstSentAt: print.firstSentAt ?? clock.now() };
    const sending =
      print.status === 'queued'
        ? changes.move(id, 'send', 'sending', attempt, { defer: true })
        : print.status === 'sending'
          ? changes.update(id, attempt, { defer: true })
          : undefined;
    if (sending === undefined) return 'not_sent';
    const sent = sending.print;
    this.sendingNow.set(terminalId, id);
    try {
      const action = await platform.actions.create(createRequestOf(sent, content), {
        idempotencyKey: sent.idempotencyKey,
        maxAttempts: 1,
        timeoutMs: policy.requestTimeoutMs,
        signal,
        sendAfter: this.hooks.durableOf(id),
      });
      this.sendingNow.delete(terminalId);
      this.mayHaveArrived.delete(id);
      dispatch.streak = undefined;
      dispatch.busyRetries = 0;
      if (this.context.isClosed()) return 'not_sent';
      // Accepted while no order waited on the terminal: the one we passed is no longer waiting.
      if (passing !== undefined) this.context.lanes.of(terminalId).leftWaiting.add(passing);
      changes.move(id, 'accepted', action.status, { actionId: action.id, lastError: null });
      this.context.answered(terminalId);
      const created = journal.get(id);
      if (created?.cancelRequested === true && created.status === 'created') this.hooks.cancelCreated(created);
      if (created !== undefined && !isFinalPrintStatus(created.status)) this.hooks.created(created);
      return 'created';
    } catch (error) {
      this.sendingNow.delete(terminalId);
      if (this.context.isClosed()) return 'not_sent';
      return await this.afterCreateFailure(terminalId, dispatch, id, error, passing !== undefined);
    }
  }

  private async afterCreateFailure(terminalId: string, dispatch: Dispatch, id: string, error: unknown, probe: boolean): Promise<SendOutcome> {
    const { journal, changes, clock, lanes, policy, random } = this.context;
    const print = journal.get(id);
    if (print === undefined) return 'failed';
    const failure = journalErrorOf(error, clock.now());
    const platformError = error instanceof PlatformError ? error : undefined;
    // Only a 4xx refusal proves the platform did not act on it (spec 8: 4xx answers are not stored under
    // the key); without an answer the request may still arrive, late, and a 5xx may have acted.
    const refused =
      platformError !== undefined && platformError.status >= 400 && platformError.status < 500 && platformError.code !== 'idempotency_key_already_used';
    if (!refused) this.mayHaveArrived.add(id);

    if (platformError?.code === 'already_queued_order_for_terminal') {
      // Another client's order waits on the terminal. The platform keeps no answer to a 4xx under the
      // key (spec 7.2), so the retry reuses it: a new key now would let an earlier request, still on
      // its way, create a second action.
      if (print.cancelRequested && this.cannotReachPlatform(print)) {
        changes.move(id, 'cancel_locally', 'canceled', { cancelRequested: false, lastError: null }, { reason: 'canceled_locally' });
        return 'busy';
      }
      // A probe's busy answer is the expected one while ours waits: its poller asks again, nothing to show.
      if (probe) return 'busy';
      dispatch.busyRetries++;
      await changes.update(id, { lastError: { ...failure, retryable: true } })?.durable;
      this.retryLater(terminalId, dispatch, backoffDelay(policy.busy, dispatch.busyRetries, random));
      return 'busy';
    }

    if (platformError !== undefined && CREDENTIAL_CODES.has(platformError.code)) {
      // Refused before the idempotency check: earlier attempts may still have landed, so it stays `sending`.
      await changes.update(id, { lastError: { ...failure, retryable: true } })?.durable;
      this.retryLater(terminalId, dispatch, policy.credentialsRetryMs);
      return 'failed';
    }

    const inProgressElsewhere = platformError?.code === 'idempotency_key_already_used' && platformError.retryAfterMs !== undefined;
    if (platformError === undefined || platformError.retryable || inProgressElsewhere) {
      // The outcome is unknown: stay in `sending` and resend later with the same key.
      const streak = dispatch.streak?.id === id ? dispatch.streak : { id, failures: 0, since: failure.at };
      streak.failures++;
      dispatch.streak = streak;
      const retryAfter = platformError?.retryAfterMs;
      if (platformError?.status === 429) lanes.of(terminalId).budget.pauseFor(retryAfter ?? policy.rateLimitPauseMs);
      if (streak.failures >= policy.setAside.failures && failure.at - streak.since >= policy.setAside.afterMs) {
        await this.setAside(terminalId, dispatch, id, failure);
        return 'failed';
      }
      await changes.update(id, { lastError: { ...failure, retryable: true } })?.durable;
      this.retryLater(terminalId, dispatch, Math.max(backoffDelay(policy.failure, streak.failures, random), retryAfter ?? 0));
      return 'failed';
    }

    // A definitive refusal (4xx): this print will never be accepted as it is.
    await changes.move(id, 'refused', 'failed', { lastError: failure }, { reason: failure.code })?.durable;
    return 'failed';
  }

  /**
   * Stops the print holding its terminal's lane (a print that kept failing held every print behind it
   * for up to 23 h): no more resends until the cashier says Try again. Its key stays, so if a create of it did reach the platform, the platform's one
   * waiting order per terminal (spec 7.2, 409) still keeps the prints behind it in order.
   */
  private async setAside(terminalId: string, dispatch: Dispatch, id: string, failure: JournalError): Promise<void> {
    dispatch.streak = undefined;
    const moved = this.context.changes.move(id, 'set_aside', 'needs_attention', { lastError: { ...failure, retryable: false } }, { reason: failure.code });
    if (moved === undefined) return;
    this.context.logger.warn('a print was set aside after repeated failures', { id, terminal: terminalId, code: failure.code });
    await moved.durable;
  }

  /** The cashier's Try again: back in its lane with the same key, its failures counted afresh. */
  tryAgain(print: Readonly<JournalPrint>): Promise<void> | undefined {
    // Every create it sent may still arrive: never cancellable locally from here on in this run.
    this.mayHaveArrived.add(print.id);
    const moved = this.context.changes.move(print.id, 'try_again', 'sending', { lastError: null }, { reason: 'try_again' });
    if (moved === undefined) return undefined;
    const dispatch = this.dispatchOf(print.terminalId);
    if (dispatch.retryTimer !== undefined) {
      // It goes ahead of whatever waited on a back-off, as it was before it was set aside.
      this.context.clock.clearTimeout(dispatch.retryTimer);
      dispatch.retryTimer = undefined;
    }
    this.pump(print.terminalId);
    return moved.durable;
  }
}
