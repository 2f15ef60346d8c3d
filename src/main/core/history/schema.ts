import { MIGRATIONS } from './migrations';
import type { DatabaseSync } from './sqlite';

/**
 * The history's schema: the numbered migrations in `migrations/`, applied in order, each in its own
 * transaction with `PRAGMA user_version`, so a database is always at exactly one known version.
 *
 * Every table is an ordinary rowid table (no WITHOUT ROWID) with at least one index: salvaging a damaged
 * file copies rows by rowid, and finds through an index the rows a damaged page hides (salvage.ts).
 */
export const SCHEMA_VERSION = MIGRATIONS.length;

export { TABLE_ROLES, TABLES, type RecordKind, type Table } from './migrations';

/** Fixed at creation (SQLite's default), so a salvage can restore a damaged header's page size. */
export const PAGE_SIZE = 4096;

export class HistoryTooNewError extends Error {
  readonly code = 'history_too_new';
  constructor(version: number) {
    super(`the print history was written by a newer Counter (schema ${version}, this one knows up to ${SCHEMA_VERSION})`);
    this.name = 'HistoryTooNewError';
  }
}

export function schemaVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number } | undefined;
  return row?.user_version ?? 0;
}

/** Brings the database to `upTo` (SCHEMA_VERSION unless a test says otherwise); a version from the future is refused, never downgraded. */
export function migrate(db: DatabaseSync, upTo: number = SCHEMA_VERSION): void {
  const version = schemaVersion(db);
  if (version > SCHEMA_VERSION) throw new HistoryTooNewError(version);
  if (version < 0) throw new Error(`the history's schema version ${version} is damaged`);
  for (let next = version; next < Math.min(upTo, SCHEMA_VERSION); next++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(MIGRATIONS[next]?.sql ?? '');
      db.exec(`PRAGMA user_version = ${next + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}

/** `db` brought to the current schema: for a database opened outside `openHistory` (tools, tests of the tables). */
export function migrated(db: DatabaseSync): DatabaseSync {
  migrate(db);
  return db;
}
