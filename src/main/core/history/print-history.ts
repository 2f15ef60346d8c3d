import { isFinalPrintStatus, type ListPrintsRequest } from '../../../shared/ipc/channels/prints';
import { silentLogger, type Logger } from '../ports';
import { JournalUnavailableError, type JournalStats, type PrintJournal } from '../print-queue/journal';
import type { JournalPrint, JournalTransition, PrintPatch } from '../print-queue/records';
import { managerSql } from './manager-query';
import { PRINT_COLUMNS, printFromRows, printValues } from './rows';
import type { DatabaseSync, StatementSync } from './sqlite';
import { publishedPrint } from '../store/records';
import type { HistoryChanges } from './history-changes';

/**
 * The print history on SQLite, with the role (and exactly the interface) of the old `PrintJournal`, plus
 * indexed queries for the manager. Every write is one transaction committed with `synchronous=FULL`
 * (open.ts), so it is durable when the call returns; `durable` promises are already settled.
 *
 * Only unfinished prints (what the queue works on) are held in memory, as live objects the queue reads
 * with `get`; a finished print is read from the database when asked for.
 */
export interface PrintHistory extends PrintJournal {
  /** What the queue resumes at start: every unfinished print, in enqueue order. */
  unfinished(): Readonly<JournalPrint>[];
  /** The manager's page: the same answer as `queryPrints` over every print, from the indexes. */
  list(request: ListPrintsRequest): { items: Readonly<JournalPrint>[]; total: number };
  /**
   * Imports prints in one transaction with a marker row; does nothing when the marker is already there
   * (an import is never done twice). Prints already known by id are left as they are.
   */
  importPrints(entries: AsyncIterable<{ print: JournalPrint; content: string }>, marker: string): Promise<{ imported: number; alreadyDone: boolean }>;
  /** Closes now (every call is synchronous); `close()` does the same for the PrintJournal interface. */
  closeSync(): void;
}

export interface PrintHistoryOptions {
  logger?: Logger;
  /** Told of every print written, in its transaction (the store database's outbox). */
  changes?: HistoryChanges;
}

type Write = () => void;

