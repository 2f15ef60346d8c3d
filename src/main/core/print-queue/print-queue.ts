import { randomUUID } from 'node:crypto';
import type { Clock, TimerHandle } from '../../../shared/clock';
import type { Language } from '../../../shared/ipc/channels/app';
import {
  isFinalPrintStatus,
  type EnqueuePrintRequest,
  type ListPrintsRequest,
  type PrintDetail,
  type PrintPage,
  type PrintStatus,
  type PrintSummary,
} from '../../../shared/ipc/channels/prints';
import { CONTENT_MAX_BYTES, isStrictBase64, utf8ByteLength, type ActionStatus } from '../../../shared/platform/terminal-actions';
import { silentLogger, type Logger, type RandomSource } from '../ports';
import type { PlatformClient } from '../platform/client';
import { NO_HTTP_STATUS, PlatformError } from '../platform/errors';
import { PrintQueueError } from './errors';
import { cashierMessage } from '../platform/messages';
import type { PrintJournal } from './journal';
import { queryPrints } from './query';
import { queuedPrint, type JournalError, type JournalPrint, type JournalTransition, type PrintPatch } from './records';
import { BudgetClosedError, RequestBudget } from './request-budget';

export interface Backoff {
  initialMs: number;
  factor: number;
  capMs: number;
}

export interface QueuePolicy {
  /** Every request for one terminal (create, get, cancel) counts against this budget. */
  requestsPerMinute: number;
  /** Requests the budget lets through at once (the quick polls after a change), paid back by pacing. */
  requestBurst: number;
  /**
   * Status polling: quick right after a change, slower as the wait goes on (the interval grows by
   * `factor` from initialMs, capped at fastCapMs for fastPhaseMs after the last change, then at
   * slowCapMs, and at idleCapMs once idlePhaseMs have passed). A print queued on the terminal behind
   * another of ours is only checked every behindMs, and hurried the moment the one ahead finishes.
   * A terminal whose last waits in a status were all long is polled at most every earlyCapMs until
   * most of the shortest of them has passed (see `nextPollDelay`).
   */
  poll: {
    initialMs: number;
    factor: number;
    fastCapMs: number;
    fastPhaseMs: number;
    slowCapMs: number;
    idlePhaseMs: number;
    idleCapMs: number;
    behindMs: number;
    /** Waits remembered per terminal and status; with this many, polls stay slow until `waitTrust` of the shortest has passed. */
    waitMemory: number;
    waitTrust: number;
    /** The poll interval while no change is expected yet. */
    earlyCapMs: number;
  };
  /** Waiting for another client's order to leave the terminal (409 already_queued_order_for_terminal). */
  busy: Backoff;
  /** After a network failure, a timeout, a 429 or a 5xx. */
  failure: Backoff;
  /** After the credentials failed (they may be fixed in Settings, which wakes the queue at once). */
  credentialsRetryMs: number;
  requestTimeoutMs: number;
  /** A print whose create was never confirmed is not resent after this (spec 8: keys live 24 h). */
  unconfirmedAfterMs: number;
  /** Consecutive 404s on a created action before it is given up as gone. */
  notFoundLimit: number;
  /** How long a 429 without Retry-After pauses the terminal's requests. */
  rateLimitPauseMs: number;
}

export const DEFAULT_QUEUE_POLICY: Readonly<QueuePolicy> = Object.freeze({
  requestsPerMinute: 40,
  // Tuned with bench/status-latency.ts: the slow cap leaves room under the budget to refill the burst
  // that the quick polls after the next change will need.
  requestBurst: 6,
  // Nearly even polls of 1.3–1.5 s after a change, not a 0.4 s start that grows: the goal is the 95th
  // percentile within 1.5 s, and a burst of early polls spends the budget that back-to-back prints need
  // later (bench/status-latency: p95 1.63 s → 1.46 s, with a little fewer requests).
  poll: { initialMs: 1_300, factor: 1.1, fastCapMs: 1_500, fastPhaseMs: 30_000, slowCapMs: 2_000, idlePhaseMs: 600_000, idleCapMs: 5_000, behindMs: 30_000, waitMemory: 3, waitTrust: 0.9, earlyCapMs: 5_000 },
  busy: { initialMs: 2_000, factor: 1.5, capMs: 15_000 },
  failure: { initialMs: 1_000, factor: 2, capMs: 30_000 },
  credentialsRetryMs: 30_000,
  requestTimeoutMs: 10_000,
  unconfirmedAfterMs: 23 * 60 * 60_000,
  notFoundLimit: 3,
  rateLimitPauseMs: 5_000,
});

