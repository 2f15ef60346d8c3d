import type { Migration } from './migration';

/**
 * Version 6: the people who work the counter and the audit trail of what they did (staff-records.ts).
 * A person's PIN is kept only as its scrypt hash. The audit log is append-only: triggers refuse every
 * UPDATE and DELETE, so no code path of the app (nor a careless future one) can edit or prune it. Its
 * `seq` is the paging key; each filter has an index ending in `seq` so a page is a short index range
 * whatever the log's size, and `at` has its own to turn a time range into a `seq` range.
 */
export const STAFF_AND_AUDIT = {
  sql: `
  CREATE TABLE staff (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    role TEXT NOT NULL,
    pin_hash TEXT NOT NULL,
    failed_pins INTEGER NOT NULL DEFAULT 0,
    locked_until TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX staff_by_name ON staff (name);
  CREATE TABLE staff_settings (
    key TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
  );
  CREATE INDEX staff_settings_by_key ON staff_settings (key);
  CREATE TABLE audit_log (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    counter TEXT NOT NULL,
    person_id TEXT,
    person_name TEXT,
    approved_by_id TEXT,
    approved_by_name TEXT,
    action TEXT NOT NULL,
    subject TEXT,
    detail TEXT NOT NULL
  );
  CREATE INDEX audit_by_at ON audit_log (at);
  CREATE INDEX audit_by_person ON audit_log (person_id, seq);
  CREATE INDEX audit_by_action ON audit_log (action, seq);
  CREATE INDEX audit_by_person_action ON audit_log (person_id, action, seq);
  CREATE INDEX audit_by_subject ON audit_log (subject, action);
  CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
  CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
  `,
  tables: {
    staff: { kind: 'staff', holds: 'records' },
    staff_settings: { kind: 'staff', holds: 'parts' },
    audit_log: { kind: 'audit', holds: 'records' },
  },
} as const satisfies Migration;
