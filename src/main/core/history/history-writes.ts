import { isFinalPrintStatus } from '../../../shared/lifecycle/print';
import type { JournalPrint, JournalTransition, PrintPatch } from './records/print';
import { getPrint } from './history-reads';
import { historyMeta } from './meta';
import { commit, countChanged, settled, type HistoryState, type Write } from './history-state';
import { PRINT_COLUMNS, printValues } from './rows';
import type { StatementSync } from './sqlite';

type Column = (typeof PRINT_COLUMNS)[number];

/** The row's columns each patch field is stored in; `rev` changes with every write. */
const PATCH_COLUMNS: Readonly<Record<keyof PrintPatch, readonly Column[]>> = {
  status: ['status', 'final'],
  updatedAt: ['updated_at'],
  lastError: ['last_error', 'last_error_code'],
  actionId: ['action_id'],
  attempts: ['attempts'],
  firstSentAt: ['first_sent_at'],
  cancelRequested: ['cancel_requested'],
  cancelKey: ['cancel_key'],
  idempotencyKey: ['idempotency_key'],
};

function changedColumns(patch: PrintPatch): Column[] {
  const columns = new Set<Column>(['rev']);
  // A field not listed (none today) writes the whole row rather than be lost.
  for (const field of Object.keys(patch) as (keyof PrintPatch)[]) for (const column of PATCH_COLUMNS[field] ?? PRINT_COLUMNS) columns.add(column);
  return PRINT_COLUMNS.filter((column) => columns.has(column));
}

/** One prepared UPDATE per set of columns (a handful: the queue's kinds of change), made on first use. */
const updates = new WeakMap<HistoryState, Map<string, StatementSync>>();
function updateStatement(state: HistoryState, columns: readonly Column[]): StatementSync {
  let byColumns = updates.get(state);
  if (byColumns === undefined) {
    byColumns = new Map();
    updates.set(state, byColumns);
  }
  const key = columns.join(',');
  let statement = byColumns.get(key);
  if (statement === undefined) {
    statement = state.db.prepare(`UPDATE prints SET (${key}) = (${columns.map(() => '?').join(', ')}) WHERE id = ?`);
    byColumns.set(key, statement);
  }
  return statement;
}

function writeTransition(state: HistoryState, id: string, transition: JournalTransition): void {
  state.statements.insertTransition.run(id, transition.status, transition.at, transition.reason);
}

/** A new print with its history and content, in one commit; known in memory only if it was kept. */
export function appendPrint(state: HistoryState, print: JournalPrint, content: string): { durable: Promise<void> } {
  const record: JournalPrint = { ...print, history: [...print.history] };
  const { insertPrint, insertContent } = state.statements;
  const durable = settled(() =>
    commit(state, () => {
      insertPrint.run(...printValues(record));
      for (const transition of record.history) writeTransition(state, record.id, transition);
      insertContent.run(record.id, content);
      state.changes?.record('print', record.id, () => record);
    }),
  );
  // A print the history could not keep is never known (and so never sent). Any failed commit breaks the history.
  if (state.broken !== undefined) return { durable };
  countChanged(state, 1);
  if (!isFinalPrintStatus(record.status)) state.live.set(record.id, record);
  return { durable };
}

/** Applies in memory at once; committed now, or (deferred) in front of the next commit. */
export function updatePrint(
  state: HistoryState,
  id: string,
  patch: PrintPatch,
  transition: JournalTransition | undefined,
  defer: boolean,
): { print: Readonly<JournalPrint>; durable: Promise<void> } {
  const print = getPrint(state, id);
  if (print === undefined) throw new Error(`print ${id} is not in the history`);
  Object.assign(print, patch, { rev: print.rev + 1 });
  if (transition !== undefined) print.history.push(transition);
  const columns = changedColumns(patch);
  const write: Write = () => {
    // Only the columns the patch names: every index over an untouched column is left alone (bench/history).
    const values = printValues(print);
    updateStatement(state, columns).run(...columns.map((column) => values[PRINT_COLUMNS.indexOf(column)] ?? null), id);
    if (transition !== undefined) writeTransition(state, id, transition);
    state.changes?.record('print', id, () => print);
  };
  state.live.set(id, print);
  state.awaitingCommit.add(id);
  if (defer && state.broken === undefined && !state.closed) {
    const durable = new Promise<void>((resolve, reject) =>
      state.deferred.push({ write, settle: (error) => (error === undefined ? resolve() : reject(error)) }),
    );
    durable.catch(() => undefined);
    return { print, durable };
  }
  return { print, durable: settled(() => commit(state, write)) };
}

/** Forgets finished prints last changed before `before`, with their transitions and content. */
export function prunePrints(state: HistoryState, before: number): { removed: string[]; durable: Promise<void> } {
  const { selectPrunable, deletePrunedTransitions, deletePrunedContents, deletePruned } = state.statements;
  const removed: string[] = [];
  const durable = settled(() =>
    commit(state, () => {
      for (const row of selectPrunable.all(before)) removed.push((row as { id: string }).id);
      deletePrunedTransitions.run(before);
      deletePrunedContents.run(before);
      deletePruned.run(before);
    }),
  );
  for (const id of removed) state.live.delete(id);
  if (state.broken === undefined) countChanged(state, -removed.length);
  return { removed, durable };
}

/**
 * Imports prints in one transaction with a marker row; nothing when the marker is there already. One
 * transaction across the awaits: nothing else writes while the app has not started yet.
 */
export async function importPrints(
  state: HistoryState,
  entries: AsyncIterable<{ print: JournalPrint; content: string }>,
  marker: string,
): Promise<{ imported: number; alreadyDone: boolean; maxSeq: number }> {
  const { db, statements } = state;
  const meta = historyMeta(db);
  if (meta.has(marker)) return { imported: 0, alreadyDone: true, maxSeq: 0 };
  let imported = 0;
  let maxSeq = 0;
  db.exec('BEGIN IMMEDIATE');
  try {
    for await (const { print, content } of entries) {
      if (Number(statements.insertOrIgnorePrint.run(...printValues(print)).changes) === 0) continue;
      for (const transition of print.history) writeTransition(state, print.id, transition);
      statements.insertContent.run(print.id, content);
      maxSeq = Math.max(maxSeq, print.seq);
      if (!isFinalPrintStatus(print.status)) state.live.set(print.id, { ...print, history: [...print.history] });
      // In the outbox with the import or not at all, as any other write.
      state.changes?.record('print', print.id, () => print);
      imported++;
    }
    meta.mark(marker);
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    // Rolled back: the prints counted as imported are not there.
    state.count = undefined;
    throw error;
  }
  state.changes?.committed();
  countChanged(state, imported);
  return { imported, alreadyDone: false, maxSeq };
}
