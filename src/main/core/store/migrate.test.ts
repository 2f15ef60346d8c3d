import { describe, expect, it } from 'vitest';
import { ensureStoreSchema, migrateStore, StoreSchemaError } from './migrate';
import { MIGRATIONS, type Migration } from './migrations';
import { postgresUnavailable, useTestPostgres } from './testing/store-test-context';

describe.skipIf(postgresUnavailable !== undefined)('store schema migrations', () => {
  const pg = useTestPostgres();

  it('creates the schema on an empty database and records each version once, even with two counters connecting together', async () => {
    const url = await pg.server().freshDatabase();
    const [first, second] = [await pg.client(url), await pg.client(url)];
    const states = await Promise.all([migrateStore(first, 'counter-a'), migrateStore(second, 'counter-b')]);
    expect(states.map((state) => state.kind)).toEqual(['compatible', 'compatible']);
    expect(states.flatMap((state) => (state.kind === 'compatible' ? state.applied : []))).toEqual([1]);
    const { rows } = await first.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows).toEqual([{ version: 1 }]);
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
    const expanding: Migration = { version: 2, name: 'prints_note', minCompatibleVersion: 1, sql: 'ALTER TABLE prints ADD COLUMN note text' };
    await migrateStore(client, 'newer-counter', [...MIGRATIONS, expanding]);
    await expect(ensureStoreSchema(client, 'older-counter')).resolves.toMatchObject({ kind: 'compatible', databaseVersion: 2, applied: [] });

    const contracting: Migration = { version: 3, name: 'drop_preview', minCompatibleVersion: 3, sql: 'ALTER TABLE prints DROP COLUMN content_preview' };
    await migrateStore(client, 'newest-counter', [...MIGRATIONS, expanding, contracting]);
    const refused = await ensureStoreSchema(client, 'older-counter').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreSchemaError);
    expect(refused).toMatchObject({ code: 'store_schema_incompatible', state: { databaseVersion: 3, minCompatibleVersion: 3, knownVersion: 1 } });
  });

  it('leaves nothing half-applied when a migration fails', async () => {
    const url = await pg.server().freshDatabase();
    const client = await pg.client(url);
    const broken: Migration = { version: 2, name: 'broken', minCompatibleVersion: 1, sql: 'CREATE TABLE extra (id int); SELECT * FROM missing_table' };
    await expect(migrateStore(client, 'counter', [...MIGRATIONS, broken])).rejects.toThrow(/missing_table/);
    const { rows } = await client.query<{ present: string | null }>("SELECT to_regclass('public.schema_migrations')::text AS present");
    expect(rows).toEqual([{ present: null }]);
  });
});
