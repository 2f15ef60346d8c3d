import type { Clock } from '../../../shared/clock';
import type { Logger, RandomSource } from '../ports';
import type { PlatformClient } from '../platform/client';
import { NO_HTTP_STATUS, PlatformError } from '../platform/errors';
import type { PrintChanges } from './changes';
import type { PrintJournal } from './journal-port';
import type { Lanes } from './lanes';
import type { QueuePolicy } from './policy';
import type { CreateActionRequest } from '../../../shared/platform/terminal-actions';
import type { JournalError, JournalPrint } from '../history/records/print';

/** What every part of the queue shares: its ports, its policy, the lanes and the one way to change a print. */
export interface QueueContext {
  readonly journal: PrintJournal;
  readonly platform: PlatformClient;
  readonly clock: Clock;
  readonly policy: QueuePolicy;
  readonly random: RandomSource;
  readonly logger: Logger;
  readonly lanes: Lanes;
  readonly changes: PrintChanges;
  /** Aborted when the queue closes: every request in flight is dropped. */
  readonly signal: AbortSignal;
  isClosed(): boolean;
  /** The platform answered a status read or a create for this terminal. */
  answered(terminalId: string): void;
}

/** A failure as the journal keeps it. */
export function journalErrorOf(error: unknown, at: number): JournalError {
  if (error instanceof PlatformError) {
    return { code: error.code, status: error.status === NO_HTTP_STATUS ? null : error.status, detail: error.detail, retryable: error.retryable, at };
  }
  return { code: 'internal_error', status: null, detail: error instanceof Error ? error.message : String(error), retryable: true, at };
}

/** A print's create (spec 4.3): the same body every time, since its key was first used with it (7.2 idempotency_key_already_used). */
export function createRequestOf(print: Readonly<JournalPrint>, content: string): CreateActionRequest {
  return { type: 'print', external_reference: print.externalReference, config: { point: { terminal_id: print.terminalId, subtype: print.subtype } }, content };
}