export function createPrintHistory(db: DatabaseSync, options: PrintHistoryOptions = {}): PrintHistory {
  const logger = options.logger ?? silentLogger;
  const changes = options.changes;
  const statement = (sql: string): StatementSync => db.prepare(sql);
  const placeholders = PRINT_COLUMNS.map(() => '?').join(', ');
  const insertPrint = statement(`INSERT INTO prints (${PRINT_COLUMNS.join(', ')}) VALUES (${placeholders})`);
  const updatePrint = statement(`UPDATE prints SET (${PRINT_COLUMNS.join(', ')}) = (${placeholders}) WHERE id = ?`);
  const insertTransition = statement('INSERT INTO print_transitions (print_id, status, at, reason) VALUES (?, ?, ?, ?)');
  const insertContent = statement('INSERT INTO print_contents (print_id, content) VALUES (?, ?)');
  const selectPrint = statement('SELECT * FROM prints WHERE id = ?');
  const selectTransitions = statement('SELECT status, at, reason FROM print_transitions WHERE print_id = ? ORDER BY id');
  const selectContent = statement('SELECT content FROM print_contents WHERE print_id = ?');
  const selectUnfinished = statement('SELECT * FROM prints WHERE final = 0 ORDER BY seq');
  const countPrints = statement('SELECT count(*) AS n FROM prints');
  const selectPrunable = statement('SELECT id FROM prints WHERE final = 1 AND updated_at < ?');
  const prunable = 'SELECT id FROM prints WHERE final = 1 AND updated_at < ?';
  const deletePrunedTransitions = statement(`DELETE FROM print_transitions WHERE print_id IN (${prunable})`);
  const deletePrunedContents = statement(`DELETE FROM print_contents WHERE print_id IN (${prunable})`);
  const deletePruned = statement('DELETE FROM prints WHERE final = 1 AND updated_at < ?');

  const readPrint = (row: unknown): JournalPrint | undefined => {
    const id = (row as { id?: unknown }).id;
    let print: JournalPrint | undefined;
    try {
      print = printFromRows(row, typeof id === 'string' ? selectTransitions.all(id) : []);
    } catch {
      // A page damaged after open (or one quick_check does not read): this print is unreadable, not the app.
      print = undefined;
    }
    if (print === undefined) logger.warn('a print of the history could not be read', { id: String(id) });
    return print;
  };

  /** Unfinished prints, and prints with a deferred write not yet committed: the objects the queue holds. */
  const live = new Map<string, JournalPrint>();
  for (const row of selectUnfinished.all()) {
    const print = readPrint(row);
    if (print !== undefined) live.set(print.id, print);
  }
  let maxSeq = Number((statement('SELECT max(seq) AS n FROM prints').get() as { n: number | null } | undefined)?.n ?? 0);
  let compactions = 0;
  let broken: JournalUnavailableError | undefined;
  let closed = false;
  /** Writes held back by `update`'s `defer`, committed in front of the next write (one commit for all). */
  let deferred: Array<{ write: Write; settle: (error?: unknown) => void }> = [];
  /** Prints whose deferred write is pending, dropped from `live` once committed if they are finished. */
  const awaitingCommit = new Set<string>();

  /** One transaction: the deferred writes first, then `write`. A failure refuses everything after it. */
  function commit(write?: Write): void {
    if (broken !== undefined) throw broken;
    if (closed) throw new JournalUnavailableError('the history is closed');
    const waiting = deferred;
    deferred = [];
    try {
      db.exec('BEGIN IMMEDIATE');
      try {
        for (const entry of waiting) entry.write();
        write?.();
        db.exec('COMMIT');
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw error;
      }
    } catch (error) {
      // What is in memory no longer matches the disk: as the journal did, refuse every later write.
      logger.error('the print history could not be written', { error: String(error) });
      broken = new JournalUnavailableError(error);
      for (const entry of waiting) entry.settle(broken);
      throw broken;
    }
    for (const entry of waiting) entry.settle();
    changes?.committed();
    for (const id of awaitingCommit) {
      const print = live.get(id);
      if (print !== undefined && isFinalPrintStatus(print.status)) live.delete(id);
    }
    awaitingCommit.clear();
  }

  const settled = (run: () => void): Promise<void> => {
    try {
      run();
      return Promise.resolve();
    } catch (error) {
      const failed = Promise.reject(error);
      // A caller that ignores `durable` must not crash the process; the error is logged in commit.
      failed.catch(() => undefined);
      return failed;
    }
  };

  function get(id: string): JournalPrint | undefined {
    const known = live.get(id);
    if (known !== undefined) return known;
    try {
      const row = selectPrint.get(id);
      return row === undefined ? undefined : readPrint(row);
    } catch (error) {
      logger.warn('a print of the history could not be read', { id, error: String(error) });
      return undefined;
    }
  }

  function* values(): IterableIterator<Readonly<JournalPrint>> {
    // Kept for the PrintJournal interface; the queue should use `unfinished` and the manager `list`.
    const rows = statement('SELECT * FROM prints ORDER BY seq').iterate();
    for (;;) {
      let next: IteratorResult<unknown>;
      try {
        next = rows.next();
      } catch (error) {
        logger.warn('the history could not be read to its end', { error: String(error) });
        return;
      }
      if (next.done === true) return;
      const id = (next.value as { id: string }).id;
      const print = live.get(id) ?? readPrint(next.value);
      if (print !== undefined) yield print;
    }
  }

  const writeTransition = (id: string, transition: JournalTransition): void => {
    insertTransition.run(id, transition.status, transition.at, transition.reason);
  };

  const history: PrintHistory = {
    get,
    values,
    size: () => Number((countPrints.get() as { n: number }).n),
    nextSeq: () => ++maxSeq,
    append(print, content) {
      const record: JournalPrint = { ...print, history: [...print.history] };
      const durable = settled(() =>
        commit(() => {
          insertPrint.run(...printValues(record));
          for (const transition of record.history) writeTransition(record.id, transition);
          insertContent.run(record.id, content);
          changes?.record('print', record.id, () => publishedPrint(record));
        }),
      );
      maxSeq = Math.max(maxSeq, record.seq);
      // A print the history could not keep is never known (and so never sent).
      if (broken === undefined && !isFinalPrintStatus(record.status)) live.set(record.id, record);
      return { durable };
    },
    update(id, patch: PrintPatch, transition, updateOptions) {
      const print = get(id);
      if (print === undefined) throw new Error(`print ${id} is not in the history`);
      Object.assign(print, patch, { rev: print.rev + 1 });
      if (transition !== undefined) print.history.push(transition);
      const write: Write = () => {
        updatePrint.run(...printValues(print), id);
        if (transition !== undefined) writeTransition(id, transition);
        changes?.record('print', id, () => publishedPrint(print));
      };
      live.set(id, print);
      awaitingCommit.add(id);
      if (updateOptions?.defer === true && broken === undefined && !closed) {
        const durable = new Promise<void>((resolve, reject) => deferred.push({ write, settle: (error) => (error === undefined ? resolve() : reject(error)) }));
        durable.catch(() => undefined);
        return { print, durable };
      }
      return { print, durable: settled(() => commit(write)) };
    },
    prune(before) {
      const removed: string[] = [];
      const durable = settled(() =>
        commit(() => {
          for (const row of selectPrunable.all(before)) removed.push((row as { id: string }).id);
          deletePrunedTransitions.run(before);
          deletePrunedContents.run(before);
          deletePruned.run(before);
        }),
      );
      for (const id of removed) live.delete(id);
      return { removed, durable };
    },
    async content(id) {
      const row = selectContent.get(id) as { content?: unknown } | undefined;
      if (row === undefined) throw new Error(`print ${id} is not in the history`);
      if (typeof row.content !== 'string') throw new Error(`the content of print ${id} is damaged`);
      return row.content;
    },
    async compact() {
      commit();
      // Pages freed by pruning go back to the file system; the WAL is emptied (disk growth, decisions.md).
      db.exec('PRAGMA incremental_vacuum');
      db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      compactions++;
    },
    writeDeferred() {
      if (deferred.length === 0 || broken !== undefined || closed) return;
      try {
        commit();
      } catch {
        // Logged by commit; the deferred writes' promises carry the error.
      }
    },
    async flush() {
      history.writeDeferred();
    },
    unfinished: () => [...live.values()].filter((print) => !isFinalPrintStatus(print.status)).sort((a, b) => a.seq - b.seq),
    list(request) {
      const sql = managerSql(request);
      const total = Number((db.prepare(`SELECT count(*) AS n FROM prints ${sql.where}`).get(...sql.parameters) as { n: number }).n);
      const rows = db.prepare(`SELECT * FROM prints ${sql.where} ${sql.orderBy} LIMIT ? OFFSET ?`).all(...sql.parameters, sql.limit, sql.offset);
      const items: JournalPrint[] = [];
      for (const row of rows) {
        const id = (row as { id: string }).id;
        const print = live.get(id) ?? readPrint(row);
        if (print !== undefined) items.push(print);
      }
      return { items, total };
    },
    async importPrints(entries, marker) {
      if (statement('SELECT 1 FROM history_meta WHERE key = ?').get(marker) !== undefined) return { imported: 0, alreadyDone: true };
      let imported = 0;
      const insertOrIgnore = statement(`INSERT OR IGNORE INTO prints (${PRINT_COLUMNS.join(', ')}) VALUES (${placeholders})`);
      // One transaction across the awaits: nothing else writes while the app has not started yet.
      db.exec('BEGIN IMMEDIATE');
      try {
        for await (const { print, content } of entries) {
          if (Number(insertOrIgnore.run(...printValues(print)).changes) === 0) continue;
          for (const transition of print.history) writeTransition(print.id, transition);
          insertContent.run(print.id, content);
          maxSeq = Math.max(maxSeq, print.seq);
          if (!isFinalPrintStatus(print.status)) live.set(print.id, { ...print, history: [...print.history] });
          imported++;
        }
        statement('INSERT INTO history_meta (key, value) VALUES (?, ?)').run(marker, new Date().toISOString());
        db.exec('COMMIT');
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw error;
      }
      return { imported, alreadyDone: false };
    },
    closeSync() {
      if (closed) return;
      history.writeDeferred();
      closed = true;
      changes?.closed();
      for (const entry of deferred) entry.settle(new JournalUnavailableError('the history is closed'));
      deferred = [];
      db.close();
    },
    async close() {
      history.closeSync();
    },
    stats: (): JournalStats => ({ prints: history.size(), activeSegment: 0, activeSegmentBytes: 0, compactions }),
  };
  return history;
}
