import type { Language } from '../../../shared/ipc/channels/app';
import type { PrintDetail, PrintSummary } from '../../../shared/ipc/channels/prints';
import { attentionText } from '../../../shared/i18n/attention';
import { cashierMessage } from '../platform/messages';
import type { StatusTrust } from './poller';
import type { JournalPrint } from '../history/records/print';

const iso = (ms: number) => new Date(ms).toISOString();

/** A print as the renderer sees it (shared/ipc/channels/prints), with how far its status is confirmed when it is followed. */
export function printSummary(print: Readonly<JournalPrint>, language: Language, trust?: Readonly<StatusTrust>): PrintSummary {
  const attention = attentionOf(print, language);
  return {
    ...trustFields(trust, language),
    reachedTerminal: reachedTerminal(print),
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
        : {
            code: print.lastError.code,
            // The failure's own text promises a retry that no longer happens once the print is set aside.
            message: attention?.message ?? cashierMessage(print.lastError.code, language),
            status: print.lastError.status,
            retryable: print.lastError.retryable,
            at: iso(print.lastError.at),
          },
    cancelRequested: print.cancelRequested,
    reprintOf: print.reprintOf,
    contentBytes: print.contentBytes,
    contentPreview: print.contentPreview,
    attention,
    madeBy: print.madeBy,
  };
}

/** Why a print set aside needs the cashier, and since when (its move to `needs_attention`). */
function attentionOf(print: Readonly<JournalPrint>, language: Language): PrintSummary['attention'] {
  if (print.status !== 'needs_attention') return null;
  const code = print.lastError?.code ?? 'internal_error';
  const since = print.history.findLast((entry) => entry.status === 'needs_attention')?.at ?? print.updatedAt;
  return { code, message: attentionText(code, print.lastError?.status ?? null, language), since: iso(since) };
}

/** Only the terminal reports a failure of a print it holds (the `reported` move, no reason); a 404 (`gone`) or a refusal has a reason. */
function reachedTerminal(print: Readonly<JournalPrint>): boolean {
  if (print.status === 'processed' || print.history.some((entry) => entry.status === 'on_terminal')) return true;
  const last = print.history.at(-1);
  return print.status === 'failed' && print.actionId !== null && last?.status === 'failed' && last.reason === null;
}

function trustFields(trust: Readonly<StatusTrust> | undefined, language: Language): Pick<PrintSummary, 'statusConfirmedAt' | 'statusUnconfirmed'> {
  if (trust === undefined) return {};
  const { unconfirmed } = trust;
  return {
    statusConfirmedAt: iso(trust.confirmedAt),
    statusUnconfirmed:
      unconfirmed === undefined ? null : { code: unconfirmed.code, message: cashierMessage(unconfirmed.code, language), since: iso(unconfirmed.since) },
  };
}

/** The summary with the key and the history (and the content when asked for, added by the caller). */
export function printDetail(print: Readonly<JournalPrint>, language: Language, trust?: Readonly<StatusTrust>): PrintDetail {
  return {
    ...printSummary(print, language, trust),
    idempotencyKey: print.idempotencyKey,
    history: print.history.map((entry) => ({ status: entry.status, at: iso(entry.at), reason: entry.reason })),
  };
}
