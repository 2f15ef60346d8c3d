import type pg from 'pg';
import { z } from 'zod';
import type { Shift, ZReport } from '../../../shared/ipc/channels/day';
import type { ShiftBook } from '../history/shifts';
import { CHANGES_CHANNEL } from './migrations';
import type { PublishScope } from './publish-batch';

/** A round sends at most this many shifts or Zs of each; the next round goes on from where the store is. */
const PAGE = 200;

const StoreShiftState = z.object({ id: z.string(), status: z.string() });

const WHAT_THE_STORE_HAS = `
SELECT id, status FROM shifts
WHERE counter_id = $1 AND environment = $2
  AND (status = 'open' OR opened_at >= (SELECT max(opened_at) FROM shifts WHERE counter_id = $1 AND environment = $2))`;

const LATEST_OPENED = 'SELECT max(opened_at) AS latest FROM shifts WHERE counter_id = $1 AND environment = $2';

// A shift only ever moves from open to closed: a copy the store has closed is final, a resend changes nothing.
const UPSERT_SHIFTS = `
INSERT INTO shifts (counter_id, environment, id, status, person_id, person_name, opened_at, closed_at, float_cents, counted_cash_cents, z_number)
SELECT $1, $3, r.id, r.status, r."personId", r."personName", r."openedAt", r."closedAt", r."floatCents", r."countedCashCents", r."zNumber"
FROM jsonb_to_recordset($2::jsonb) AS r(id text, status text, "personId" text, "personName" text, "openedAt" timestamptz,
  "closedAt" timestamptz, "floatCents" bigint, "countedCashCents" bigint, "zNumber" integer)
ON CONFLICT (counter_id, environment, id) DO UPDATE SET status = EXCLUDED.status, closed_at = EXCLUDED.closed_at,
  counted_cash_cents = EXCLUDED.counted_cash_cents, z_number = EXCLUDED.z_number, published_at = now()
WHERE shifts.status = 'open' AND EXCLUDED.status <> 'open'`;

// A Z is final: the first copy the store holds under a number stays.
const INSERT_Z = `
INSERT INTO z_reports (counter_id, environment, number, shift_id, created_at, report, paper)
SELECT $1, $3, r.number, r."shiftId", r."createdAt", r.report, r.paper
FROM jsonb_to_recordset($2::jsonb) AS r(number integer, "shiftId" text, "createdAt" timestamptz, report jsonb, paper text)
ON CONFLICT DO NOTHING`;

const NOTIFY = `SELECT pg_notify($1, json_build_object('counterId', id, 'seq', published_seq)::text) FROM counters WHERE id = $2`;

/** The local shifts the store lacks or still has open while they are closed here. */
async function shiftsToSend(client: pg.ClientBase, scope: PublishScope, book: ShiftBook): Promise<Shift[]> {
  const key = [scope.counterId, scope.environment];
  const latest = (await client.query<{ latest: Date | null }>(LATEST_OPENED, key)).rows[0]?.latest ?? null;
  const stored = new Map((await client.query(WHAT_THE_STORE_HAS, key)).rows.map((row) => StoreShiftState.parse(row)).map((row) => [row.id, row.status]));
  const candidates = new Map<string, Shift>();
  for (const shift of book.openedSince(latest === null ? 0 : latest.getTime(), PAGE)) candidates.set(shift.id, shift);
  for (const [id, status] of stored) {
    const local = status === 'open' ? book.get(id) : undefined;
    if (local !== undefined) candidates.set(id, local);
  }
  return [...candidates.values()].filter((shift) => stored.get(shift.id) !== shift.status);
}

/** The local Z reports numbered above the highest the store has of this counter. */
async function zToSend(client: pg.ClientBase, scope: PublishScope, book: ShiftBook): Promise<ZReport[]> {
  const { rows } = await client.query<{ number: number | null }>('SELECT max(number) AS number FROM z_reports WHERE counter_id = $1 AND environment = $2', [
    scope.counterId,
    scope.environment,
  ]);
  return book.zAfter(rows[0]?.number ?? 0, PAGE);
}

/**
 * One round of the counter's day with the store: its Z reports the store lacks, then its new and newly
 * closed shifts, in one transaction, and one notification when anything went up so the whole-store views
 * reread. The store keeps no publish mark of the day: what it holds says what is missing.
 */
export async function publishDay(client: pg.ClientBase, scope: PublishScope, book: ShiftBook): Promise<{ shifts: number; zReports: number }> {
  const { counterId, environment } = scope;
  const zReports = await zToSend(client, scope, book);
  const shifts = await shiftsToSend(client, scope, book);
  if (zReports.length === 0 && shifts.length === 0) return { shifts: 0, zReports: 0 };
  await client.query('BEGIN');
  try {
    if (zReports.length > 0) {
      const rows = zReports.map(({ number, shiftId, createdAt, report, paper }) => ({ number, shiftId, createdAt, report, paper }));
      await client.query(INSERT_Z, [counterId, JSON.stringify(rows), environment]);
    }
    if (shifts.length > 0) await client.query(UPSERT_SHIFTS, [counterId, JSON.stringify(shifts), environment]);
    await client.query(NOTIFY, [CHANGES_CHANNEL, counterId]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return { shifts: shifts.length, zReports: zReports.length };
}
