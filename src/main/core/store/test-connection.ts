import type pg from 'pg';
import type { Clock } from '../../../shared/clock';
import type { Language } from '../../../shared/ipc/channels/app';
import type { StoreTestResult } from '../../../shared/ipc/channels/store';
import { cashierMessage } from '../platform/messages';
import { storeFailureCode, storeFailureReason } from './errors';

/**
 * Settings' "Test connection": connects once, reads the server's version and the schema version the
 * store is at, writes nothing (the migrations run when publishing starts), and closes.
 */
export async function testStoreConnection(newClient: () => pg.Client, clock: Clock, language: Language): Promise<StoreTestResult> {
  const client = newClient();
  client.on('error', () => undefined);
  const started = clock.now();
  try {
    await client.connect();
    const version = await client.query<{ version: string }>("SELECT current_setting('server_version') AS version");
    // A fresh database has no schema_migrations yet (Counter creates it when publishing starts).
    const exists = await client.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
    const schema =
      exists.rows[0]?.present === true ? await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations') : undefined;
    return {
      ok: true,
      serverVersion: version.rows[0]?.version ?? '',
      schemaVersion: Number(schema?.rows[0]?.version ?? 0),
      latencyMs: Math.max(0, clock.now() - started),
    };
  } catch (error) {
    const code = storeFailureCode(error);
    return { ok: false, code, message: cashierMessage(code, language), reason: storeFailureReason(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}
