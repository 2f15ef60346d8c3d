import { type ListPrintsRequest } from '../../../shared/ipc/channels/prints';
import { isFinalPrintStatus } from '../../../shared/lifecycle/print';
import { silentLogger, type Logger } from '../ports';
import { JournalUnavailableError } from './errors';
import type { JournalPrint, JournalTransition, PrintPatch } from './records/print';
import { allPrints, getPrint, listPrints, printIdByReference, readContent } from './history-reads';
import { commit, printCount, readPrint, writeDeferred, type HistoryState } from './history-state';
import { prepareStatements } from './history-statements';
import { appendPrint, importPrints, prunePrints, updatePrint } from './history-writes';
import type { DatabaseSync } from './sqlite';
import { Checkpointer } from './checkpointer';
import { createWalSync } from './wal-sync';
import type { HistoryChanges } from './history-changes';

/**
 * The print history on SQLite: what the print queue keeps its prints in (its `PrintJournal` port,
 * print-queue/journal-port.ts, is a part of this interface), plus indexed queries for the manager. Every write is one transaction,
 * committed when the call returns and durable when its `durable` promise resolves (wal-sync.ts).
 *
 * Only unfinished prints (what the queue works on) are held in memory, as live objects the queue reads
 * with `get`; a finished print is read from the database when asked for.
 */
export interface PrintHistory {
  get(id: string): Readonly<JournalPrint> | undefined;
  values(): IterableIterator<Readonly<JournalPrint>>;
  size(): number;
  /** What the queue resumes at start: every unfinished print, in enqueue order. */
  unfinished(): Readonly<JournalPrint>[];
  /** The first print on the terminal with exactly this external reference, read from its index. */
  idByReference(terminalId: string, externalReference: string): string | undefined;
  /** The manager's page: the same answer as the queue's `queryPrints` over every print, from the indexes. */
  list(request: ListPrintsRequest): { items: Readonly<JournalPrint>[]; total: number };
  nextSeq(): number;
  /**
   * Known in memory at once; `durable` resolves once the print and its content are on disk (and if it
   * rejects, the print is forgotten again: a print the history could not keep is never sent).
   */
  append(print: JournalPrint, content: string): { durable: Promise<void> };
  /**
   * Applies in memory at once; `durable` resolves when the change is on disk. A deferred change is not
   * written by itself: it goes out in front of the next one written (one commit for both), for a change
   * that is safe to lose in a crash because replaying the earlier state redoes it.
   */
  update(
    id: string,
    patch: PrintPatch,
    transition?: JournalTransition,
    options?: { defer?: boolean },
  ): { print: Readonly<JournalPrint>; durable: Promise<void> };
  /** Forgets finished prints last changed before `before`, with their transitions and content. */
  prune(before: number, now: number): { removed: string[]; durable: Promise<void> };
  content(id: string): Promise<string>;
  /** Gives space freed by pruning back to the file system and empties the WAL. */
  compact(): Promise<void>;
  /** Starts writing the changes held back by `defer` now, without waiting for them. */
  writeDeferred(): void;
  /** Waits until everything written so far is durable. */
  flush(): Promise<void>;
  /** Waits until every commit made so far (by any writer of this database) is on disk; writes nothing itself. */
  durable(): Promise<void>;
  /**
   * Imports prints in one transaction with a marker row; does nothing when the marker is already there
   * (an import is never done twice). Prints already known by id are left as they are.
   */
  importPrints(entries: AsyncIterable<{ print: JournalPrint; content: string }>, marker: string): Promise<{ imported: number; alreadyDone: boolean }>;
  /** Told of a commit another writer of this database made (the sales): it counts towards the next checkpoint. */
  committedElsewhere(): void;
  /** Closes now (every call is synchronous); `close()` does the same, as a promise. */
  closeSync(): void;
  close(): Promise<void>;
  /** The segment journal's figures, kept for the queue's stats (segments are always 0 here). */
  stats(): { prints: number; activeSegment: number; activeSegmentBytes: number; compactions: number };
}

export interface PrintHistoryOptions {
  logger?: Logger;
  /** The database file, which the checkpoint worker opens too (checkpointer.ts). */
  file: string;
  /** Told of every print written, in its transaction (the store database's outbox). */
  changes?: HistoryChanges;
}

/**
 * Wires the history's parts (history-state: commits; history-writes; history-reads) to the
 * PrintJournal interface the queue uses.
 */
export function createPrintHistory(db: DatabaseSync, options: PrintHistoryOptions): PrintHistory {
  const state: HistoryState = {
    db,
    statements: prepareStatements(db),
    logger: options.logger ?? silentLogger,
    live: new Map(),
    awaitingCommit: new Set(),
    deferred: [],
    broken: undefined,
    closed: false,
    count: undefined,
    checkpointer: new Checkpointer(db, options.file, options.logger ?? silentLogger),
    walSync: createWalSync(db, options.file, options.logger ?? silentLogger),
    changes: options.changes,
  };
  for (const row of state.statements.selectUnfinished.all()) {
    const print = readPrint(state, row);
    if (print !== undefined) state.live.set(print.id, print);
  }
  let maxSeq = Number((state.statements.selectMaxSeq.get() as { n: number | null } | undefined)?.n ?? 0);
  let compactions = 0;

  const history: PrintHistory = {
    get: (id) => getPrint(state, id),
    values: () => allPrints(state),
    size: () => printCount(state),
    nextSeq: () => ++maxSeq,
    append(print, content) {
      maxSeq = Math.max(maxSeq, print.seq);
      return appendPrint(state, print, content);
    },
    update: (id, patch, transition, updateOptions) => updatePrint(state, id, patch, transition, updateOptions?.defer === true),
    prune: (before) => prunePrints(state, before),
    content: async (id) => readContent(state, id),
    async compact() {
      await commit(state);
      // Pages freed by pruning go back to the file system; the WAL is emptied (disk growth, decisions.md).
      db.exec('PRAGMA incremental_vacuum');
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      compactions++;
    },
    writeDeferred: () => writeDeferred(state),
    async flush() {
      writeDeferred(state);
      if (state.broken !== undefined) throw state.broken;
      await state.walSync.durable();
    },
    durable: () => state.walSync.durable(),
    unfinished: () => [...state.live.values()].filter((print) => !isFinalPrintStatus(print.status)).sort((a, b) => a.seq - b.seq),
    list: (request) => listPrints(state, request),
    idByReference: (terminalId, externalReference) => printIdByReference(state, terminalId, externalReference),
    async importPrints(entries, marker) {
      const { imported, alreadyDone, maxSeq: importedMax } = await importPrints(state, entries, marker);
      maxSeq = Math.max(maxSeq, importedMax);
      return { imported, alreadyDone };
    },
    committedElsewhere: () => state.checkpointer.committed(),
    closeSync() {
      if (state.closed) return;
      writeDeferred(state);
      state.closed = true;
      state.changes?.closed();
      for (const entry of state.deferred) entry.settle(new JournalUnavailableError('the history is closed'));
      state.deferred = [];
      state.walSync.close();
      db.close();
    },
    async close() {
      history.closeSync();
    },
    stats: () => ({ prints: history.size(), activeSegment: 0, activeSegmentBytes: 0, compactions }),
  };
  return history;
}
