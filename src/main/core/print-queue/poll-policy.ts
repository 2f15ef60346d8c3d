import type { PrintStatus } from '../../../shared/ipc/channels/prints';
import { backoffDelay, type Backoff } from '../rounds/backoff';

/**
 * Status polling: quick right after a change, slower as the wait goes on (the interval grows by
 * `factor` from initialMs, capped at fastCapMs for fastPhaseMs after the last change, then at
 * slowCapMs, and at idleCapMs once idlePhaseMs have passed). A print queued on the terminal behind
 * another of ours is only checked every behindMs, and hurried the moment the one ahead finishes.
 * A terminal whose last waits in a status were all long is polled at most every earlyCapMs until
 * most of the shortest of them has passed.
 */
export interface PollPolicy {
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
  /**
   * After a failed status read (a 5xx, no answer, a 401): the reads' own retry schedule, by consecutive
   * failures. Not the create back-off: the print may be printing meanwhile, and the cashier is shown the
   * status as unconfirmed until a read answers again (docs/decisions.md, "Status a cashier can trust").
   */
  readRetry?: Backoff;
  /**
   * Prints sent back to back (the next one sent while the one ahead is printing): after a busy answer
   * to the create tried in place of a read, the next try comes this much later (`PACE_DEFAULTS`).
   */
  probeRetryMs?: number;
  /** How much earlier the lane's pace tries next time when the last try found the print already taken. */
  paceStepMs?: number;
}

/** The defaults of the back-to-back pacing: a retry within the print time of a receipt, a pace that creeps earlier by 0.1 s. */
export const PACE_DEFAULTS = Object.freeze({ probeRetryMs: 500, paceStepMs: 100 });

/**
 * The lane's pace after one more back-to-back print left the waiting slot: how long after its create
 * was accepted the next check should go. `waitingMs` is when it was last seen still waiting (undefined
 * when the first check already found it taken), `leftMs` when it was seen taken, both since the create.
 * Found taken at once, the pace creeps earlier, so it does not stay long after the pickup; otherwise it
 * goes to the middle of what is known (picked up after `waitingMs`, by `leftMs`).
 */
export function nextPace(policy: PollPolicy, previous: number | undefined, waitingMs: number | undefined, leftMs: number): number {
  const step = policy.paceStepMs ?? PACE_DEFAULTS.paceStepMs;
  const lowest = policy.probeRetryMs ?? PACE_DEFAULTS.probeRetryMs;
  const pace = waitingMs === undefined ? (previous === undefined ? leftMs : Math.min(previous, leftMs) - step) : (waitingMs + leftMs) / 2;
  return Math.min(policy.behindMs, Math.max(lowest, Math.round(pace)));
}

/** The default `readRetry`: 1 s, 1.5 s, 2.25 s … at most 4 s, jittered. */
export const READ_RETRY: Readonly<Backoff> = Object.freeze({ initialMs: 1_000, factor: 1.5, capMs: 4_000 });

/** How long after the `failures`-th consecutive failed status read the next one goes. */
export function readRetryDelay(policy: PollPolicy, failures: number, random: () => number): number {
  return backoffDelay(policy.readRetry ?? READ_RETRY, failures, random);
}

/** The statuses a terminal makes us wait in: for a pickup, and for the print itself. */
export type WaitingStatus = 'created' | 'on_terminal';

export const isWaitingStatus = (status: PrintStatus): status is WaitingStatus => status === 'created' || status === 'on_terminal';

export interface PollInputs {
  /** Time since the print's last change. */
  waitedMs: number;
  /** The delay before the poll that just happened (0 right after a change). */
  previousMs: number;
  /** An older print of ours is still on the same terminal, which takes this one only after it. */
  behindAnother: boolean;
  /** How long this terminal's last waits in the print's status took at least (see `rememberWait`). */
  waitFloors: readonly number[];
}

/** How long until the next status read of a print, from what is known about it and its terminal. */
export function nextPollDelay(policy: PollPolicy, input: PollInputs): number {
  // Spend the terminal's budget on the print it is working on, not on the one queued behind it.
  if (input.behindAnother) return policy.behindMs;
  let waited = input.waitedMs;
  if (input.waitFloors.length >= policy.waitMemory) {
    // This terminal's last waits in this status all took at least `expected`: a quick poll before it is
    // a wasted one, and the budget it saves is what the quick polls around the change spend.
    const expected = Math.min(...input.waitFloors) * policy.waitTrust;
    if (expected - waited > policy.fastCapMs) return Math.min(policy.earlyCapMs, expected - waited - policy.initialMs);
    waited = Math.max(0, waited - expected);
  }
  const cap = waited < policy.fastPhaseMs ? policy.fastCapMs : waited < policy.idlePhaseMs ? policy.slowCapMs : policy.idleCapMs;
  return Math.min(cap, Math.max(policy.initialMs, input.previousMs * policy.factor));
}

/**
 * The terminal's remembered waits in a status, with the one that just ended: it took at least from the
 * change to the last poll that still found the action unchanged (0 when no poll did).
 */
export function rememberWait(floors: readonly number[], changedAt: number, lastSeenUnchangedAt: number | undefined, memory: number): number[] {
  const wait = lastSeenUnchangedAt === undefined ? 0 : Math.max(0, lastSeenUnchangedAt - changedAt);
  return [...floors, wait].slice(-memory);
}
