import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { z } from 'zod';
import { CheckoutSale } from '../../../shared/ipc/channels/checkout';
import { PrintStatus } from '../../../shared/ipc/channels/prints';
import { MARKERS } from './meta';
import { PaymentOrderRow, PaymentOrderTransitionRow } from './payment-orders';
import { OutboxKind } from './records/outbox';
import { parseSaleRecord } from './records/terminal-sale';
import { printFromRows } from './rows';
import { AuditRow, StaffRow } from './staff-records';
import { PAGE_SIZE, TABLES, type Table } from './schema';
import { sqlite, type DatabaseSync } from './sqlite';

export interface TableSalvage {
  /** Rows copied into the fresh database. */
  kept: number;
  /** Rows SQLite returned but that are not what the table holds (a damaged cell). */
  invalid: number;
  /** Rows known to exist (an index names them, or they sit between rows read) that SQLite could not read. */
  unreadable: number;
  /** Whether the table's end could not be read (a cut file, a damaged last page) and no index said what it held. */
  endUnreadable: boolean;
  /** How many rows the damaged table held, from one of its indexes or from reading it whole; null when that cannot be known. */
  held: number | null;
}

export type SalvageCounts = Record<Table, TableSalvage>;

/** Rows a table lost in the salvage: what it held less what was kept; null when how many it held is not known. */
export function lostRows(count: TableSalvage): number | null {
  return count.held === null ? null : Math.max(0, count.held - count.kept);
}

const ContentRow = z.object({ print_id: z.string(), content: z.string() });
const TransitionRow = z.object({ print_id: z.string(), status: PrintStatus, at: z.number(), reason: z.string().nullable() });
const MetaRow = z.object({ key: z.string(), value: z.string() });
const SaleRow = z.object({
  id: z.string(),
  order_id: z.string().nullable(),
  receipt_print_id: z.string().nullable(),
  terminal_id: z.string(),
  amount: z.string(),
  currency: z.string(),
  lines: z.string(),
  status: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
});
const OutboxRow = z.object({ seq: z.number().int(), kind: OutboxKind, record_id: z.string(), payload: z.string() });
const AsideRow = OutboxRow.extend({ code: z.string(), reason: z.string(), set_aside_at: z.number().int() });
const CheckoutSaleRow = z.object({ preference_id: z.string(), created_at: z.string(), sale: z.string() });

