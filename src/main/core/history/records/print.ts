import { z } from 'zod';
import { PrintStatus } from '../../../../shared/ipc/channels/prints';
import { PrintSubtype } from '../../../../shared/platform/terminal-actions';
import { MadeBy } from '../../../../shared/staff/made-by';

/**
 * A print as the history keeps it (the `prints` table, its transitions and content): the record the print
 * queue works on. The names keep the segment journal's (`Journal…`) that the history replaced.
 */

/** One step of a print's history, times in epoch milliseconds. */
export const JournalTransition = z.object({
  status: PrintStatus,
  at: z.number(),
  reason: z.string().nullable(),
});
export type JournalTransition = z.infer<typeof JournalTransition>;

export const JournalError = z.object({
  code: z.string(),
  /** HTTP status, null when there was no answer (network, timeout) or no request (a queue rule). */
  status: z.number().int().nullable(),
  detail: z.string(),
  retryable: z.boolean(),
  at: z.number(),
});
export type JournalError = z.infer<typeof JournalError>;

/** Everything the history knows about one print, except its content (kept apart, read on demand). */
export const JournalPrint = z.object({
  id: z.string(),
  /** Global enqueue order: a terminal's FIFO is its prints in seq order. */
  seq: z.number().int().nonnegative(),
  /** Bumped by every change of this print. */
  rev: z.number().int().nonnegative(),
  terminalId: z.string(),
  subtype: PrintSubtype,
  externalReference: z.string(),
  /** Written before the first request and reused by every retry, restart and crash recovery. */
  idempotencyKey: z.string(),
  status: PrintStatus,
  createdAt: z.number(),
  updatedAt: z.number(),
  history: z.array(JournalTransition),
  lastError: JournalError.nullable(),
  actionId: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  /** When the first create went out: past the platform's 24 h idempotency window a resend could duplicate. */
  firstSentAt: z.number().nullable(),
  cancelRequested: z.boolean(),
  cancelKey: z.string().nullable(),
  reprintOf: z.string().nullable(),
  contentBytes: z.number().int().nonnegative(),
  contentPreview: z.string(),
  /** Who enqueued it (and who approved): null for a print made outside anyone's call, or before staff signed in. */
  madeBy: MadeBy.nullable().default(null),
});
export type JournalPrint = z.infer<typeof JournalPrint>;

/** The fields a transition may change. */
export const PrintPatch = JournalPrint.pick({
  status: true,
  updatedAt: true,
  lastError: true,
  actionId: true,
  attempts: true,
  firstSentAt: true,
  cancelRequested: true,
  cancelKey: true,
  idempotencyKey: true,
}).partial();
export type PrintPatch = z.infer<typeof PrintPatch>;
