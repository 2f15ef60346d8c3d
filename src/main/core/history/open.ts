import { chmodSync, copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { silentLogger, type Logger } from '../ports';
import type { HistoryChanges, HistoryChangesFactory } from './history-changes';
import { createPrintHistory, type PrintHistory } from './print-history';
import { emptyCounts, salvageInto, type SalvageCounts } from './salvage';
import { migrate, PAGE_SIZE, schemaVersion, SCHEMA_VERSION } from './schema';
import { sqlite, type DatabaseSync } from './sqlite';

/** What opening the history found, for the app to show at start when it is not simply "opened". */
export interface HistoryOpenReport {
  outcome: 'opened' | 'created' | 'salvaged';
  /** Prints the history holds now. */
  prints: number;
  salvage?: {
    /** Why the database was set aside. */
    reason: string;
    /** The damaged files, renamed, never overwritten nor deleted. */
    damagedCopy: string[];
    counts: SalvageCounts;
    /** Something that stopped part of the salvage (a table that could not be read at all). */
    problem?: string;
  };
}

export interface OpenHistoryOptions {
  /** The database file, e.g. `<data>/history-sandbox.sqlite`. */
  file: string;
  logger?: Logger;
  now?: () => number;
  /**
   * `quick`: `PRAGMA quick_check` at open (it reads every page: 5.6 s for 1,000,000 prints, 949 MB, in
   * bench/history); `auto` (the default) only up to QUICK_CHECK_MAX_BYTES; `none` skips it.
   */
  integrityCheck?: 'auto' | 'quick' | 'none';
  /** Hears every change in its transaction (the store database's outbox), made for the opened database. */
  changes?: HistoryChangesFactory;
}

const SIDE_FILES = ['', '-wal', '-shm'] as const;
/** About 0.2 s of quick_check on the bench's disk: the open stays within the manager's 300 ms. */
const QUICK_CHECK_MAX_BYTES = 32 * 1024 * 1024;

function configure(db: DatabaseSync): void {
  // auto_vacuum only takes effect before the first table; afterwards this is a no-op.
  db.exec('PRAGMA auto_vacuum = INCREMENTAL');
  db.exec(`PRAGMA page_size = ${PAGE_SIZE}`);
  db.exec('PRAGMA journal_mode = WAL');
  // FULL in WAL mode: every commit fsyncs the WAL, so a transition is durable when its call returns.
  // (NORMAL with wal-sync.ts and the transport's write-ahead gate stalled the exactly-once property test;
  // see docs/decisions.md "Durability off the main thread".)
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA busy_timeout = 5000');
}

/** Throws a description of the damage when the database cannot be trusted as it is. */
function check(db: DatabaseSync, integrityCheck: 'quick' | 'none'): void {
  if (schemaVersion(db) > SCHEMA_VERSION) return; // refused by migrate, with its own error
  if (integrityCheck === 'quick') {
    const problems = db
      .prepare('PRAGMA quick_check(20)')
      .all()
      .map((row) => String(Object.values(row as object)[0]));
    if (problems.length !== 1 || problems[0] !== 'ok') throw new Error(`quick_check: ${problems.join('; ')}`);
  }
}

/**
 * The history holds receipts and sales: readable by this user only. SQLite gives its -wal and -shm the
 * main file's mode, so the main file is made (or narrowed to) 0600 before SQLite opens it, and side files
 * left by an earlier version are narrowed too.
 */
function makePrivate(file: string): void {
  // SQLite's in-memory database has no file to protect (and must not leave one named ":memory:").
  if (file === ':memory:') return;
  if (existsSync(file)) chmodSync(file, 0o600);
  else writeFileSync(file, '', { mode: 0o600, flag: 'a' });
  for (const suffix of SIDE_FILES) if (suffix !== '' && existsSync(file + suffix)) chmodSync(file + suffix, 0o600);
}

function openChecked(file: string, integrityCheck: 'quick' | 'none'): DatabaseSync {
  makePrivate(file);
  // A database file is whole pages; a shorter last page (a cut copy, a torn disk) reads as zeros that
  // quick_check does not always notice, and the row they held would silently be unreadable.
  const size = existsSync(file) ? statSync(file).size : 0;
  if (size % PAGE_SIZE !== 0) throw new Error(`the file is cut short: ${size} bytes is not a whole number of ${PAGE_SIZE}-byte pages`);
  const { DatabaseSync } = sqlite();
  const db = new DatabaseSync(file);
  try {
    configure(db);
    check(db, integrityCheck);
    migrate(db);
    // Reading the schema and one row proves page 1 and the tables' roots readable.
    db.prepare('SELECT count(*) FROM prints WHERE final = 0').get();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function setAside(file: string, stamp: string): string[] {
  const moved: string[] = [];
  for (const suffix of SIDE_FILES) {
    if (!existsSync(file + suffix)) continue;
    const to = `${file}.damaged-${stamp}${suffix}`;
    renameSync(file + suffix, to);
    moved.push(to);
  }
  return moved;
}

/**
 * Opens (or creates) the print history. A database that cannot be opened, fails its check or cannot be
 * migrated is renamed aside with its -wal and -shm, every readable row is copied into a fresh one, and
 * the report says what was kept and where the damaged copy is. Never throws for a damaged file; throws
 * only when the folder itself cannot be written.
 */
export function openHistory(options: OpenHistoryOptions): { history: PrintHistory; report: HistoryOpenReport; db: DatabaseSync; changes: HistoryChanges } {
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? Date.now;
  mkdirSync(dirname(options.file), { recursive: true });
  const existed = existsSync(options.file);
  const requested = options.integrityCheck ?? 'auto';
  const integrityCheck = requested !== 'auto' ? requested : existed && statSync(options.file).size <= QUICK_CHECK_MAX_BYTES ? 'quick' : 'none';
  let db: DatabaseSync;
  let salvage: HistoryOpenReport['salvage'];
  try {
    db = openChecked(options.file, integrityCheck);
  } catch (error) {
    // A file from a newer Counter is set aside like a damaged one (its user_version may be a flipped
    // byte too): renamed, never overwritten, so that Counter still finds it whole.
    const reason = error instanceof Error ? error.message : String(error);
    const stamp = new Date(now()).toISOString().replace(/[:.]/g, '-');
    const damagedCopy = setAside(options.file, stamp);
    logger.error('the print history is damaged: set aside, readable rows salvaged', { reason, damagedCopy: damagedCopy.map((path) => basename(path)) });
    db = openChecked(options.file, 'none');
    // Salvage from a working copy: SQLite may replay the copy's WAL into it, the set-aside files stay as found.
    const work = `${options.file}.salvage`;
    for (const suffix of SIDE_FILES) rmSync(work + suffix, { force: true });
    for (const suffix of SIDE_FILES) {
      const damaged = `${options.file}.damaged-${stamp}${suffix}`;
      if (existsSync(damaged)) copyFileSync(damaged, work + suffix);
    }
    const salvaged = existsSync(work) ? salvageInto(db, work) : { counts: emptyCounts(), problem: 'there was no database file to salvage' };
    for (const suffix of SIDE_FILES) rmSync(work + suffix, { force: true });
    salvage = { reason, damagedCopy, counts: salvaged.counts, ...(salvaged.problem === undefined ? {} : { problem: salvaged.problem }) };
  }
  const changes = options.changes?.(db);
  const history = createPrintHistory(db, { logger, file: options.file, changes });
  const outcome = salvage !== undefined ? 'salvaged' : existed ? 'opened' : 'created';
  // `db` and `shared`: the same connection and outbox, for the sales that share this history (sales-history.ts); the history closes it.
  // Their commits count towards the history's checkpoints too, or a counter that only sells would grow its WAL without end.
  const shared: HistoryChanges = {
    record: (kind, recordId, payload) => changes?.record(kind, recordId, payload),
    committed() {
      changes?.committed();
      history.committedElsewhere();
    },
    closed: () => undefined,
  };
  return {
    history,
    db,
    changes: shared,
    report: { outcome, prints: history.size(), ...(salvage === undefined ? {} : { salvage }) },
  };
}
