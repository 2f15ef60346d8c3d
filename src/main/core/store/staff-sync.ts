import type pg from 'pg';
import { z } from 'zod';
import type { AuditEntry } from '../../../shared/ipc/channels/staff';
import { Role } from '../../../shared/staff/roles';
import type { StaffRecords, StaffRow } from '../history/staff-records';
import type { Environment } from '../../../shared/ipc/channels/app';
import type { PublishScope } from './publish-batch';

/** A counter of a store in one environment: the sandbox's people are never the real store's. */
export interface StaffScope extends PublishScope {
  storeId: string;
}

const UPSERT_STAFF = `
INSERT INTO staff (store_id, environment, id, name, role, pin_hash, failed_pins, locked_until, created_at, updated_at, updated_by_counter)
SELECT $1, $4, r.id, r.name, r.role, r.pin_hash, r.failed_pins, r.locked_until, r.created_at, r.updated_at, $2
FROM jsonb_to_recordset($3::jsonb) AS r(id text, name text, role text, pin_hash text, failed_pins integer, locked_until timestamptz,
  created_at timestamptz, updated_at timestamptz)
ON CONFLICT (store_id, environment, id) DO UPDATE SET name = EXCLUDED.name, role = EXCLUDED.role, pin_hash = EXCLUDED.pin_hash,
  failed_pins = EXCLUDED.failed_pins, locked_until = EXCLUDED.locked_until, updated_at = EXCLUDED.updated_at,
  updated_by_counter = EXCLUDED.updated_by_counter
WHERE staff.updated_at < EXCLUDED.updated_at`;

const INSERT_AUDIT = `
INSERT INTO audit_log (counter_id, environment, seq, at, person_id, person_name, approved_by_id, approved_by_name, action, subject, detail)
SELECT $1, $3, r.seq, r.at, r."personId", r."personName", r."approvedById", r."approvedByName", r.action, r.subject, r.detail
FROM jsonb_to_recordset($2::jsonb) AS r(seq bigint, at timestamptz, "personId" text, "personName" text, "approvedById" text,
  "approvedByName" text, action text, subject text, detail text)
ON CONFLICT DO NOTHING`;

/** Copies this counter's people to the store's list; a row the store already has newer or as new stays. */
export async function publishStaff(client: pg.ClientBase, scope: StaffScope, rows: readonly StaffRow[]): Promise<void> {
  if (rows.length === 0) return;
  await client.query(UPSERT_STAFF, [scope.storeId, scope.counterId, JSON.stringify(rows), scope.environment]);
}

/** Appends this counter's audit entries (by their local seq: a resend inserts nothing twice). */
export async function publishAudit(client: pg.ClientBase, scope: PublishScope, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await client.query(INSERT_AUDIT, [scope.counterId, JSON.stringify(entries), scope.environment]);
}

const iso = z.union([z.date(), z.string()]).transform((value) => new Date(value).toISOString());
const StoreStaffRow = z.object({
  id: z.string(),
  name: z.string(),
  role: Role,
  pin_hash: z.string(),
  failed_pins: z.number().int().nonnegative(),
  locked_until: iso.nullable(),
  created_at: iso,
  updated_at: iso,
});

/** The store's list of people, as the local database keeps them. */
export async function pullStaff(client: pg.ClientBase, store: { storeId: string; environment: Environment }): Promise<StaffRow[]> {
  const { rows } = await client.query(
    'SELECT id, name, role, pin_hash, failed_pins, locked_until, created_at, updated_at FROM staff WHERE store_id = $1 AND environment = $2 ORDER BY created_at, id',
    [store.storeId, store.environment],
  );
  return rows.map((row) => StoreStaffRow.parse(row));
}

/** The store's rows this counter should take: the people it lacks and those changed later than its copy. */
export function newerStaff(local: readonly StaffRow[], store: readonly StaffRow[]): StaffRow[] {
  const mine = new Map(local.map((row) => [row.id, Date.parse(row.updated_at)]));
  return store.filter((row) => {
    const have = mine.get(row.id);
    return have === undefined || Date.parse(row.updated_at) > have;
  });
}

/**
 * One round with the store: this counter's people go up, the store's newer ones come down into the local
 * copy. Sign-in reads only the local copy, so a store that cannot be reached leaves it as it was.
 */
export async function syncStaff(client: pg.ClientBase, scope: StaffScope, records: StaffRecords): Promise<{ taken: number }> {
  await publishStaff(client, scope, records.people());
  const taken = newerStaff(records.people(), await pullStaff(client, scope));
  for (const row of taken) records.adopt(row);
  return { taken: taken.length };
}

/** Publishes the audit entries the store lacks, from the last seq it has of this counter, a page at a time. */
export async function publishAuditSince(client: pg.ClientBase, scope: PublishScope, records: StaffRecords, pageSize = 1_000): Promise<number> {
  const { rows } = await client.query<{ seq: string | null }>('SELECT max(seq) AS seq FROM audit_log WHERE counter_id = $1 AND environment = $2', [
    scope.counterId,
    scope.environment,
  ]);
  let last = Number(rows[0]?.seq ?? 0);
  let sent = 0;
  for (;;) {
    const page = records.after(last, pageSize);
    const end = page.at(-1);
    if (end === undefined) return sent;
    await publishAudit(client, scope, page);
    sent += page.length;
    last = end.seq;
  }
}

/** What a publishing round does besides the outbox: the audit trail goes up, the staff list both ways. */
export async function shareStaff(client: pg.ClientBase, scope: StaffScope, records: StaffRecords): Promise<{ audited: number; taken: number }> {
  const audited = await publishAuditSince(client, scope, records);
  const { taken } = await syncStaff(client, scope, records);
  return { audited, taken };
}
