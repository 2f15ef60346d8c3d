import { describe, expect, it } from 'vitest';
import { ensureStoreSchema, migrateStore, StoreSchemaError } from './migrate';
import { KNOWN_SCHEMA_VERSION, MIGRATIONS, type Migration } from './migrations';

const NEXT = KNOWN_SCHEMA_VERSION + 1;
const ALL_VERSIONS = MIGRATIONS.map((migration) => migration.version);
import { postgresUnavailable, useTestPostgres } from './testing/store-test-context';

describe.skipIf(postgresUnavailable !== undefined)('store schema migrations', () => {
  const pg = useTestPostgres();

  it('creates the schema on an empty database and records each version once, even with two counters connecting together', async () => {
    const url = await pg.server().freshDatabase();
    const [first, second] = [await pg.client(url), await pg.client(url)];
    const states = await Promise.all([migrateStore(first, 'counter-a'), migrateStore(second, 'counter-b')]);
    expect(states.map((state) => state.kind)).toEqual(['compatible', 'compatible']);
    expect(states.flatMap((state) => (state.kind === 'compatible' ? state.applied : []))).toEqual(ALL_VERSIONS);
    const { rows } = await first.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows).toEqual(ALL_VERSIONS.map((version) => ({ version })));
    const tables = await first.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([
        'counters',
        'payment_orders',
        'print_transitions',
        'prints',
        'sales',
        'schema_migrations',
        'store_commands',
        'stores',
        'terminals',
      ]),
    );
  });

  it('lets an older Counter keep writing after an expanding migration, and refuses it after a contracting one', async () => {
    const url = await pg.server().freshDatabase();
    const client = await pg.client(url);
    const expanding: Migration = { version: NEXT, name: 'prints_note', minCompatibleVersion: 1, sql: 'ALTER TABLE prints ADD COLUMN note text' };
    await migrateStore(client, 'newer-counter', [...MIGRATIONS, expanding]);
    await expect(ensureStoreSchema(client, 'older-counter')).resolves.toMatchObject({ kind: 'compatible', databaseVersion: NEXT, applied: [] });

    const contracting: Migration = {
      version: NEXT + 1,
      name: 'drop_preview',
      minCompatibleVersion: NEXT + 1,
      sql: 'ALTER TABLE prints DROP COLUMN content_preview',
    };
    await migrateStore(client, 'newest-counter', [...MIGRATIONS, expanding, contracting]);
    const refused = await ensureStoreSchema(client, 'older-counter').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreSchemaError);
    expect(refused).toMatchObject({
      code: 'store_schema_incompatible',
      state: { databaseVersion: NEXT + 1, minCompatibleVersion: NEXT + 1, knownVersion: KNOWN_SCHEMA_VERSION },
    });
  });

  it('leaves nothing half-applied when a migration fails', async () => {
    const url = await pg.server().freshDatabase();
    const client = await pg.client(url);
    const broken: Migration = { version: NEXT, name: 'broken', minCompatibleVersion: 1, sql: 'CREATE TABLE extra (id int); SELECT * FROM missing_table' };
    await expect(migrateStore(client, 'counter', [...MIGRATIONS, broken])).rejects.toThrow(/missing_table/);
    const { rows } = await client.query<{ present: string | null }>("SELECT to_regclass('public.schema_migrations')::text AS present");
    expect(rows).toEqual([{ present: null }]);
  });
});
