import { describe, expect, it } from 'vitest';
import { registerTerminals, storeCounters, storeTerminals } from './counters';
import { KNOWN_SCHEMA_VERSION } from './migrations';
import { seedCounters } from './testing/seed-store';
import { postgresUnavailable, useTestPostgres } from './testing/store-test-context';

describe.skipIf(postgresUnavailable !== undefined)('store counters and terminals', () => {
  const pg = useTestPostgres();

  it("shows each counter's version, publish progress and whether it is online", async () => {
    const url = await pg.server().freshDatabase();
    const client = await pg.client(url);
    const counters = await seedCounters(client, ['a', 'b']);
    counters.get('a')?.history.enqueue();
    await counters.get('a')?.publish();
    await client.query("UPDATE counters SET last_seen = now() - interval '2 minutes' WHERE id = 'b'");
    expect(await storeCounters(client, 'store-1')).toMatchObject([
      { id: 'a', name: 'Counter A', appVersion: '0.1.0', schemaVersion: KNOWN_SCHEMA_VERSION, online: true, publishedSeq: 1 },
      { id: 'b', name: 'Counter B', online: false, publishedSeq: 0 },
    ]);
  });

  it('keeps the latest name of each terminal, whichever counter reported it', async () => {
    const url = await pg.server().freshDatabase();
    const client = await pg.client(url);
    await seedCounters(client, ['a']);
    await registerTerminals(client, 'store-1', [{ id: 'PAX_A910__1', name: 'Till 1', operatingMode: 'PDV' }]);
    await registerTerminals(client, 'store-1', [
      { id: 'PAX_A910__1', name: 'Front till', operatingMode: 'PDV' },
      { id: 'PAX_A910__2', name: null, operatingMode: null },
    ]);
    expect(await storeTerminals(client, 'store-1')).toEqual([
      { id: 'PAX_A910__1', name: 'Front till', operatingMode: 'PDV' },
      { id: 'PAX_A910__2', name: null, operatingMode: null },
    ]);
  });
});
