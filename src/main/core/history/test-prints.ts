import { randomUUID } from 'node:crypto';
import type { JournalPrint } from './records/print';

/** A finished or unfinished print as the queue would have journaled it, for the history's tests and bench. */
export function samplePrint(seq: number, overrides: Partial<JournalPrint> = {}): JournalPrint {
  const at = 1_763_900_000_000 + seq * 1_000;
  return {
    id: randomUUID(),
    seq,
    rev: 0,
    terminalId: `NEWLAND_N950__SBX000000${(seq % 3) + 1}`,
    subtype: 'custom',
    externalReference: `SALE-${seq}`,
    idempotencyKey: randomUUID(),
    status: 'queued',
    createdAt: at,
    updatedAt: at,
    history: [{ status: 'queued', at, reason: null }],
    lastError: null,
    actionId: null,
    attempts: 0,
    firstSentAt: null,
    cancelRequested: false,
    cancelKey: null,
    reprintOf: null,
    contentBytes: 12,
    contentPreview: 'Thank you',
    madeBy: null,
    ...overrides,
  };
}