export { PrintQueueError };

export interface PrintQueueOptions {
  journal: PrintJournal;
  platform: PlatformClient;
  clock: Clock;
  language: () => Language;
  onChange: (summary: PrintSummary) => void;
  /**
   * Makes sure a token can be had before a print moves to `sending` (the credentials service's
   * `tokens.current`), so broken credentials leave prints `queued` instead of churning their status.
   */
  authorize?: () => Promise<unknown>;
  /** The terminal's operating mode when known (from the last terminals list), to refuse non-PDV early. */
  operatingModeOf?: (terminalId: string) => string | undefined;
  policy?: Partial<QueuePolicy>;
  random?: RandomSource;
  logger?: Logger;
}

export interface PrintQueue {
  enqueue(request: EnqueuePrintRequest): Promise<PrintSummary>;
  cancel(id: string): Promise<PrintSummary>;
  get(id: string, includeContent: boolean): Promise<PrintDetail>;
  list(request: ListPrintsRequest): PrintPage;
  prune(olderThanDays: number): Promise<number>;
  reprint(id: string, terminalId?: string): Promise<PrintSummary>;
  /** Retry now whatever waits on credentials or the network (credentials changed, back online). */
  wake(): void;
  /** When the platform last answered a status read or a create for each terminal, in this run (epoch ms). */
  lastAnswers(): ReadonlyMap<string, number>;
  /** Told of every such answer (most change nothing, so no onChange follows); returns the unsubscribe. */
  onAnswer(listener: (terminalId: string, at: number) => void): () => void;
  close(): Promise<void>;
}

/** Where a print stands with its terminal's queue. */
interface Lane {
  readonly terminalId: string;
  readonly budget: RequestBudget;
  /** Unfinished prints of this terminal in enqueue order: its FIFO. */
  readonly active: string[];
  running: boolean;
  again: boolean;
  /** Woken (credentials fixed) while an attempt was out: its retry goes now, not after the usual wait. */
  woken: boolean;
  retryTimer: TimerHandle | undefined;
  failures: number;
  busyRetries: number;
  /**
   * How long this terminal's last few waits in `created` (for a pickup) and `on_terminal` (for the
   * print) took at least: from the change to the last poll that still found the action unchanged.
   */
  waitFloors: { created: number[]; on_terminal: number[] };
}

interface Poller {
  timer: TimerHandle | undefined;
  delayMs: number;
  notFound: number;
  /** When a poll last found the action unchanged. */
  lastSeenAt: number | undefined;
}

/** Credential problems: no request for the print reached the actions endpoint. */
const CREDENTIAL_CODES = new Set(['not_configured', 'sandbox_unavailable', 'sign_in_required', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'forbidden', 'unauthorized', 'invalid_scope', 'unsupported_grant_type', 'invalid_request']);

const PREVIEW_CHARS = 80;
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The durable print queue: every print is journaled with its idempotency key before its first
 * request; one FIFO per terminal, sending a print only when none of ours is waiting in `created`
 * (spec 7.2, one waiting order); an adaptive poller following every sent action to a final status
 * within a per-terminal request budget; cancel per state (spec 4.5); and an event for every change.
 */
