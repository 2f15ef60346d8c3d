import type { ListPrintsRequest } from '../../../shared/ipc/channels/prints';
import type { JournalPrint } from './records/print';
import { printCount, readPrint, type HistoryState } from './history-state';
import { managerSql } from './manager-query';

/** The live object when the queue holds the print, else the print as the database has it. */
export function getPrint(state: HistoryState, id: string): JournalPrint | undefined {
  const known = state.live.get(id);
  if (known !== undefined) return known;
  try {
    const row = state.statements.selectPrint.get(id);
    return row === undefined ? undefined : readPrint(state, row);
  } catch (error) {
    state.logger.warn('a print of the history could not be read', { id, error: String(error) });
    return undefined;
  }
}

/**
 * Every print in enqueue order, skipping what cannot be read (kept for the PrintJournal interface). A
 * damaged index cell that the open's quick_check does not read as damage stops the walk along the seq
 * index: the rest is read around the indexes (a scan of the table, sorted), as far as the table itself reads.
 */
export function* allPrints(state: HistoryState): IterableIterator<Readonly<JournalPrint>> {
  let lastSeq = -1;
  for (const indexes of ['', 'NOT INDEXED'] as const) {
    const rows = state.db.prepare(`SELECT * FROM prints ${indexes} WHERE seq > ? ORDER BY seq`).iterate(lastSeq);
    for (;;) {
      let next: IteratorResult<unknown>;
      try {
        next = rows.next();
      } catch (error) {
        state.logger.warn('the history could not be read to its end', { error: String(error), after: lastSeq, indexes: indexes === '' ? 'used' : 'not used' });
        break;
      }
      if (next.done === true) return;
      const { id, seq } = next.value as { id: string; seq: unknown };
      if (typeof seq === 'number') lastSeq = seq;
      const print = state.live.get(id) ?? readPrint(state, next.value);
      if (print !== undefined) yield print;
    }
  }
}

/** The manager's page from the indexes, and how many prints match. */
export function listPrints(state: HistoryState, request: ListPrintsRequest): { items: Readonly<JournalPrint>[]; total: number } {
  const { db, live } = state;
  const sql = managerSql(request);
  // Unfiltered (the manager's first page), the total is the history's size, counted once per open.
  const total =
    sql.where === '' ? printCount(state) : Number((db.prepare(`SELECT count(*) AS n FROM prints ${sql.where}`).get(...sql.parameters) as { n: number }).n);
  const rows = db.prepare(`SELECT * FROM prints ${sql.where} ${sql.orderBy} LIMIT ? OFFSET ?`).all(...sql.parameters, sql.limit, sql.offset);
  const items: JournalPrint[] = [];
  for (const row of rows) {
    const id = (row as { id: string }).id;
    const print = live.get(id) ?? readPrint(state, row);
    if (print !== undefined) items.push(print);
  }
  return { items, total };
}

/** The first print on `terminalId` whose external reference is exactly `externalReference`. */
export function printIdByReference(state: HistoryState, terminalId: string, externalReference: string): string | undefined {
  for (const row of state.statements.selectIdsByReference.all(externalReference.toLowerCase(), terminalId)) {
    const { id, external_reference: reference } = row as { id: string; external_reference: string };
    if (reference === externalReference) return id;
  }
  return undefined;
}

export function readContent(state: HistoryState, id: string): string {
  const row = state.statements.selectContent.get(id) as { content?: unknown } | undefined;
  if (row === undefined) throw new Error(`print ${id} is not in the history`);
  if (typeof row.content !== 'string') throw new Error(`the content of print ${id} is damaged`);
  return row.content;
}
