import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { z } from 'zod';
import { CheckoutSale } from '../../../shared/ipc/channels/checkout';
import { PrintStatus } from '../../../shared/ipc/channels/prints';
import { OutboxKind } from './records/outbox';
import { printFromRows } from './rows';
import { PAGE_SIZE, TABLES, type Table } from './schema';
import { sqlite, type DatabaseSync } from './sqlite';

export interface TableSalvage {
  /** Rows copied into the fresh database. */
  kept: number;
  /** Rows SQLite returned but that are not what the table holds (a damaged cell). */
  invalid: number;
  /** Row ids SQLite could not read at all (a damaged page), between rows it could read. */
  unreadable: number;
  /** Whether the table's end could not be read (a cut file, a damaged last page): how many rows it held is unknown. */
  endUnreadable: boolean;
}

export type SalvageCounts = Record<Table, TableSalvage>;

const ContentRow = z.object({ print_id: z.string(), content: z.string() });
const TransitionRow = z.object({ print_id: z.string(), status: PrintStatus, at: z.number(), reason: z.string().nullable() });
const MetaRow = z.object({ key: z.string(), value: z.string() });
const OutboxRow = z.object({ seq: z.number().int(), kind: OutboxKind, record_id: z.string(), payload: z.string() });

/** Whether a row read from a damaged file may go into the fresh one; tables a later issue fills are copied as they are. */
const ROW_IS_VALID: Readonly<Record<Table, (row: Record<string, unknown>) => boolean>> = {
  prints: (row) => printFromRows(row, []) !== undefined,
  print_transitions: (row) => TransitionRow.safeParse(row).success,
  print_contents: (row) => ContentRow.safeParse(row).success,
  payment_orders: () => true,
  payment_order_transitions: () => true,
  sales: () => true,
  sale_records: (row) => typeof row['record'] === 'string' && typeof row['sale_id'] === 'string',
  history_meta: (row) => MetaRow.safeParse(row).success,
  store_outbox: (row) => OutboxRow.safeParse(row).success,
  checkout_sales: (row) =>
    typeof row['preference_id'] === 'string' && typeof row['sale'] === 'string' && CheckoutSale.safeParse(jsonOrUndefined(row['sale'])).success,
};

function jsonOrUndefined(text: unknown): unknown {
  try {
    return JSON.parse(String(text));
  } catch {
    return undefined;
  }
}

export function emptyCounts(): SalvageCounts {
  return Object.fromEntries(TABLES.map((table) => [table, { kept: 0, invalid: 0, unreadable: 0, endUnreadable: false }])) as SalvageCounts;
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
 * into `target` (fresh, at the current schema), in one transaction. A table is read in rowid order;
 * where a page cannot be read, the following row ids are read one at a time, so one bad page loses
 * only the rows on it.
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
    target.exec('COMMIT');
  } catch (error) {
    if (target.isTransaction) target.exec('ROLLBACK');
    throw error;
  } finally {
    source.close();
  }
  return problems.length === 0 ? { counts } : { counts, problem: problems.join('; ') };
}

function copyTable(source: DatabaseSync, target: DatabaseSync, table: Table, count: TableSalvage): void {
  // Made by a later migration than the damaged file had reached: it held nothing.
  if (source.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) === undefined) return;
  const columns = target
    .prepare(`SELECT name FROM pragma_table_info('${table}')`)
    .all()
    .map((row) => String((row as { name: unknown }).name));
  const list = columns.join(', ');
  const insert = target.prepare(`INSERT OR IGNORE INTO ${table} (rowid, ${list}) VALUES (?, ${columns.map(() => '?').join(', ')})`);
  const copy = (row: Record<string, unknown>): void => {
    if (!ROW_IS_VALID[table](row)) {
      count.invalid++;
      return;
    }
    const values = columns.map((column) => row[column] as string | number | null);
    insert.run(row.salvage_rowid as number, ...values);
    count.kept++;
  };
  const select = `SELECT rowid AS salvage_rowid, ${list} FROM ${table}`;
  const from = source.prepare(`${select} WHERE rowid > ? ORDER BY rowid`);
  const one = source.prepare(`${select} WHERE rowid = ?`);
  let last = 0;
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
    try {
      for (const row of from.iterate(last)) {
        const record = row as Record<string, unknown>;
        last = Number(record.salvage_rowid);
        copy(record);
      }
      failedSinceLastRead = 0;
      break;
    } catch {
      // A page that cannot be read: the next row ids one at a time, then on in bulk after the first one read.
    }
    let found = false;
    for (let misses = 0; !found && probes < MAX_PROBES && last < highest && misses < MISSES_TO_STOP; misses++) {
      last++;
      probes++;
      try {
        const row = one.get(last) as Record<string, unknown> | undefined;
        if (row === undefined) continue;
        count.unreadable += failedSinceLastRead;
        failedSinceLastRead = 0;
        copy(row);
        found = true;
      } catch {
        failedSinceLastRead++;
      }
    }
    if (!found) break;
  }
  count.endUnreadable = failedSinceLastRead > 0;
}
