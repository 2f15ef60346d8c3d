import { z } from 'zod';
import { ExternalReference, PrintSubtype, TerminalId } from '../../platform/terminal-actions';
import { channel } from '../define';
import { PRINT_STATES } from '../../lifecycle/print';
import { MadeBy } from '../../staff/made-by';

/** A print's status in Counter: its lifecycle (states, moves, final and unfinished sets) is `shared/lifecycle/print.ts`. */
export const PrintStatus = z.enum(PRINT_STATES);
export type PrintStatus = z.infer<typeof PrintStatus>;

export const PrintError = z.object({
  /** A spec 7 code, a transport code (network_error, timeout) or a queue code (print_unconfirmed). */
  code: z.string(),
  /** Written for the cashier, in the language of the settings. */
  message: z.string(),
  status: z.number().int().nullable(),
  /** Counter keeps trying by itself. */
  retryable: z.boolean(),
  at: z.iso.datetime(),
});
export type PrintError = z.infer<typeof PrintError>;

export const PrintTransition = z.object({
  status: PrintStatus,
  at: z.iso.datetime(),
  /** Why, when it was not the ordinary course: an error code, `canceled_locally`, `reprint`. */
  reason: z.string().nullable(),
});
export type PrintTransition = z.infer<typeof PrintTransition>;

export const PrintSummary = z.object({
  id: z.string(),
  terminalId: z.string(),
  subtype: PrintSubtype,
  externalReference: z.string(),
  status: PrintStatus,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** The platform's action id, once created. */
  actionId: z.string().nullable(),
  /** Create requests sent so far (retries included, all with the same idempotency key). */
  attempts: z.number().int().nonnegative(),
  lastError: PrintError.nullable(),
  /** A cancel was asked while the create was in flight; it is cancelled as soon as it exists. */
  cancelRequested: z.boolean(),
  reprintOf: z.string().nullable(),
  contentBytes: z.number().int().nonnegative(),
  /** The first characters of custom text; empty for images and invoices. */
  contentPreview: z.string(),
  /**
   * When the platform last confirmed this status (a create's answer or a status read), for a print that
   * is followed on the platform; absent otherwise (optional: added after the first contract).
   */
  statusConfirmedAt: z.iso.datetime().optional(),
  /**
   * Whether the terminal ever had the print: it was seen on_terminal, printed, or the terminal itself
   * reported it failed. A print the platform lost (404) or refused never reached it (optional: added after the first contract).
   */
  reachedTerminal: z.boolean().optional(),
  /** Status reads fail since `since`: the print may have moved on unseen (optional: added after the first contract). */
  statusUnconfirmed: z.object({ code: z.string(), message: z.string(), since: z.iso.datetime() }).nullable().optional(),
  /**
   * Set aside (status `needs_attention`): why, in the cashier's language, and since when; null otherwise
   * (optional: added after the first contract).
   */
  attention: z.object({ code: z.string(), message: z.string(), since: z.iso.datetime() }).nullable().optional(),
  /** Who enqueued it and who approved, as main recorded them; null when nobody was signed in (optional: added after the first contract). */
  madeBy: MadeBy.nullable().optional(),
});
export type PrintSummary = z.infer<typeof PrintSummary>;

export const PrintDetail = PrintSummary.extend({
  /** The key every create of this print carries (a fresh one only after a 409 already_queued_order_for_terminal). */
  idempotencyKey: z.string(),
  history: z.array(PrintTransition),
  content: z.string().optional(),
});
export type PrintDetail = z.infer<typeof PrintDetail>;

export const EnqueuePrintRequest = z.strictObject({
  terminalId: TerminalId,
  subtype: PrintSubtype,
  content: z.string().min(1, { error: 'there is nothing to print' }),
  /** Made up by Counter when absent (never personal data, docs/decisions.md). */
  externalReference: ExternalReference.optional(),
});
export type EnqueuePrintRequest = z.infer<typeof EnqueuePrintRequest>;

export const PrintSortField = z.enum(['createdAt', 'updatedAt', 'terminalId', 'subtype', 'status', 'externalReference', 'attempts', 'lastError']);

export const ListPrintsRequest = z.strictObject({
  filters: z
    .strictObject({
      terminalId: z.string().optional(),
      status: z.array(PrintStatus).min(1).max(PrintStatus.options.length).optional(),
      subtype: PrintSubtype.optional(),
      /** createdAt ≥ from */
      from: z.iso.datetime({ offset: true }).optional(),
      /** createdAt < to */
      to: z.iso.datetime({ offset: true }).optional(),
      /** Case-insensitive substring of the external reference. */
      search: z.string().max(64).optional(),
      /** Made by this person (a staff id). */
      personId: z.string().min(1).max(64).optional(),
    })
    .default({}),
  sort: z.strictObject({ field: PrintSortField, direction: z.enum(['asc', 'desc']) }).default({ field: 'createdAt', direction: 'desc' }),
  page: z
    .strictObject({ index: z.number().int().nonnegative().default(0), size: z.number().int().min(1).max(200).default(50) })
    .default({ index: 0, size: 50 }),
});
export type ListPrintsRequest = z.infer<typeof ListPrintsRequest>;

export const PrintPage = z.object({
  items: z.array(PrintSummary),
  total: z.number().int().nonnegative(),
  page: z.object({ index: z.number().int().nonnegative(), size: z.number().int().positive() }),
});
export type PrintPage = z.infer<typeof PrintPage>;

const PrintId = z.strictObject({ id: z.string().min(1) });

export const printsChannels = {
  /** Durably journaled before it returns; the print is then sent in its terminal's order. */
  'prints.enqueue': channel(EnqueuePrintRequest, PrintSummary),
  /** Queued: removed locally. Created: cancelled on the platform. On the terminal: 409 cannot_cancel_order. */
  'prints.cancel': channel(PrintId, PrintSummary),
  'prints.get': channel(z.strictObject({ id: z.string().min(1), includeContent: z.boolean().default(false) }), PrintDetail),
  'prints.list': channel(ListPrintsRequest, PrintPage),
  /** Forgets finished prints last changed more than N days ago. */
  'prints.prune': channel(z.strictObject({ olderThanDays: z.number().int().nonnegative() }), z.object({ removed: z.number().int().nonnegative() })),
  /** A print that needs attention back into its terminal's lane, with the same idempotency key. */
  'prints.retry': channel(PrintId, PrintSummary),
  /**
   * Gives up a print that needs attention: cancelled on the platform first where it may exist there
   * (its create resent with the same key to learn the action), then `canceled` or `failed` here.
   */
  'prints.giveUp': channel(PrintId, PrintSummary),
  /** The same content as a new print (new reference, new idempotency key), to the same or another terminal. */
  'prints.reprint': channel(z.strictObject({ id: z.string().min(1), terminalId: TerminalId.optional() }), PrintSummary),
};

export const printsEvents = {
  /** Every transition of every print, so the renderer never polls main. */
  'print.changed': PrintSummary,
};