/** Whether `parse` takes the JSON text without throwing (a damaged cell of a JSON column). */
function readsAs(text: unknown, parse: (text: string) => unknown): boolean {
  if (typeof text !== 'string') return false;
  try {
    parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Whether a row read from a damaged file may go into the fresh one: exactly what the app could read back from it. */
const ROW_IS_VALID: Readonly<Record<Table, (row: Record<string, unknown>) => boolean>> = {
  prints: (row) => printFromRows(row, []) !== undefined,
  print_transitions: (row) => TransitionRow.safeParse(row).success,
  print_contents: (row) => ContentRow.safeParse(row).success,
  payment_orders: (row) => PaymentOrderRow.safeParse(row).success,
  payment_order_transitions: (row) => PaymentOrderTransitionRow.safeParse(row).success,
  sales: (row) => SaleRow.safeParse(row).success,
  history_meta: (row) => MetaRow.safeParse(row).success,
  sale_records: (row) => typeof row['sale_id'] === 'string' && readsAs(row['record'], parseSaleRecord),
  store_outbox: (row) => OutboxRow.safeParse(row).success && readsAs(row['payload'], JSON.parse),
  staff: (row) => StaffRow.safeParse(row).success,
  staff_settings: (row) => MetaRow.safeParse(row).success,
  audit_log: (row) => AuditRow.safeParse(row).success,
  // Kept as it was, even unreadable: it was set aside for a person to see.
  store_outbox_aside: (row) => AsideRow.safeParse(row).success,
  checkout_sales: (row) => CheckoutSaleRow.safeParse(row).success && readsAs(row['sale'], (text) => CheckoutSale.parse(JSON.parse(text))),
};

export function emptyCounts(): SalvageCounts {
  return Object.fromEntries(TABLES.map((table) => [table, { kept: 0, invalid: 0, unreadable: 0, endUnreadable: false, held: null }])) as SalvageCounts;
}

/** The header fields that have only one valid value in a history (https://www.sqlite.org/fileformat2.html#the_database_header). */
const FIXED_HEADER: ReadonlyArray<[offset: number, bytes: Buffer]> = [
  [0, Buffer.from('SQLite format 3\0', 'latin1')],
  [16, Buffer.from([PAGE_SIZE >> 8, PAGE_SIZE & 0xff])],
  [20, Buffer.from([0, 64, 32, 32])],
  // Schema format 4, UTF-8.
  [44, Buffer.from([0, 0, 0, 4])],
  [56, Buffer.from([0, 0, 0, 1])],
];

/**
 * Puts back the header's constant fields in the working copy (a flipped byte in the magic string alone
 * makes SQLite refuse the whole file), and marks the page count stale so SQLite goes by the file's size.
 */
function repairHeader(path: string): void {
  const handle = openSync(path, 'r+');
  try {
    const header = Buffer.alloc(100);
    if (readSync(handle, header, 0, 100, 0) < 100) return;
    for (const [offset, bytes] of FIXED_HEADER) bytes.copy(header, offset);
    // Journal mode bytes: 1 (rollback) or 2 (WAL); anything else becomes WAL, which the history uses.
    if (header[18] !== 1 && header[18] !== 2) header[18] = 2;
    if (header[19] !== 1 && header[19] !== 2) header[19] = 2;
    // version-valid-for ≠ change counter: SQLite ignores the stored page count.
    header.writeUInt32BE((header.readUInt32BE(24) + 1) >>> 0, 92);
    writeSync(handle, header, 0, 100, 0);
  } finally {
    closeSync(handle);
  }
}

/** Row ids probed one by one per table at most (about 1 s): a damaged page cannot make a salvage endless. */
const MAX_PROBES = 1_000_000;
/** Row ids in a row neither read nor existing after which a table whose last row id is unknown is taken as ended. */
const MISSES_TO_STOP = 20_000;

/**
 * Copies every row that can still be read from `damagedPath` (a working copy, which this may modify)
 * into `target` (fresh, at the current schema), in one transaction: every table the migrations create.
 * A table is read in rowid order; where a page cannot be read, the rows one of its indexes names are
 * read one at a time (or, with no readable index, the following row ids), so one bad page loses only
 * the rows on it, and the index says how many rows the table held.
 */
export function salvageInto(target: DatabaseSync, damagedPath: string): { counts: SalvageCounts; problem?: string } {
  const counts = emptyCounts();
  let source: DatabaseSync;
  try {
    repairHeader(damagedPath);
    const { DatabaseSync } = sqlite();
    // Not defensive: writable_schema lets SQLite read a file shorter than its header says (a cut file).
    source = new DatabaseSync(damagedPath, { defensive: false });
    source.exec('PRAGMA writable_schema = ON');
  } catch (error) {
    return { counts, problem: `the damaged file cannot be opened: ${String(error)}` };
  }
  const problems: string[] = [];
  target.exec('BEGIN IMMEDIATE');
  try {
    for (const table of TABLES) {
      try {
        copyTable(source, target, table, counts[table]);
      } catch (error) {
        problems.push(`${table}: ${String(error)}`);
      }
    }
    copySequences(source, target, problems);
    // Entries of the store outbox lost: the backfill marker would keep the history from ever sending them
    // again, so without it the next time the store database is on the whole history is republished (backfill.ts).
    if (lostRows(counts.store_outbox) !== 0 || lostRows(counts.store_outbox_aside) !== 0)
      target.prepare('DELETE FROM history_meta WHERE key = ?').run(MARKERS.storeBackfill);
    target.exec('COMMIT');
  } catch (error) {
    if (target.isTransaction) target.exec('ROLLBACK');
    throw error;
  } finally {
    source.close();
  }
  return problems.length === 0 ? { counts } : { counts, problem: problems.join('; ') };
}

/** A table's rows as one statement each way: every column both databases have, and the row's rowid. */
function tableCopier(source: DatabaseSync, target: DatabaseSync, table: Table, count: TableSalvage) {
  const columnsOf = (db: DatabaseSync): string[] =>
    db
      .prepare(`SELECT name FROM pragma_table_info('${table}')`)
      .all()
      .map((row) => String((row as { name: unknown }).name));
  const inSource = new Set(columnsOf(source));
  const columns = columnsOf(target).filter((column) => inSource.has(column));
  const list = columns.join(', ');
  const insert = target.prepare(`INSERT OR IGNORE INTO ${table} (rowid, ${list}) VALUES (?, ${columns.map(() => '?').join(', ')})`);
  /** Row ids read (kept or invalid), so a row is never counted twice. */
  const seen = new Set<number>();
  const select = `SELECT rowid AS salvage_rowid, ${list} FROM ${table}`;
  return {
    seen,
    from: source.prepare(`${select} WHERE rowid > ? ORDER BY rowid`),
    one: source.prepare(`${select} WHERE rowid = ?`),
    copy(row: Record<string, unknown>): void {
      const rowid = Number(row.salvage_rowid);
      if (seen.has(rowid)) return;
      seen.add(rowid);
      if (!ROW_IS_VALID[table](row)) {
        count.invalid++;
        return;
      }
      insert.run(rowid, ...columns.map((column) => row[column] as string | number | null));
      count.kept++;
    },
  };
}

type Copier = ReturnType<typeof tableCopier>;

/**
 * Every row id the table holds, from the first of its indexes that reads whole (an index is a b-tree of
 * its own, on other pages than the rows): undefined when none does. Partial indexes name only some rows.
 */
function indexedRowids(source: DatabaseSync, table: Table): number[] | undefined {
  const indexes = source.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?").all(table) as Array<{
    name: string;
    sql: unknown;
  }>;
  for (const { name, sql } of indexes) {
    if (typeof sql === 'string' && /\bWHERE\b/i.test(sql)) continue;
    try {
      return source
        .prepare(`SELECT rowid AS r FROM ${table} INDEXED BY "${name}"`)
        .all()
        .map((row) => Number((row as { r: unknown }).r));
    } catch {
      // This index is damaged too: the next one may not be.
    }
  }
  return undefined;
}

function copyTable(source: DatabaseSync, target: DatabaseSync, table: Table, count: TableSalvage): void {
  if (source.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) === undefined) {
    // Made by a later migration than the damaged file had reached: it held nothing.
    count.held = 0;
    return;
  }
  const copier = tableCopier(source, target, table, count);
  let last = 0;
  let whole = false;
  try {
    for (const row of copier.from.iterate(last)) {
      last = Number((row as { salvage_rowid: unknown }).salvage_rowid);
      copier.copy(row as Record<string, unknown>);
    }
    whole = true;
  } catch {
    // A page that cannot be read: the index says which rows are left to find.
  }
  const indexed = indexedRowids(source, table);
  if (indexed !== undefined) {
    copyIndexedRows(copier, indexed, count);
    count.held = Math.max(indexed.length, count.kept + count.invalid);
  } else if (whole) count.held = count.kept + count.invalid;
  else probeRowids(source, table, copier, count, last);
}

