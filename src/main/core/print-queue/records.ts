import type { JournalPrint } from '../history/records/print';

/** What only the caller knows about a print entering the queue; everything else starts the same way for every print. */
export interface NewPrint {
  id: string;
  seq: number;
  terminalId: string;
  subtype: JournalPrint['subtype'];
  externalReference: string;
  idempotencyKey: string;
  at: number;
  contentBytes: number;
  contentPreview: string;
  reprintOf?: string | null;
  madeBy?: JournalPrint['madeBy'];
}

/** A print as it is journaled on enqueue: queued, never sent, with its first transition in its history. */
export function queuedPrint(print: NewPrint): JournalPrint {
  const reprintOf = print.reprintOf ?? null;
  return {
    id: print.id,
    seq: print.seq,
    rev: 0,
    terminalId: print.terminalId,
    subtype: print.subtype,
    externalReference: print.externalReference,
    idempotencyKey: print.idempotencyKey,
    status: 'queued',
    createdAt: print.at,
    updatedAt: print.at,
    history: [{ status: 'queued', at: print.at, reason: reprintOf === null ? null : 'reprint' }],
    lastError: null,
    actionId: null,
    attempts: 0,
    firstSentAt: null,
    cancelRequested: false,
    cancelKey: null,
    reprintOf,
    contentBytes: print.contentBytes,
    contentPreview: print.contentPreview,
    madeBy: print.madeBy ?? null,
  };
}
