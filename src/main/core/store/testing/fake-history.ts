import type { PrintStatus } from '../../../../shared/ipc/channels/prints';
import { queuedPrint } from '../../print-queue/records';
import type { JournalPrint } from '../../history/records/print';
import type { Outbox } from '../outbox';
import { publishedPrint } from '../records';

const COURSE: readonly PrintStatus[] = ['sending', 'created', 'on_terminal', 'processed'];

/**
 * A counter's history as the print queue would change it, each change appended to the outbox the way
 * the history will (the print's whole record after the change). Remembers the final state to compare.
 */
export function fakeHistory(outbox: Outbox, counterId: string, startMs = Date.UTC(2026, 10, 23, 12)) {
  const prints = new Map<string, JournalPrint>();
  let nextId = 0;
  let now = startMs;
  let lastSeq = 0;
  function record(print: JournalPrint): void {
    prints.set(print.id, print);
    lastSeq = outbox.append('print', print.id, publishedPrint(print));
  }
  return {
    prints,
    /** The outbox seq of the latest change. */
    lastSeq: () => lastSeq,
    /** A new print, queued on `terminalId`. */
    enqueue(terminalId = 'PAX_A910__1'): JournalPrint {
      nextId += 1;
      now += 1_000;
      const print = queuedPrint({
        id: `${counterId}-p${nextId}`,
        seq: nextId,
        terminalId,
        subtype: 'custom',
        externalReference: `ref-${counterId}-${nextId}`,
        idempotencyKey: `key-${nextId}`,
        at: now,
        contentBytes: 12,
        contentPreview: 'hello',
      });
      record(print);
      return print;
    },
    /** The print's next step in the ordinary course (sending → created → on_terminal → processed). */
    advance(id: string, status?: PrintStatus, errorCode?: string): JournalPrint {
      const print = prints.get(id);
      if (print === undefined) throw new Error(`no print ${id}`);
      const next = status ?? COURSE[COURSE.indexOf(print.status) + 1] ?? 'processed';
      now += 500;
      const changed: JournalPrint = {
        ...print,
        rev: print.rev + 1,
        status: next,
        updatedAt: now,
        attempts: next === 'sending' ? print.attempts + 1 : print.attempts,
        lastError: errorCode === undefined ? print.lastError : { code: errorCode, status: 409, detail: errorCode, retryable: false, at: now },
        history: [...print.history, { status: next, at: now, reason: errorCode ?? null }],
      };
      record(changed);
      return changed;
    },
  };
}
