import { type PrintSummary } from '../../../../shared/ipc/channels/prints';
import { isFinalPrintStatus } from '../../../../shared/lifecycle/print';

/** This counter's unfinished prints by id; a print leaves once it ends. */
export type UnfinishedPrints = ReadonlyMap<string, PrintSummary>;

/**
 * Folds what main says into the unfinished prints: the list read when the screen opens, then every
 * change. The later of two summaries of one print wins (by `updatedAt`), so a list read that answers
 * after an event cannot bring back an older state or a print that has ended.
 */
export function foldUnfinished(current: UnfinishedPrints, prints: readonly PrintSummary[], ended: ReadonlySet<string> = new Set()): UnfinishedPrints {
  const next = new Map(current);
  for (const print of prints) {
    if (ended.has(print.id)) continue;
    const known = next.get(print.id);
    if (known !== undefined && Date.parse(known.updatedAt) > Date.parse(print.updatedAt)) continue;
    if (isFinalPrintStatus(print.status)) next.delete(print.id);
    else next.set(print.id, print);
  }
  return next;
}

/** Newest first, as the list under the print bar shows them. */
export function newestFirst(prints: UnfinishedPrints): PrintSummary[] {
  return [...prints.values()].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id.localeCompare(a.id));
}

/**
 * An unfinished print of the same terminal that was asked for with the same content (the draft as the
 * cashier had it, before placeholders are filled): pressing Print again during trouble would print it
 * twice, so the screen asks first. `askedFor` holds what each print of this screen was asked for.
 */
export function sameContentUnfinished(
  prints: UnfinishedPrints,
  askedFor: ReadonlyMap<string, string>,
  terminalId: string,
  request: string,
): PrintSummary | undefined {
  return newestFirst(prints).find((print) => print.terminalId === terminalId && askedFor.get(print.id) === request);
}
