import { z } from 'zod';
import type { Environment } from '../../../shared/ipc/channels/app';
import { ShiftReport, type StoreShift, type StoreZ } from '../../../shared/ipc/channels/day';
import { SHIFT_STATES } from '../../../shared/lifecycle/shift';
import type { Queryable } from './queries';

/** A store's day is a few shifts per counter: a bound that no real store reaches, so a read stays small. */
const LIMIT = 1_000;

const iso = z.union([z.date(), z.string()]).transform((value) => new Date(value).toISOString());
const cents = z.union([z.string(), z.number()]).transform(Number).pipe(z.number().int());

const ShiftRow = z.object({
  counter_id: z.string(),
  counter_name: z.string(),
  id: z.string(),
  status: z.enum(SHIFT_STATES),
  person_id: z.string().nullable(),
  person_name: z.string().nullable(),
  opened_at: iso,
  closed_at: iso.nullable(),
  float_cents: cents.nullable(),
  counted_cash_cents: cents.nullable(),
  z_number: z.number().int().nullable(),
});

const ZRow = z.object({ counter_id: z.string(), counter_name: z.string(), number: z.number().int(), created_at: iso, report: ShiftReport });

// Open shifts whatever day they began (one left open over midnight is the store's business too), and those
// opened or closed in the window.
const SHIFTS = `
SELECT s.counter_id, c.name AS counter_name, s.id, s.status, s.person_id, s.person_name, s.opened_at, s.closed_at,
  s.float_cents, s.counted_cash_cents, s.z_number
FROM shifts s JOIN counters c ON c.id = s.counter_id
WHERE c.store_id = $1 AND s.environment = $4 AND (s.status = 'open' OR (s.opened_at >= $2 AND s.opened_at < $3) OR (s.closed_at >= $2 AND s.closed_at < $3))
ORDER BY s.opened_at, s.counter_id, s.id
LIMIT ${LIMIT}`;

const Z_REPORTS = `
SELECT z.counter_id, c.name AS counter_name, z.number, z.created_at, z.report
FROM z_reports z JOIN counters c ON c.id = z.counter_id
WHERE c.store_id = $1 AND z.environment = $4 AND z.created_at >= $2 AND z.created_at < $3
ORDER BY z.created_at, z.counter_id, z.number
LIMIT ${LIMIT}`;

export interface StoreDayRows {
  storeName: string;
  environment: Environment;
  shifts: StoreShift[];
  zReports: StoreZ[];
}

/** The store's shifts and Z reports of a window (the manager's local day), every counter's. */
export async function readStoreDay(
  db: Queryable,
  of: { storeId: string; environment: Environment },
  window: { from: string; until: string },
): Promise<StoreDayRows> {
  const { storeId, environment } = of;
  const [store, shifts, zs] = await Promise.all([
    db.query<{ name: string }>('SELECT name FROM stores WHERE id = $1', [storeId]),
    db.query(SHIFTS, [storeId, window.from, window.until, environment]),
    db.query(Z_REPORTS, [storeId, window.from, window.until, environment]),
  ]);
  return {
    storeName: store.rows[0]?.name ?? storeId,
    environment,
    shifts: shifts.rows.map((raw) => {
      const row = ShiftRow.parse(raw);
      return {
        id: row.id,
        counterId: row.counter_id,
        counterName: row.counter_name,
        status: row.status,
        personId: row.person_id,
        personName: row.person_name,
        openedAt: row.opened_at,
        closedAt: row.closed_at,
        floatCents: row.float_cents,
        countedCashCents: row.counted_cash_cents,
        zNumber: row.z_number,
      };
    }),
    zReports: zs.rows.map((raw) => {
      const row = ZRow.parse(raw);
      return { counterId: row.counter_id, counterName: row.counter_name, number: row.number, createdAt: row.created_at, report: row.report };
    }),
  };
}
