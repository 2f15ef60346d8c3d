import { z } from 'zod';
import type { AuditEntry, AuditFilters } from '../../../shared/ipc/channels/staff';
import { Role } from '../../../shared/staff/roles';
import type { DatabaseSync } from './sqlite';

/** A person as the database keeps them: with the PIN's hash, which never leaves the staff area. */
export const StaffRow = z.object({
  id: z.string(),
  name: z.string(),
  role: Role,
  pin_hash: z.string(),
  failed_pins: z.number().int().nonnegative(),
  locked_until: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffRow = z.infer<typeof StaffRow>;

export const AuditRow = z.object({
  seq: z.number().int().positive(),
  at: z.string(),
  counter: z.string(),
  person_id: z.string().nullable(),
  person_name: z.string().nullable(),
  approved_by_id: z.string().nullable(),
  approved_by_name: z.string().nullable(),
  action: z.string(),
  subject: z.string().nullable(),
  detail: z.string(),
});

export type NewAuditEntry = Omit<AuditEntry, 'seq'>;

/**
 * The people of one environment's counter and what they did (`staff`, `staff_settings`, `audit_log`,
 * migration 006). Synchronous, like the rest of the local database. The audit log has only `append` and
 * reads: the table itself refuses edits and deletes.
 */
export interface StaffRecords {
  people(): StaffRow[];
  person(id: string): StaffRow | undefined;
  /** Adds a person or replaces their name, role and PIN hash (failures and lock kept). */
  put(row: Pick<StaffRow, 'id' | 'name' | 'role' | 'pin_hash'>, at: string): void;
  /** A wrong PIN's count and the lock it earned; a right one clears both. */
  setFailures(id: string, failed: number, lockedUntil: string | null): void;
  /** Takes a person as the store database has them, whole (a newer copy made on another counter). */
  adopt(row: StaffRow): void;
  setting(key: string): string | undefined;
  setSetting(key: string, value: string): void;
  append(entry: NewAuditEntry): number;
  /** Newest first, only entries with `seq` below `before`: keyset paging that reads one index range per page. */
  page(filters: AuditFilters, before: number | undefined, limit: number): AuditEntry[];
  /** Oldest first, the entries after `seq` (what the store database has not taken yet). */
  after(seq: number, limit: number): AuditEntry[];
  /** How many `action` entries name `subject` (how many reprints a print has had). */
  countFor(action: string, subject: string): number;
  /** Who did the first `action` naming `subject` (who made a print or a sale). */
  firstBy(action: string, subject: string): string | null | undefined;
}

function toEntry(row: Record<string, unknown>): AuditEntry {
  const parsed = AuditRow.parse(row);
  return {
    seq: parsed.seq,
    at: parsed.at,
    counter: parsed.counter,
    personId: parsed.person_id,
    personName: parsed.person_name,
    approvedById: parsed.approved_by_id,
    approvedByName: parsed.approved_by_name,
    action: parsed.action,
    subject: parsed.subject,
    detail: parsed.detail,
  };
}

/**
 * A time range as a `seq` range: entries are appended in time order, so the first entry at or after
 * `from` and the last before `to` bound it, each one step into `audit_by_at` (forced: without it SQLite
 * answers min(seq) by walking the table from its first row).
 */
function seqRange(db: DatabaseSync, filters: AuditFilters): { low: number; high: number } {
  let low = 0;
  let high = Number.MAX_SAFE_INTEGER;
  if (filters.from !== undefined) {
    const row = db.prepare('SELECT seq FROM audit_log INDEXED BY audit_by_at WHERE at >= ? ORDER BY at, seq LIMIT 1').get(new Date(filters.from).toISOString());
    low = typeof row?.['seq'] === 'number' ? row['seq'] : Number.MAX_SAFE_INTEGER;
  }
  if (filters.to !== undefined) {
    const row = db
      .prepare('SELECT seq FROM audit_log INDEXED BY audit_by_at WHERE at < ? ORDER BY at DESC, seq DESC LIMIT 1')
      .get(new Date(filters.to).toISOString());
    high = typeof row?.['seq'] === 'number' ? row['seq'] : 0;
  }
  return { low, high };
}

/** The index whose range is exactly one page's rows for these filters: each ends in `seq`, so the page is read in order and stops at its limit. */
function indexFor(filters: AuditFilters): string {
  if (filters.personId !== undefined && filters.action !== undefined) return 'INDEXED BY audit_by_person_action';
  if (filters.personId !== undefined) return 'INDEXED BY audit_by_person';
  if (filters.action !== undefined) return 'INDEXED BY audit_by_action';
  return '';
}

export function createStaffRecords(db: DatabaseSync): StaffRecords {
  const all = db.prepare('SELECT * FROM staff ORDER BY created_at, rowid');
  const one = db.prepare('SELECT * FROM staff WHERE id = ?');
  const upsert = db.prepare(
    `INSERT INTO staff (id, name, role, pin_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, role = excluded.role, pin_hash = excluded.pin_hash, updated_at = excluded.updated_at`,
  );
  const failures = db.prepare('UPDATE staff SET failed_pins = ?, locked_until = ? WHERE id = ?');
  const whole = db.prepare(
    `INSERT INTO staff (id, name, role, pin_hash, failed_pins, locked_until, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, role = excluded.role, pin_hash = excluded.pin_hash, failed_pins = excluded.failed_pins,
       locked_until = excluded.locked_until, updated_at = excluded.updated_at`,
  );
  const getSetting = db.prepare('SELECT value FROM staff_settings WHERE key = ?');
  const putSetting = db.prepare('INSERT OR REPLACE INTO staff_settings (key, value) VALUES (?, ?)');
  const insert = db.prepare(
    `INSERT INTO audit_log (at, counter, person_id, person_name, approved_by_id, approved_by_name, action, subject, detail)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const later = db.prepare('SELECT * FROM audit_log WHERE seq > ? ORDER BY seq LIMIT ?');
  const count = db.prepare('SELECT count(*) AS n FROM audit_log WHERE subject = ? AND action = ?');
  const first = db.prepare('SELECT person_id FROM audit_log WHERE subject = ? AND action = ? ORDER BY seq LIMIT 1');
  return {
    people: () => all.all().map((row) => StaffRow.parse(row)),
    person: (id) => {
      const row = one.get(id);
      return row === undefined ? undefined : StaffRow.parse(row);
    },
    put: (row, at) => void upsert.run(row.id, row.name, row.role, row.pin_hash, at, at),
    setFailures: (id, failed, lockedUntil) => void failures.run(failed, lockedUntil, id),
    adopt: (row) => void whole.run(row.id, row.name, row.role, row.pin_hash, row.failed_pins, row.locked_until, row.created_at, row.updated_at),
    setting: (key) => {
      const row = getSetting.get(key);
      return typeof row?.['value'] === 'string' ? row['value'] : undefined;
    },
    setSetting: (key, value) => void putSetting.run(key, value),
    after: (seq, limit) => later.all(seq, limit).map(toEntry),
    append: (entry) =>
      Number(
        insert.run(
          entry.at,
          entry.counter,
          entry.personId,
          entry.personName,
          entry.approvedById,
          entry.approvedByName,
          entry.action,
          entry.subject,
          entry.detail,
        ).lastInsertRowid,
      ),
    page: (filters, before, limit) => {
      const { low, high } = seqRange(db, filters);
      const top = Math.min(high, (before ?? Number.MAX_SAFE_INTEGER) - 1);
      const where = ['seq >= ?', 'seq <= ?'];
      const values: Array<string | number> = [low, top];
      if (filters.personId !== undefined) {
        where.push('person_id = ?');
        values.push(filters.personId);
      }
      if (filters.action !== undefined) {
        where.push('action = ?');
        values.push(filters.action);
      }
      const sql = `SELECT * FROM audit_log ${indexFor(filters)} WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT ?`;
      return db
        .prepare(sql)
        .all(...values, limit)
        .map(toEntry);
    },
    countFor: (action, subject) => Number(count.get(subject, action)?.['n'] ?? 0),
    firstBy: (action, subject) => {
      const row = first.get(subject, action);
      if (row === undefined) return undefined;
      return typeof row['person_id'] === 'string' ? row['person_id'] : null;
    },
  };
}
