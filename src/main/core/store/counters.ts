import { z } from 'zod';
import { StoreCounter } from '../../../shared/ipc/channels/store';
import { OFFLINE_AFTER_MS } from './commands';
import type { Queryable } from './queries';

export { StoreCounter };

const CounterRow = z.object({
  id: z.string(),
  name: z.string(),
  app_version: z.string().nullable(),
  schema_version: z.number().int().nullable(),
  last_seen: z.date().nullable(),
  online: z.boolean(),
  published_seq: z.string().transform(Number),
});

/** The store's counters for the manager view: who is online, on which version, how far published. */
export async function storeCounters(client: Queryable, storeId: string): Promise<StoreCounter[]> {
  const { rows } = await client.query(
    `SELECT id, name, app_version, schema_version, last_seen, published_seq::text AS published_seq,
       coalesce(last_seen > now() - make_interval(secs => ${OFFLINE_AFTER_MS / 1000}), false) AS online
     FROM counters WHERE store_id = $1 ORDER BY name, id`,
    [storeId],
  );
  return rows.map((row) => {
    const counter = CounterRow.parse(row);
    return {
      id: counter.id,
      name: counter.name,
      appVersion: counter.app_version,
      schemaVersion: counter.schema_version,
      lastSeen: counter.last_seen?.toISOString() ?? null,
      online: counter.online,
      publishedSeq: counter.published_seq,
    };
  });
}

export const StoreTerminal = z.object({ id: z.string().min(1), name: z.string().nullable(), operatingMode: z.string().nullable() });
export type StoreTerminal = z.infer<typeof StoreTerminal>;

/** Keeps the store's terminal names current (from a counter's platform terminal list) for the board. */
export async function registerTerminals(client: Queryable, storeId: string, terminals: readonly StoreTerminal[]): Promise<void> {
  if (terminals.length === 0) return;
  await client.query(
    `INSERT INTO terminals (id, store_id, name, operating_mode, updated_at)
     SELECT r.id, $1, r.name, r."operatingMode", now() FROM jsonb_to_recordset($2::jsonb) AS r(id text, name text, "operatingMode" text)
     ON CONFLICT (id) DO UPDATE SET store_id = EXCLUDED.store_id, name = EXCLUDED.name, operating_mode = EXCLUDED.operating_mode, updated_at = now()`,
    [storeId, JSON.stringify(z.array(StoreTerminal).parse(terminals))],
  );
}

export async function storeTerminals(client: Queryable, storeId: string): Promise<StoreTerminal[]> {
  const { rows } = await client.query<{ id: string; name: string | null; operating_mode: string | null }>(
    'SELECT id, name, operating_mode FROM terminals WHERE store_id = $1 ORDER BY id',
    [storeId],
  );
  return rows.map((row) => ({ id: row.id, name: row.name, operatingMode: row.operating_mode }));
}
