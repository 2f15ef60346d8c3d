import type { PrintHistory } from '../history/print-history';

/**
 * Where the queue keeps its prints: the part of the print history (`core/history/print-history.ts`) the
 * queue, the cancel path and the manager's handlers are written against, so a test can stand in for it;
 * the name stays from the segment journal it replaced (docs/decisions.md, "Print history on SQLite").
 */
export type PrintJournal = Pick<
  PrintHistory,
  | 'get'
  | 'values'
  | 'size'
  | 'unfinished'
  | 'list'
  | 'idByReference'
  | 'nextSeq'
  | 'append'
  | 'update'
  | 'prune'
  | 'content'
  | 'compact'
  | 'writeDeferred'
  | 'flush'
  | 'close'
  | 'stats'
>;

export type JournalStats = ReturnType<PrintHistory['stats']>;
