import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUnavailableReason, startTestPostgres, type TestPostgres } from './test-postgres';

const unavailable = postgresUnavailableReason();
if (unavailable !== undefined) console.warn(`store database tests skipped: ${unavailable}`);

describe.skipIf(unavailable !== undefined)('startTestPostgres', () => {
  let server: TestPostgres;
  beforeAll(async () => {
    server = await startTestPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('answers queries at its URL, and again after an outage with the data kept', async () => {
    const first = new pg.Client({ connectionString: server.url });
    await first.connect();
    await first.query('CREATE TABLE kept (value int)');
    await first.query('INSERT INTO kept VALUES (7)');
    first.on('error', () => undefined);

    await server.stopServer();
    await expect(first.query('SELECT 1')).rejects.toThrow();
    await first.end().catch(() => undefined);
    await server.startServer();

    const second = new pg.Client({ connectionString: server.url });
    await second.connect();
    const { rows } = await second.query<{ value: number }>('SELECT value FROM kept');
    await second.end();
    expect(rows).toEqual([{ value: 7 }]);
  }, 60_000);
});
