import { PlatformError } from '../platform/errors';

/** Where a resource's read-back stands (see read-back.ts for the window it lives in). */
export type ReadBackPhase = 'settling' | 'queued' | 'reading' | 'waiting_retry' | 'idle';

/**
 * What a notification of a resource already known does, by its phase (spec 6.3):
 * - `merge`: a read yet to start will see whatever it announces;
 * - `trailing`: one more read when the window ends, shared by later arrivals;
 * - `reread`: a new verified event during a read: read again as soon as that read ends;
 * - `open`: a new window (a new event, or the old window is over).
 */
export type NotifyDecision = 'merge' | 'trailing' | 'reread' | 'open';

export function decideOnNotify(phase: ReadBackPhase, newEvent: boolean, windowOver: boolean): NotifyDecision {
  switch (phase) {
    case 'settling':
    case 'queued':
    case 'waiting_retry':
      return 'merge';
    case 'reading':
      return newEvent ? 'reread' : 'trailing';
    case 'idle':
      return newEvent || windowOver ? 'open' : 'trailing';
  }
}

/** What a failed read leads to: another try after a delay, or giving up (a 404 is a forged or foreign name). */
export type ReadFailureOutcome = { kind: 'retry'; delayMs: number } | { kind: 'unknown_resource' } | { kind: 'failed' };

export function readFailureOutcome(error: unknown, retriesSoFar: number, retryDelaysMs: readonly number[]): ReadFailureOutcome {
  const delayMs = retryDelaysMs[retriesSoFar];
  // Transient: network, 429, 5xx once the client's own retries are spent.
  if (error instanceof PlatformError && error.retryable && delayMs !== undefined) return { kind: 'retry', delayMs };
  if (error instanceof PlatformError && error.status === 404) return { kind: 'unknown_resource' };
  return { kind: 'failed' };
}
