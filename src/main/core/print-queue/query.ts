import type { ListPrintsRequest, PrintStatus } from '../../../shared/ipc/channels/prints';
import type { JournalPrint } from '../history/records/print';

type SortField = ListPrintsRequest['sort']['field'];

/** The manager view's question, answered in main over the journal's index (never in the renderer). */
export function queryPrints(prints: Iterable<Readonly<JournalPrint>>, request: ListPrintsRequest): { items: Readonly<JournalPrint>[]; total: number } {
  const { filters, sort, page } = request;
  const from = filters.from === undefined ? undefined : Date.parse(filters.from);
  const to = filters.to === undefined ? undefined : Date.parse(filters.to);
  const statuses = filters.status === undefined ? undefined : new Set<PrintStatus>(filters.status);
  const search = filters.search?.trim().toLowerCase();

  const matches: Readonly<JournalPrint>[] = [];
  for (const print of prints) {
    if (filters.terminalId !== undefined && print.terminalId !== filters.terminalId) continue;
    if (statuses !== undefined && !statuses.has(print.status)) continue;
    if (filters.subtype !== undefined && print.subtype !== filters.subtype) continue;
    if (filters.personId !== undefined && print.madeBy?.personId !== filters.personId) continue;
    if (from !== undefined && print.createdAt < from) continue;
    if (to !== undefined && print.createdAt >= to) continue;
    if (search !== undefined && search !== '' && !print.externalReference.toLowerCase().includes(search)) continue;
    matches.push(print);
  }

  const direction = sort.direction === 'asc' ? 1 : -1;
  const key = sortKey(sort.field);
  // Ties fall back to enqueue order, so paging through equal keys is stable.
  matches.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const primary = ka < kb ? -1 : ka > kb ? 1 : 0;
    return (primary !== 0 ? primary : a.seq - b.seq) * direction;
  });
  const start = page.index * page.size;
  return { items: matches.slice(start, start + page.size), total: matches.length };
}

function sortKey(field: SortField): (print: Readonly<JournalPrint>) => number | string {
  switch (field) {
    case 'createdAt':
      return (print) => print.createdAt;
    case 'updatedAt':
      return (print) => print.updatedAt;
    case 'terminalId':
      return (print) => print.terminalId;
    case 'status':
      return (print) => print.status;
    case 'externalReference':
      return (print) => print.externalReference.toLowerCase();
    case 'subtype':
      return (print) => print.subtype;
    case 'attempts':
      return (print) => print.attempts;
    case 'lastError':
      // Prints without an error sort before every error code.
      return (print) => print.lastError?.code ?? '';
  }
}