/** The rows an index names that were not read yet, one at a time: those on a damaged page are unreadable, exactly counted. */
function copyIndexedRows(copier: Copier, rowids: readonly number[], count: TableSalvage): void {
  for (const rowid of rowids) {
    if (copier.seen.has(rowid)) continue;
    try {
      const row = copier.one.get(rowid) as Record<string, unknown> | undefined;
      if (row === undefined) count.unreadable++;
      else copier.copy(row);
    } catch {
      count.unreadable++;
    }
  }
}

/**
 * With no readable index: the row ids after `last` one at a time, then on in bulk after the first one
 * read. How many rows the table held stays unknown (a row id never used looks like one on a damaged page).
 */
function probeRowids(source: DatabaseSync, table: Table, copier: Copier, count: TableSalvage, from: number): void {
  let last = from;
  let probes = 0;
  let highest = Number.POSITIVE_INFINITY;
  try {
    highest = Number((source.prepare(`SELECT max(rowid) AS n FROM ${table}`).get() as { n: number | null }).n ?? 0);
  } catch {
    // The rightmost page is damaged too: probing stops after MISSES_TO_STOP row ids without a row.
  }
  // Failed row ids count as unreadable once a later row is read: past the last one, they may never have existed.
  let failedSinceLastRead = 0;
  for (;;) {
    let found = false;
    for (let misses = 0; !found && probes < MAX_PROBES && last < highest && misses < MISSES_TO_STOP; misses++) {
      last++;
      probes++;
      try {
        const row = copier.one.get(last) as Record<string, unknown> | undefined;
        if (row === undefined) continue;
        count.unreadable += failedSinceLastRead;
        failedSinceLastRead = 0;
        copier.copy(row);
        found = true;
      } catch {
        failedSinceLastRead++;
      }
    }
    if (!found) break;
    try {
      for (const row of copier.from.iterate(last)) {
        last = Number((row as { salvage_rowid: unknown }).salvage_rowid);
        copier.copy(row as Record<string, unknown>);
      }
      failedSinceLastRead = 0;
      break;
    } catch {
      // Another page that cannot be read: probe on from the last row read.
    }
  }
  count.endUnreadable = failedSinceLastRead > 0;
}

/**
 * The AUTOINCREMENT high-water marks (the store outbox's seq): a fresh table would start its seq over,
 * and the store database ignores a version lower than one it has seen.
 */
function copySequences(source: DatabaseSync, target: DatabaseSync, problems: string[]): void {
  try {
    if (source.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'").get() === undefined) return;
    for (const row of source.prepare('SELECT name, seq FROM sqlite_sequence').all()) {
      const name = String(row['name']);
      const seq = Number(row['seq']);
      if (!(TABLES as readonly string[]).includes(name) || !Number.isSafeInteger(seq)) continue;
      const current = target.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').get(name);
      if (current === undefined) target.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)').run(name, seq);
      else if (Number(current['seq']) < seq) target.prepare('UPDATE sqlite_sequence SET seq = ? WHERE name = ?').run(seq, name);
    }
  } catch (error) {
    problems.push(`sqlite_sequence: ${String(error)}`);
  }
}
