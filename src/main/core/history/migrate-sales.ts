import { existsSync, renameSync } from 'node:fs';
import { silentLogger, type Logger } from '../ports';
import { MARKERS } from './meta';
import { parseSaleRecord, type SaleRecord } from './records/terminal-sale';
import type { SalesHistory } from './sales-history';
import { sqlite } from './sqlite';

export interface SalesMigrationReport {
  /** Sales read from the old sales database and written to the history. */
  imported: number;
  /** Records that could not be read (damaged JSON): left in the kept copy. */
  unreadable: number;
  /** Where the old database is kept. */
  movedTo: string;
}

const SIDE_FILES = ['', '-wal', '-shm'] as const;

function readOldSales(file: string, logger: Logger): { records: SaleRecord[]; unreadable: number } {
  const db = new (sqlite().DatabaseSync)(file);
  try {
    const records: SaleRecord[] = [];
    let unreadable = 0;
    for (const row of db.prepare('SELECT sale_id, record FROM sale_records ORDER BY created_at').all()) {
      try {
        records.push(parseSaleRecord(String(row['record'])));
      } catch (error) {
        unreadable++;
        logger.warn('a sale of the old sales database could not be read', { id: String(row['sale_id']), error: String(error) });
      }
    }
    return { records, unreadable };
  } finally {
    // Closing the last connection folds its WAL into the file, so the kept copy is one whole file.
    db.close();
  }
}

/**
 * Imports the separate sales database of one environment (`sales/{env}.sqlite`, before sales joined the
 * history) once, at first start, in one transaction with a marker row; then renames it (with any -wal and
 * -shm) `<file>.migrated-<date>` and keeps it. A crash between the commit and the rename is safe: the
 * marker says the import is done, the next start only renames. Unfinished sales come with their keys, so
 * the service resumes them exactly as the old store would have.
 */
export function migrateOldSales(sales: SalesHistory, file: string, options: { logger?: Logger; now?: () => number } = {}): SalesMigrationReport | undefined {
  const logger = options.logger ?? silentLogger;
  if (!existsSync(file)) return undefined;
  const { records, unreadable } = readOldSales(file, logger);
  const { imported } = sales.importSales(records, MARKERS.salesImport);
  const now = (options.now ?? Date.now)();
  const dated = `${file}.migrated-${new Date(now).toISOString().slice(0, 10)}`;
  const movedTo = existsSync(dated) ? `${dated}-${now}` : dated;
  for (const suffix of SIDE_FILES) if (existsSync(file + suffix)) renameSync(file + suffix, movedTo + suffix);
  logger.info('the old sales database was imported into the history', { imported, unreadable });
  return { imported, unreadable, movedTo };
}
