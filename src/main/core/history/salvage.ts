import { z } from 'zod';
import { PrintStatus } from '../../../shared/ipc/channels/prints';
import { printFromRows } from './rows';
import { TABLES, type Table } from './schema';
import { sqlite, type DatabaseSync } from './sqlite';

export interface TableSalvage {
  /** Rows copied into the fresh database. */
  kept: number;
  /** Rows SQLite returned but that are not what the table holds (a damaged cell). */
  invalid: number;
  /** Row ids SQLite could not read at all (a damaged page). */
  unreadable: number;
}

export type SalvageCounts = Record<Table, TableSalvage>;

const ContentRow = z.object({ print_id: z.string(), content: z.string() });
const TransitionRow = z.object({ print_id: z.string(), status: PrintStatus, at: z.number(), reason: z.string().nullable() });
const MetaRow = z.object({ key: z.string(), value: z.string() });

/** Whether a row read from a damaged file may go into the fresh one; tables a later issue fills are copied as they are. */
const ROW_IS_VALID: Readonly<Record<Table, (row: Record<string, unknown>) => boolean>> = {
  prints: (row) => printFromRows(row, []) !== undefined,
  print_transitions: (row) => TransitionRow.safeParse(row).success,
  print_contents: (row) => ContentRow.safeParse(row).success,
  payment_orders: () => true,
  payment_order_transitions: () => true,
  sales: () => true,
  history_meta: (row) => MetaRow.safeParse(row).success,
};

export function emptyCounts(): SalvageCounts {
  return Object.fromEntries(TABLES.map((table) => [table, { kept: 0, invalid: 0, unreadable: 0 }])) as SalvageCounts;
}

/** Beyond the last row id SQLite can name, how far row ids are probed one by one. */
const PROBE_AFTER_LAST = 10_000;

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
    const { DatabaseSync } = sqlite();
    source = new DatabaseSync(damagedPath);
    source.exec('PRAGMA writable_schema = ON'); // tolerate a schema row SQLite would refuse to parse
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
  const columns = target.prepare(`SELECT name FROM pragma_table_info('${table}')`).all().map((row) => String((row as { name: unknown }).name));
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
  let last = 0;
  try {
    for (const row of source.prepare(`${select} ORDER BY rowid`).iterate()) {
      const record = row as Record<string, unknown>;
      last = Number(record.salvage_rowid);
      copy(record);
    }
    return;
  } catch {
    // A page that cannot be read: go on one row id at a time from the last row read.
  }
  const one = source.prepare(`${select} WHERE rowid = ?`);
  let end = last + PROBE_AFTER_LAST;
  try {
    end = Math.max(end, Number((source.prepare(`SELECT max(rowid) AS n FROM ${table}`).get() as { n: number | null }).n ?? 0));
  } catch {
    // The rightmost page is damaged too: probe a fixed distance.
  }
  for (let rowid = last + 1; rowid <= end; rowid++) {
    try {
      const row = one.get(rowid) as Record<string, unknown> | undefined;
      if (row !== undefined) copy(row);
    } catch {
      count.unreadable++;
    }
  }
}
