import type pg from 'pg';
import { KNOWN_SCHEMA_VERSION, MIGRATIONS, type Migration } from './migrations';

/** Any key the whole store agrees on: two counters starting together apply each migration once. */
const MIGRATION_LOCK = 72_361_700;

export type SchemaState =
  /** This Counter may read and write. `applied` lists the migrations it just ran. */
  | { kind: 'compatible'; databaseVersion: number; applied: number[] }
  /** A newer Counter contracted the schema past what this one knows: it must not write (docs/store-database.md). */
  | { kind: 'incompatible'; databaseVersion: number; minCompatibleVersion: number; knownVersion: number };

export class StoreSchemaError extends Error {
  readonly code = 'store_schema_incompatible';
  constructor(readonly state: Extract<SchemaState, { kind: 'incompatible' }>) {
    super(
      `The store database is at schema version ${state.databaseVersion} and needs Counter schema version ${state.minCompatibleVersion} or later to write; this Counter knows ${state.knownVersion}. Update Counter on this computer.`,
    );
    this.name = 'StoreSchemaError';
  }
}

const INSUFFICIENT_PRIVILEGE = '42501';

/** The database lacks a migration and this counter's role may not apply it: the store's owner role must. */
export class StoreSchemaOwnerError extends Error {
  readonly code = 'store_schema_needs_owner';
  constructor(migration: Migration, cause: unknown) {
    super(
      `The store database needs schema version ${migration.version} (${migration.name}), which only the role that owns its tables can apply: connect one Counter of this version as that role once (docs/store-database.md, "Upgrades").`,
      { cause },
    );
    this.name = 'StoreSchemaOwnerError';
  }
}

const BOOTSTRAP = `
CREATE TABLE IF NOT EXISTS schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  min_compatible_version integer NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  applied_by text NOT NULL
)`;

/**
 * Brings the database up to what this Counter knows, inside one transaction holding an advisory lock
 * (a second counter connecting at the same moment waits, then finds nothing left to do). A database
 * newer than this Counter is fine as long as no applied migration raised min_compatible_version past
 * what it knows: expanding migrations only add, so an older Counter's writes still fit.
 */
export async function migrateStore(client: pg.ClientBase, appliedBy: string, migrations: readonly Migration[] = MIGRATIONS): Promise<SchemaState> {
  const knownVersion = migrations.reduce((latest, migration) => Math.max(latest, migration.version), 0);
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    // A counter's own role may not create anything (docs/store-database.md), not even "IF NOT EXISTS".
    const bootstrapped = await client.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
    if (bootstrapped.rows[0]?.present !== true) await client.query(BOOTSTRAP);
    const { rows } = await client.query<{ version: number; min_compatible_version: number }>('SELECT version, min_compatible_version FROM schema_migrations');
    const appliedVersions = new Set(rows.map((row) => row.version));
    const databaseVersion = Math.max(0, ...appliedVersions);
    const minCompatibleVersion = Math.max(0, ...rows.map((row) => row.min_compatible_version));
    if (minCompatibleVersion > knownVersion) {
      await client.query('ROLLBACK');
      return { kind: 'incompatible', databaseVersion, minCompatibleVersion, knownVersion };
    }
    const applied: number[] = [];
    for (const migration of [...migrations].sort((left, right) => left.version - right.version)) {
      if (appliedVersions.has(migration.version)) continue;
      await client.query(migration.sql).catch((error: unknown) => {
        throw (error as { code?: unknown }).code === INSUFFICIENT_PRIVILEGE ? new StoreSchemaOwnerError(migration, error) : error;
      });
      await client.query('INSERT INTO schema_migrations (version, name, min_compatible_version, applied_by) VALUES ($1, $2, $3, $4)', [
        migration.version,
        migration.name,
        migration.minCompatibleVersion,
        appliedBy,
      ]);
      applied.push(migration.version);
    }
    await client.query('COMMIT');
    return { kind: 'compatible', databaseVersion: Math.max(databaseVersion, ...applied), applied };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** migrateStore, throwing StoreSchemaError when this Counter must not write. */
export async function ensureStoreSchema(client: pg.ClientBase, appliedBy: string): Promise<Extract<SchemaState, { kind: 'compatible' }>> {
  const state = await migrateStore(client, appliedBy);
  if (state.kind === 'incompatible') throw new StoreSchemaError(state);
  return state;
}

export { KNOWN_SCHEMA_VERSION };
