import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { postgresUnavailableReason, startTestPostgres, type TestPostgres } from './test-postgres';

/** Why the store tests skip here (printed once), or undefined when a real server runs. */
export const postgresUnavailable = postgresUnavailableReason();
if (postgresUnavailable !== undefined) console.warn(`store database tests skipped: ${postgresUnavailable}`);

/**
 * One server per test file (started in beforeAll, removed in afterAll) and helpers that close every
 * client a test opened. Call inside a `describe.skipIf(postgresUnavailable !== undefined)`.
 */
export function useTestPostgres(): { server(): TestPostgres; client(url: string): Promise<pg.Client>; pool(url: string): pg.Pool } {
  let server: TestPostgres | undefined;
  const opened: Array<{ end(): Promise<void> }> = [];
  beforeAll(async () => {
    server = await startTestPostgres();
  }, 60_000);
  afterAll(async () => {
    for (const handle of opened) await handle.end().catch(() => undefined);
    await server?.stop();
  });
  return {
    server() {
      if (server === undefined) throw new Error('the test PostgreSQL has not started');
      return server;
    },
    async client(url) {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined);
      await client.connect();
      opened.push(client);
      return client;
    },
    pool(url) {
      const pool = new pg.Pool({ connectionString: url, max: 4 });
      pool.on('error', () => undefined);
      opened.push(pool);
      return pool;
    },
  };
}