export function createPrintQueue(options: PrintQueueOptions): PrintQueue {
  const { journal, platform, clock } = options;
  const policy: QueuePolicy = { ...DEFAULT_QUEUE_POLICY, ...options.policy };
  const random = options.random ?? Math.random;
  const logger = options.logger ?? silentLogger;
  const lanes = new Map<string, Lane>();
  const pollers = new Map<string, Poller>();
  /** Journal writes of new prints still on their way to disk: their first request waits for them. */
  const notYetDurable = new Map<string, Promise<void>>();
  const inFlight = new AbortController();
  let closed = false;
  const lastAnswerAt = new Map<string, number>();
  const answerListeners = new Set<(terminalId: string, at: number) => void>();
  const answered = (terminalId: string): void => {
    const at = clock.now();
    lastAnswerAt.set(terminalId, at);
    for (const listener of answerListeners) {
      try {
        listener(terminalId, at);
      } catch (error) {
        logger.warn('an answer listener failed', { error: String(error) });
      }
    }
  };

  // ---- Helpers ------------------------------------------------------------------------------------
  const iso = (ms: number) => new Date(ms).toISOString();

  /** `language` is read once per list by the caller: reading the settings per row made a 100,000-row list take seconds. */
  function summary(print: Readonly<JournalPrint>, language: Language = options.language()): PrintSummary {
    return {
      id: print.id,
      terminalId: print.terminalId,
      subtype: print.subtype,
      externalReference: print.externalReference,
      status: print.status,
      createdAt: iso(print.createdAt),
      updatedAt: iso(print.updatedAt),
      actionId: print.actionId,
      attempts: print.attempts,
      lastError:
        print.lastError === null
          ? null
          : { code: print.lastError.code, message: cashierMessage(print.lastError.code, language), status: print.lastError.status, retryable: print.lastError.retryable, at: iso(print.lastError.at) },
      cancelRequested: print.cancelRequested,
      reprintOf: print.reprintOf,
      contentBytes: print.contentBytes,
      contentPreview: print.contentPreview,
    };
  }

  function laneFor(terminalId: string): Lane {
    let lane = lanes.get(terminalId);
    if (lane === undefined) {
      lane = {
        terminalId,
        budget: new RequestBudget(clock, policy.requestsPerMinute, 60_000, policy.requestBurst),
        active: [],
        running: false,
        again: false,
        woken: false,
        retryTimer: undefined,
        failures: 0,
        busyRetries: 0,
        waitFloors: { created: [], on_terminal: [] },
      };
      lanes.set(terminalId, lane);
    }
    return lane;
  }

  const jittered = (ms: number) => Math.round(ms / 2 + (random() * ms) / 2);
  const step = (backoff: Backoff, count: number) => jittered(Math.min(backoff.capMs, backoff.initialMs * backoff.factor ** Math.max(0, count - 1)));

  function errorOf(error: unknown): JournalError {
    if (error instanceof PlatformError) {
      return { code: error.code, status: error.status === NO_HTTP_STATUS ? null : error.status, detail: error.detail, retryable: error.retryable, at: clock.now() };
    }
    return { code: 'internal_error', status: null, detail: error instanceof Error ? error.message : String(error), retryable: true, at: clock.now() };
  }

  /** Applies a change in memory, tells the renderer at once, and has the journal make it durable. */
  function change(print: Readonly<JournalPrint>, patch: PrintPatch, reason: string | null = null, writing?: { defer?: boolean }): Promise<void> {
    const now = clock.now();
    const moved = patch.status !== undefined && patch.status !== print.status;
    const transition: JournalTransition | undefined = moved && patch.status !== undefined ? { status: patch.status, at: now, reason } : undefined;
    // Held back until the renderer has been told: encoding and queueing the record is not the cashier's wait.
    const { print: updated, durable } = journal.update(print.id, { ...patch, updatedAt: now }, transition, { defer: true });
    if (isFinalPrintStatus(updated.status)) {
      stopPolling(updated.id);
      const lane = laneFor(updated.terminalId);
      const index = lane.active.indexOf(updated.id);
      if (index !== -1) lane.active.splice(index, 1);
      hurryNextInLine(lane);
    }
    try {
      options.onChange(summary(updated));
    } catch (error) {
      logger.warn('a print event listener failed', { error: String(error) });
    }
    if (writing?.defer !== true) journal.writeDeferred();
    // Not awaited on the hot path: a lost transition replays as an earlier status, which the queue redoes safely.
    durable.catch((error: unknown) => logger.error('a print transition could not be journaled', { id: print.id, error: String(error) }));
    return durable;
  }

  const platformStatus = (status: ActionStatus): PrintStatus => status;

  // ---- Dispatcher ---------------------------------------------------------------------------------
  function pump(lane: Lane): void {
    if (closed) return;
    if (lane.running) {
      lane.again = true;
      return;
    }
    lane.running = true;
    void runLane(lane)
      .catch((error: unknown) => {
        if (!(error instanceof BudgetClosedError) && !closed) logger.error('a terminal queue stopped on an unexpected error', { terminal: lane.terminalId, error: String(error) });
      })
      .finally(() => {
        lane.running = false;
        if (lane.again) {
          lane.again = false;
          pump(lane);
        }
      });
  }

  function retryLaneLater(lane: Lane, delayMs: number): void {
    if (lane.retryTimer !== undefined) clock.clearTimeout(lane.retryTimer);
    if (lane.woken) {
      lane.woken = false;
      lane.retryTimer = undefined;
      return;
    }
    lane.retryTimer = clock.setTimeout(() => {
      lane.retryTimer = undefined;
      pump(lane);
    }, delayMs);
  }

  async function runLane(lane: Lane): Promise<void> {
    while (!closed && lane.retryTimer === undefined) {
      let next: Readonly<JournalPrint> | undefined;
      for (const id of lane.active) {
        const print = journal.get(id);
        if (print === undefined) continue;
        // The platform keeps one waiting order per terminal: ours in `created` holds the rest back.
        if (print.status === 'created') return;
        if (print.status === 'sending' || print.status === 'queued') {
          next = print;
          break;
        }
      }
      if (next === undefined) return;
      await send(lane, next);
    }
  }

  async function send(lane: Lane, print: Readonly<JournalPrint>): Promise<void> {
    const now = clock.now();
    if (print.status === 'queued' && print.cancelRequested) {
      await change(print, { status: 'canceled', cancelRequested: false }, 'canceled_locally');
      return;
    }
    if (print.status === 'sending' && print.firstSentAt !== null && now - print.firstSentAt > policy.unconfirmedAfterMs) {
      // Past the platform's idempotency window a resend could print twice: stop, and say so.
      await change(print, { status: 'failed', lastError: { code: 'print_unconfirmed', status: null, detail: 'create never confirmed', retryable: false, at: now } }, 'print_unconfirmed');
      return;
    }
    const content = await journal.content(print.id);
    if (options.authorize !== undefined) {
      try {
        await options.authorize();
      } catch (error) {
        if (closed) return;
        await change(print, { lastError: { ...errorOf(error), retryable: true } });
        retryLaneLater(lane, policy.credentialsRetryMs);
        return;
      }
    }
    await lane.budget.acquire();
    if (closed) return;
    // Deferred: it reaches the disk with the outcome, in one sync; lost in a crash, the print replays as
    // it was and is resent with the same key. Written now, it would re-dirty the page the enqueue's sync is flushing.
    void change(print, { status: 'sending', attempts: print.attempts + 1, firstSentAt: print.firstSentAt ?? clock.now() }, null, { defer: true });
    try {
      const action = await platform.actions.create(
        { type: 'print', external_reference: print.externalReference, config: { point: { terminal_id: print.terminalId, subtype: print.subtype } }, content },
        { idempotencyKey: print.idempotencyKey, maxAttempts: 1, timeoutMs: policy.requestTimeoutMs, signal: inFlight.signal, sendAfter: notYetDurable.get(print.id) },
      );
      lane.failures = 0;
      lane.busyRetries = 0;
      const current = journal.get(print.id);
      if (current === undefined || closed) return;
      void change(current, { status: platformStatus(action.status), actionId: action.id, lastError: null });
      answered(print.terminalId);
      const created = journal.get(print.id);
      if (created?.cancelRequested === true && created.status === 'created') void cancelOnPlatform(created).catch(() => undefined);
      if (created !== undefined && !isFinalPrintStatus(created.status)) schedulePoll(created.id, nextPollDelay(created, 0));
    } catch (error) {
      if (closed) return;
      const current = journal.get(print.id);
      if (current === undefined) return;
      await handleCreateFailure(lane, current, error);
    }
  }

  async function handleCreateFailure(lane: Lane, print: Readonly<JournalPrint>, error: unknown): Promise<void> {
    const failure = errorOf(error);
    const platformError = error instanceof PlatformError ? error : undefined;

    if (platformError?.code === 'already_queued_order_for_terminal') {
      // Another client's order waits on the terminal. The 409 proves nothing exists under this key, so
      // a fresh key (durable before use) is safe, and spares us a platform that remembers the refusal.
      if (print.cancelRequested) {
        await change(print, { status: 'canceled', cancelRequested: false, lastError: null }, 'canceled_locally');
        return;
      }
      lane.busyRetries++;
      await change(print, { status: 'queued', idempotencyKey: randomUUID(), firstSentAt: null, lastError: { ...failure, retryable: true } }, failure.code);
      retryLaneLater(lane, step(policy.busy, lane.busyRetries));
      return;
    }

    if (platformError !== undefined && CREDENTIAL_CODES.has(platformError.code)) {
      // Refused before the idempotency check: earlier attempts may still have landed, so it stays `sending`.
      await change(print, { lastError: { ...failure, retryable: true } });
      retryLaneLater(lane, policy.credentialsRetryMs);
      return;
    }

    const inProgressElsewhere = platformError?.code === 'idempotency_key_already_used' && platformError.retryAfterMs !== undefined;
    if (platformError === undefined || platformError.retryable || inProgressElsewhere) {
      // The outcome is unknown: stay in `sending` and resend later with the same key.
      lane.failures++;
      const retryAfter = platformError?.retryAfterMs;
      if (platformError?.status === 429) lane.budget.pauseFor(retryAfter ?? policy.rateLimitPauseMs);
      await change(print, { lastError: { ...failure, retryable: true } });
      retryLaneLater(lane, Math.max(step(policy.failure, lane.failures), retryAfter ?? 0));
      return;
    }

    // A definitive refusal (4xx): this print will never be accepted as it is.
    await change(print, { status: 'failed', lastError: failure }, failure.code);
  }

  // ---- Poller -------------------------------------------------------------------------------------
  function stopPolling(id: string): void {
    const poller = pollers.get(id);
    if (poller?.timer !== undefined) clock.clearTimeout(poller.timer);
    pollers.delete(id);
  }

  function schedulePoll(id: string, delayMs: number): void {
    if (closed) return;
    const poller = pollers.get(id) ?? { timer: undefined, delayMs, notFound: 0, lastSeenAt: undefined };
    if (poller.timer !== undefined) clock.clearTimeout(poller.timer);
    poller.delayMs = delayMs;
    poller.timer = clock.setTimeout(() => {
      poller.timer = undefined;
      void poll(id).catch((error: unknown) => {
        if (!(error instanceof BudgetClosedError) && !closed) logger.error('polling failed unexpectedly', { id, error: String(error) });
      });
    }, delayMs);
    pollers.set(id, poller);
  }

  /** An older print of ours still on this terminal: the terminal takes this one only after it. */
  function waitsBehindAnother(print: Readonly<JournalPrint>): boolean {
    for (const id of laneFor(print.terminalId).active) {
      if (id === print.id) return false;
      const older = journal.get(id);
      if (older !== undefined && older.actionId !== null && (older.status === 'created' || older.status === 'on_terminal')) return true;
    }
    return false;
  }

  /** The print next in line on this terminal is polled quickly again: it is about to be picked up. */
  function hurryNextInLine(lane: Lane): void {
    for (const id of lane.active) {
      const print = journal.get(id);
      if (print === undefined || print.actionId === null || isFinalPrintStatus(print.status)) continue;
      if (pollers.has(id)) schedulePoll(id, policy.poll.initialMs);
      return;
    }
  }

  /** The wait in this status took at least from the change to the last poll that still found it unchanged. */
  function learnWait(lane: Lane, print: Readonly<JournalPrint>, poller: Poller): void {
    if (print.status !== 'created' && print.status !== 'on_terminal') return;
    const floors = lane.waitFloors[print.status];
    floors.push(poller.lastSeenAt === undefined ? 0 : Math.max(0, poller.lastSeenAt - print.updatedAt));
    if (floors.length > policy.poll.waitMemory) floors.shift();
    poller.lastSeenAt = undefined;
  }

  function nextPollDelay(print: Readonly<JournalPrint>, previousMs: number): number {
    // Spend the terminal's budget on the print it is working on, not on the one queued behind it.
    if (waitsBehindAnother(print)) return policy.poll.behindMs;
    let waited = clock.now() - print.updatedAt;
    const floors = print.status === 'created' || print.status === 'on_terminal' ? laneFor(print.terminalId).waitFloors[print.status] : [];
    if (floors.length >= policy.poll.waitMemory) {
      // This terminal's last waits in this status all took at least `expected`: a quick poll before it is
      // a wasted one, and the budget it saves is what the quick polls around the change spend.
      const expected = Math.min(...floors) * policy.poll.waitTrust;
      if (expected - waited > policy.poll.fastCapMs) return Math.min(policy.poll.earlyCapMs, expected - waited - policy.poll.initialMs);
      waited = Math.max(0, waited - expected);
    }
    const cap = waited < policy.poll.fastPhaseMs ? policy.poll.fastCapMs : waited < policy.poll.idlePhaseMs ? policy.poll.slowCapMs : policy.poll.idleCapMs;
    return Math.min(cap, Math.max(policy.poll.initialMs, previousMs * policy.poll.factor));
  }

  async function poll(id: string): Promise<void> {
    const print = journal.get(id);
    const poller = pollers.get(id);
    if (print === undefined || poller === undefined || print.actionId === null || isFinalPrintStatus(print.status)) return stopPolling(id);
    const lane = laneFor(print.terminalId);
    await lane.budget.acquire();
    if (closed) return;
    let delay: number;
    try {
      const action = await platform.actions.get(print.actionId, { maxAttempts: 1, timeoutMs: policy.requestTimeoutMs, signal: inFlight.signal });
      poller.notFound = 0;
      answered(print.terminalId);
      const current = journal.get(id);
      if (current === undefined || closed) return;
      const status = platformStatus(action.status);
      if (status !== current.status) {
        const leftCreated = current.status === 'created';
        learnWait(lane, current, poller);
        await change(current, { status, lastError: null });
        if (leftCreated || isFinalPrintStatus(status)) pump(lane);
        if (isFinalPrintStatus(status)) return;
        const moved = journal.get(id);
        delay = moved === undefined ? policy.poll.initialMs : nextPollDelay(moved, 0);
      } else {
        poller.lastSeenAt = clock.now();
        delay = nextPollDelay(current, poller.delayMs);
      }
    } catch (error) {
      if (closed) return;
      const platformError = error instanceof PlatformError ? error : undefined;
      delay = nextPollDelay(print, poller.delayMs);
      if (platformError?.status === 429) {
        const pause = platformError.retryAfterMs ?? policy.rateLimitPauseMs;
        lane.budget.pauseFor(pause);
        delay = Math.max(delay, pause);
      } else if (platformError?.code === 'order_not_found') {
        poller.notFound++;
        if (poller.notFound >= policy.notFoundLimit) {
          const current = journal.get(id);
          if (current !== undefined) await change(current, { status: 'failed', lastError: errorOf(error) }, 'order_not_found');
          pump(lane);
          return;
        }
      } else if (platformError !== undefined && CREDENTIAL_CODES.has(platformError.code)) {
        delay = Math.max(delay, policy.credentialsRetryMs);
      } else {
        delay = Math.max(delay, step(policy.failure, 2));
      }
      logger.debug('a status poll failed', { id, code: platformError?.code });
    }
    if (pollers.has(id)) schedulePoll(id, delay);
  }

  // ---- Cancel -------------------------------------------------------------------------------------
  async function cancelOnPlatform(print: Readonly<JournalPrint>): Promise<Readonly<JournalPrint>> {
    if (print.actionId === null) throw new PrintQueueError('print_not_found', 404);
    const actionId = print.actionId;
    let current = print;
    if (current.cancelKey === null) {
      // Its own key, durable before use: a retried or repeated cancel is the same cancel.
      await change(current, { cancelKey: randomUUID() });
      current = journal.get(print.id) ?? current;
    }
    const lane = laneFor(print.terminalId);
    await lane.budget.acquire();
    try {
      await platform.actions.cancel(actionId, { idempotencyKey: current.cancelKey ?? randomUUID(), maxAttempts: 3, timeoutMs: policy.requestTimeoutMs, signal: inFlight.signal });
    } catch (error) {
      if (error instanceof PlatformError && error.code === 'cannot_cancel_order') {
        // It left `created` meanwhile: learn where it is so the cashier sees why.
        const latest = await platform.actions.get(actionId, { maxAttempts: 2, timeoutMs: policy.requestTimeoutMs, signal: inFlight.signal }).catch(() => undefined);
        const now = journal.get(print.id);
        if (latest !== undefined && now !== undefined && latest.status !== now.status) await change(now, { status: platformStatus(latest.status), cancelRequested: false });
        else if (now?.cancelRequested === true) await change(now, { cancelRequested: false });
        const after = journal.get(print.id);
        if (after !== undefined && isFinalPrintStatus(after.status)) pump(lane);
      }
      throw error;
    }
    const latest = journal.get(print.id);
    if (latest === undefined) throw new PrintQueueError('print_not_found', 404);
    if (!isFinalPrintStatus(latest.status)) await change(latest, { status: 'canceled', cancelRequested: false }, 'canceled_by_api');
    pump(lane);
    return journal.get(print.id) ?? latest;
  }

  async function cancel(id: string): Promise<PrintSummary> {
    const print = requirePrint(id);
    switch (print.status) {
      case 'queued':
        await change(print, { status: 'canceled' }, 'canceled_locally');
        pump(laneFor(print.terminalId));
        return summary(requirePrint(id));
      case 'sending':
        // The create may already have reached the platform: cancel it there as soon as it is known.
        await change(print, { cancelRequested: true });
        return summary(requirePrint(id));
      case 'created':
        return summary(await cancelOnPlatform(print));
      case 'on_terminal':
        throw new PlatformError({ status: 409, code: 'cannot_cancel_order', retryable: false, detail: 'the print is on the terminal' });
      default:
        throw new PrintQueueError('print_already_final', 409);
    }
  }

  // ---- Enqueue ------------------------------------------------------------------------------------
  function referenceSuffix(length: number): string {
    let text = '';
    for (let index = 0; index < length; index++) text += REFERENCE_ALPHABET[Math.floor(random() * REFERENCE_ALPHABET.length)] ?? '0';
    return text;
  }

  function newReference(now: number): string {
    const stamp = new Date(now).toISOString().replace(/[-:T]/g, '').slice(0, 14);
    return `CTR-${stamp}-${referenceSuffix(8)}`;
  }

  function check(request: EnqueuePrintRequest): void {
    if (utf8ByteLength(request.content) > CONTENT_MAX_BYTES) throw new PrintQueueError('content_too_large', 400);
    if (request.subtype === 'image' && !isStrictBase64(request.content)) throw new PrintQueueError('invalid_base64', 400);
    const mode = options.operatingModeOf?.(request.terminalId);
    if (mode !== undefined && mode !== 'PDV') throw new PrintQueueError('terminal_cannot_print', 400);
  }

  async function add(request: EnqueuePrintRequest, reprintOf: string | null): Promise<PrintSummary> {
    if (closed) throw new PrintQueueError('journal_unavailable', undefined);
    check(request);
    const now = clock.now();
    const record = queuedPrint({
      id: randomUUID(),
      seq: journal.nextSeq(),
      terminalId: request.terminalId,
      subtype: request.subtype,
      externalReference: request.externalReference ?? newReference(now),
      idempotencyKey: randomUUID(),
      at: now,
      contentBytes: utf8ByteLength(request.content),
      contentPreview: request.subtype === 'custom' ? request.content.slice(0, PREVIEW_CHARS) : '',
      reprintOf,
    });
    const { durable } = journal.append(record, request.content);
    const lane = laneFor(record.terminalId);
    lane.active.push(record.id);
    notYetDurable.set(record.id, durable);
    // The answer is the print as enqueued, even if its first request is already out when it returns.
    const enqueued = summary(record);
    options.onChange(enqueued);
    // Sending starts now, so the request is prepared while the fsync runs; it goes out once durable.
    pump(lane);
    try {
      await durable;
    } catch (error) {
      const index = lane.active.indexOf(record.id);
      if (index !== -1) lane.active.splice(index, 1);
      throw new PrintQueueError('journal_unavailable', undefined, error instanceof Error ? error.message : String(error));
    } finally {
      notYetDurable.delete(record.id);
    }
    return enqueued;
  }

  function requirePrint(id: string): Readonly<JournalPrint> {
    const print = journal.get(id);
    if (print === undefined) throw new PrintQueueError('print_not_found', 404);
    return print;
  }

  // ---- Resume after a restart ---------------------------------------------------------------------
  const unfinished = [...journal.values()].filter((print) => !isFinalPrintStatus(print.status)).sort((a, b) => a.seq - b.seq);
  for (const print of unfinished) {
    laneFor(print.terminalId).active.push(print.id);
    if ((print.status === 'created' || print.status === 'on_terminal') && print.actionId !== null) schedulePoll(print.id, 0);
  }
  for (const lane of lanes.values()) pump(lane);

  return {
    enqueue: (request) => add(request, null),
    cancel,
    async get(id, includeContent) {
      const print = requirePrint(id);
      const detail: PrintDetail = { ...summary(print), idempotencyKey: print.idempotencyKey, history: print.history.map((entry) => ({ status: entry.status, at: iso(entry.at), reason: entry.reason })) };
      if (includeContent) detail.content = await journal.content(id);
      return detail;
    },
    list(request) {
      const { items, total } = queryPrints(journal.values(), request);
      const language = options.language();
      return { items: items.map((print) => summary(print, language)), total, page: { index: request.page.index, size: request.page.size } };
    },
    async prune(olderThanDays) {
      const now = clock.now();
      const { removed, durable } = journal.prune(now - olderThanDays * 24 * 60 * 60_000, now);
      await durable;
      // Reclaims the disk in the background: snapshot without the pruned prints, old segments deleted.
      if (removed.length > 0) void journal.compact().catch((error: unknown) => logger.warn('compaction after pruning failed', { error: String(error) }));
      return removed.length;
    },
    async reprint(id, terminalId) {
      const original = requirePrint(id);
      const content = await journal.content(id);
      const base = original.externalReference.slice(0, 55);
      return add({ terminalId: terminalId ?? original.terminalId, subtype: original.subtype, content, externalReference: `${base}-R${referenceSuffix(6)}` }, original.id);
    },
    lastAnswers: () => lastAnswerAt,
    onAnswer(listener) {
      answerListeners.add(listener);
      return () => answerListeners.delete(listener);
    },
    wake() {
      for (const lane of lanes.values()) {
        if (lane.retryTimer !== undefined) {
          clock.clearTimeout(lane.retryTimer);
          lane.retryTimer = undefined;
        }
        if (lane.running) lane.woken = true;
        pump(lane);
      }
    },
    async close() {
      closed = true;
      inFlight.abort(new Error('the print queue was closed'));
      for (const lane of lanes.values()) {
        if (lane.retryTimer !== undefined) clock.clearTimeout(lane.retryTimer);
        lane.budget.close();
      }
      for (const id of [...pollers.keys()]) stopPolling(id);
    },
  };
}
