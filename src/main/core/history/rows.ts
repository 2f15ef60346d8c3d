import { z } from 'zod';
import { isFinalPrintStatus } from '../../../shared/lifecycle/print';
import { JournalError, JournalPrint, JournalTransition } from './records/print';

/**
 * The database is a boundary like any other: a row is parsed before it becomes a print, so a damaged
 * cell (a flipped byte the page checksum-free format does not notice) is a row that cannot be read,
 * never a wrong print inside the app.
 */
const PrintRow = z.object({
  id: z.string(),
  seq: z.number().int(),
  rev: z.number().int(),
  terminal_id: z.string(),
  subtype: z.string(),
  external_reference: z.string(),
  idempotency_key: z.string(),
  status: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
  last_error: z.string().nullable(),
  action_id: z.string().nullable(),
  attempts: z.number().int(),
  first_sent_at: z.number().nullable(),
  cancel_requested: z.number().int(),
  cancel_key: z.string().nullable(),
  reprint_of: z.string().nullable(),
  content_bytes: z.number().int(),
  content_preview: z.string(),
  // Columns of migration 008: absent from a row a salvage reads out of an older file.
  person_id: z.string().nullish(),
  person_name: z.string().nullish(),
  approved_by_id: z.string().nullish(),
  approved_by_name: z.string().nullish(),
});

const TransitionRow = z.object({ status: z.string(), at: z.number(), reason: z.string().nullable() });

/** The columns of `prints`, in the order of `printValues`. */
export const PRINT_COLUMNS = [
  'id',
  'seq',
  'rev',
  'terminal_id',
  'subtype',
  'external_reference',
  'reference_key',
  'idempotency_key',
  'status',
  'final',
  'created_at',
  'updated_at',
  'last_error',
  'last_error_code',
  'action_id',
  'attempts',
  'first_sent_at',
  'cancel_requested',
  'cancel_key',
  'reprint_of',
  'content_bytes',
  'content_preview',
  'person_id',
  'person_name',
  'approved_by_id',
  'approved_by_name',
] as const;

export type SqlValue = string | number | null;

export function printValues(print: Readonly<JournalPrint>): SqlValue[] {
  return [
    print.id,
    print.seq,
    print.rev,
    print.terminalId,
    print.subtype,
    print.externalReference,
    print.externalReference.toLowerCase(),
    print.idempotencyKey,
    print.status,
    isFinalPrintStatus(print.status) ? 1 : 0,
    print.createdAt,
    print.updatedAt,
    print.lastError === null ? null : JSON.stringify(print.lastError),
    print.lastError?.code ?? '',
    print.actionId,
    print.attempts,
    print.firstSentAt,
    print.cancelRequested ? 1 : 0,
    print.cancelKey,
    print.reprintOf,
    print.contentBytes,
    print.contentPreview,
    print.madeBy?.personId ?? null,
    print.madeBy?.personName ?? null,
    print.madeBy?.approvedById ?? null,
    print.madeBy?.approvedByName ?? null,
  ];
}

/** The maker's columns as the record's `madeBy`: nobody when no person is named. */
function madeByOf(row: z.infer<typeof PrintRow>): JournalPrint['madeBy'] {
  if (row.person_id === null || row.person_id === undefined) return null;
  return {
    personId: row.person_id,
    personName: row.person_name ?? '',
    approvedById: row.approved_by_id ?? null,
    approvedByName: row.approved_by_name ?? null,
  };
}

function parseError(text: string | null): JournalError | null {
  if (text === null) return null;
  return JournalError.parse(JSON.parse(text));
}

/** A print from its row and its transitions' rows; undefined when either cannot be read as one. */
export function printFromRows(row: unknown, transitions: readonly unknown[]): JournalPrint | undefined {
  const parsed = PrintRow.safeParse(row);
  if (!parsed.success) return undefined;
  const r = parsed.data;
  try {
    const print = JournalPrint.safeParse({
      id: r.id,
      seq: r.seq,
      rev: r.rev,
      terminalId: r.terminal_id,
      subtype: r.subtype,
      externalReference: r.external_reference,
      idempotencyKey: r.idempotency_key,
      status: r.status,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      history: transitions.map((transition) => JournalTransition.parse(TransitionRow.parse(transition))),
      lastError: parseError(r.last_error),
      actionId: r.action_id,
      attempts: r.attempts,
      firstSentAt: r.first_sent_at,
      cancelRequested: r.cancel_requested !== 0,
      cancelKey: r.cancel_key,
      reprintOf: r.reprint_of,
      contentBytes: r.content_bytes,
      contentPreview: r.content_preview,
      madeBy: madeByOf(r),
    });
    return print.success ? print.data : undefined;
  } catch {
    // A transition or the stored error that is not what it should be (JSON.parse or zod).
    return undefined;
  }
}
