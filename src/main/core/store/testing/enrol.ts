import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { ensureStoreSchema } from '../migrate';
import type { useTestPostgres } from './store-test-context';

const GUIDE = fileURLToPath(new URL('../../../../../docs/store-database.md', import.meta.url));

/** The SQL block under a heading of docs/store-database.md: tests run what the store's IT is told to run. */
export function guideSql(heading: 'Once per store database' | 'Enrol a counter' | 'Revoke a counter'): string {
  const text = readFileSync(GUIDE, 'utf8');
  const start = text.indexOf(`### ${heading}\n`);
  if (start < 0) throw new Error(`docs/store-database.md has no "### ${heading}"`);
  const block = /```sql\n([\s\S]*?)```/.exec(text.slice(start));
  if (block?.[1] === undefined) throw new Error(`no SQL under "### ${heading}"`);
  return block[1];
}

/** The guide's names in its examples, replaced by a test's own. */
const replaced = (sql: string, names: Readonly<Record<string, string>>) =>
  Object.entries(names).reduce((text, [example, actual]) => text.split(example).join(actual), sql);

export interface CounterRole {
  role: string;
  counterId: string;
  storeId: string;
}

/** As a superuser: the guide's grants once per database (the group role once per server). */
export async function prepareCounterRoles(superuser: pg.ClientBase, database: string): Promise<void> {
  const existing = await superuser.query("SELECT 1 FROM pg_roles WHERE rolname = 'store_counters'");
  let sql = replaced(guideSql('Once per store database'), { 'ON DATABASE store ': `ON DATABASE ${database} ` });
  if (existing.rows.length > 0) sql = sql.replace(/CREATE ROLE store_counters NOLOGIN;\n/, '');
  await superuser.query(sql);
}

export async function enrolCounter(superuser: pg.ClientBase, { role, counterId, storeId }: CounterRole): Promise<void> {
  await superuser.query(replaced(guideSql('Enrol a counter'), { counter_front: role, "'the-counter-id'": `'${counterId}'`, "'main'": `'${storeId}'` }));
}

export async function revokeCounter(superuser: pg.ClientBase, role: string): Promise<void> {
  await superuser.query(replaced(guideSql('Revoke a counter'), { counter_front: role }));
}

/** The same database as another user (the test server trusts loopback, so no password is asked). */
export function urlAs(url: string, role: string): string {
  const address = new URL(url);
  address.username = role;
  return address.toString();
}

/**
 * A database owned by a plain role (not a superuser) that created the tables, with the counters' group
 * role prepared as the guide says: a single-role install that counters can then be enrolled in.
 */
export async function ownedStoreDatabase(server: ReturnType<typeof useTestPostgres>) {
  const url = await server.server().freshDatabase();
  const database = new URL(url).pathname.slice(1);
  const superuser = await server.client(url);
  const owner = `${database}_owner`;
  await superuser.query(`CREATE ROLE ${owner} LOGIN`);
  await superuser.query(`ALTER DATABASE ${database} OWNER TO ${owner}`);
  await superuser.query(`ALTER SCHEMA public OWNER TO ${owner}`);
  const asOwner = await server.client(urlAs(url, owner));
  await ensureStoreSchema(asOwner, 'owner');
  await prepareCounterRoles(superuser, database);
  return { url, database, superuser, asOwner };
}
