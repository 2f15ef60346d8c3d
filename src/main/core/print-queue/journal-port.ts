import type { ListPrintsRequest } from '../../../shared/ipc/channels/prints';
import type { JournalPrint, JournalTransition, PrintPatch } from '../history/records/print';

/**
 * Where the queue keeps its prints: the port the queue, the cancel path and the manager's handlers are
 * written against. The app's implementation is the SQLite history (`core/history/print-history.ts`);
 * the name stays from the segment journal it replaced (docs/decisions.md, "Print history on SQLite").
 */
export interface PrintJournal {
  get(id: string): Readonly<JournalPrint> | undefined;
  values(): IterableIterator<Readonly<JournalPrint>>;
  size(): number;
  /** Every unfinished print, in enqueue order: what the queue resumes at start. */
  unfinished(): Readonly<JournalPrint>[];
  /** A page of the history with the manager's filters and sort (the SQLite history answers it from its indexes). */
  list(request: ListPrintsRequest): { items: Readonly<JournalPrint>[]; total: number };
  nextSeq(): number;
  /**
   * Known in memory at once; `durable` resolves once the print and its content are on disk (and if it
   * rejects, the print is forgotten again: a print the journal could not keep is never sent).
   */
  append(print: JournalPrint, content: string): { durable: Promise<void> };
  /**
   * Applies in memory at once; `durable` resolves when the record is on disk. A deferred record is not
   * written by itself: it goes out in front of the next record written (one commit for both), for a
   * change that is safe to lose in a crash because replaying the earlier state redoes it.
   */
  update(
    id: string,
    patch: PrintPatch,
    transition?: JournalTransition,
    options?: { defer?: boolean },
  ): { print: Readonly<JournalPrint>; durable: Promise<void> };
  prune(before: number, now: number): { removed: string[]; durable: Promise<void> };
  content(id: string): Promise<string>;
  /** Gives space freed by pruning back (it also runs after a prune). */
  compact(): Promise<void>;
  /** Starts writing the records held back by `defer` now, without waiting for them. */
  writeDeferred(): void;
  /** Waits until everything written so far is durable. */
  flush(): Promise<void>;
  close(): Promise<void>;
  stats(): JournalStats;
}

export interface JournalStats {
  prints: number;
  activeSegment: number;
  activeSegmentBytes: number;
  compactions: number;
}
