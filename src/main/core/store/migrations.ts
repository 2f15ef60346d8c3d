/**
 * The store database's schema, versioned here and applied by Counter on connect (docs/store-database.md,
 * "Upgrades"). Expand/contract: a migration only adds (tables, nullable or defaulted columns, indexes,
 * functions); removing or renaming happens in a later migration that raises `minCompatibleVersion` to the
 * first version whose code no longer needs the old shape. A migration is never edited once released.
 */
export interface Migration {
  version: number;
  name: string;
  /**
   * The oldest Counter schema version that can still write correctly once this migration is applied.
   * An expanding migration keeps the previous value; only a contracting one raises it.
   */
  minCompatibleVersion: number;
  sql: string;
}

/**
 * Statuses a print can still leave, as SQL (mirrors UNFINISHED_STATUSES in manager/board.ts; a print set
 * aside as `needs_attention` still waits for the cashier). Changed before version 1 was ever released.
 */
export const UNFINISHED_PRINT_STATUSES_SQL = `('queued', 'sending', 'created', 'on_terminal', 'needs_attention')`;
const UNFINISHED = UNFINISHED_PRINT_STATUSES_SQL;

const V1_STORE = `
CREATE TABLE stores (
  id text PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE counters (
  id text PRIMARY KEY,
  store_id text NOT NULL REFERENCES stores (id),
  name text NOT NULL,
  app_version text,
  schema_version integer,
  -- Heartbeat: the whole-store view tells a counter is offline when this is old.
  last_seen timestamptz,
  -- The last outbox seq this counter published (its publish progress, for the view and the benchmark).
  published_seq bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE terminals (
  id text PRIMARY KEY,
  store_id text NOT NULL REFERENCES stores (id),
  name text,
  operating_mode text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per counter and print id: a copy of the counter's own history (the source of truth stays local).
CREATE TABLE prints (
  counter_id text NOT NULL REFERENCES counters (id),
  id text NOT NULL,
  -- The outbox seq of the copy written last: an upsert with a lower or equal seq changes nothing.
  version bigint NOT NULL,
  terminal_id text NOT NULL,
  subtype text NOT NULL,
  external_reference text NOT NULL,
  status text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  action_id text,
  attempts integer NOT NULL DEFAULT 0,
  last_error jsonb,
  last_error_code text GENERATED ALWAYS AS (coalesce(last_error ->> 'code', '')) STORED,
  cancel_requested boolean NOT NULL DEFAULT false,
  reprint_of text,
  content_bytes integer NOT NULL DEFAULT 0,
  content_preview text NOT NULL DEFAULT '',
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (counter_id, id)
);

CREATE TABLE print_transitions (
  counter_id text NOT NULL,
  print_id text NOT NULL,
  position integer NOT NULL,
  status text NOT NULL,
  at timestamptz NOT NULL,
  reason text,
  PRIMARY KEY (counter_id, print_id, position),
  FOREIGN KEY (counter_id, print_id) REFERENCES prints (counter_id, id) ON DELETE CASCADE
);

-- Payment orders on a terminal and the sales they settle, ready for the Orders work.
CREATE TABLE payment_orders (
  counter_id text NOT NULL REFERENCES counters (id),
  id text NOT NULL,
  version bigint NOT NULL,
  terminal_id text NOT NULL,
  external_reference text NOT NULL DEFAULT '',
  amount numeric(14, 2) NOT NULL,
  currency text NOT NULL,
  status text NOT NULL,
  status_detail text,
  payment_ids text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (counter_id, id)
);

CREATE TABLE sales (
  counter_id text NOT NULL REFERENCES counters (id),
  id text NOT NULL,
  version bigint NOT NULL,
  order_id text,
  total numeric(14, 2) NOT NULL,
  currency text NOT NULL,
  status text NOT NULL,
  payment_ids text[] NOT NULL DEFAULT '{}',
  items jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (counter_id, id)
);

-- Whole-store history: every sort key ends with (created_at, counter_id, id) so paging is stable, and
-- each index serves both "filter by X, newest first" and "sort by X".
CREATE INDEX prints_by_created ON prints (created_at, counter_id, id);
CREATE INDEX prints_by_updated ON prints (updated_at, counter_id, id);
CREATE INDEX prints_by_status ON prints (status, created_at, counter_id, id);
CREATE INDEX prints_by_terminal ON prints (terminal_id, created_at, counter_id, id);
CREATE INDEX prints_by_counter ON prints (counter_id, created_at, id);
-- Status with terminal or counter: without them, a rare combination (failed on one terminal) walks
-- every print of that terminal to fill a page (bench/store.ts: 2.7 s at 10 million prints).
CREATE INDEX prints_by_terminal_status ON prints (terminal_id, status, created_at, counter_id, id);
CREATE INDEX prints_by_counter_status ON prints (counter_id, status, created_at, id);
CREATE INDEX prints_by_subtype ON prints (subtype, created_at, counter_id, id);
CREATE INDEX prints_by_reference ON prints (lower(external_reference), created_at, counter_id, id);
CREATE INDEX prints_by_attempts ON prints (attempts, created_at, counter_id, id);
CREATE INDEX prints_by_error ON prints (last_error_code, created_at, counter_id, id);
-- The terminal board: each terminal's unfinished prints in line order, and today's failures.
CREATE INDEX prints_unfinished ON prints (terminal_id, created_at) WHERE status IN ${UNFINISHED};
CREATE INDEX prints_failed ON prints (updated_at, terminal_id) WHERE status = 'failed';
CREATE INDEX orders_unfinished ON payment_orders (terminal_id, created_at) WHERE status NOT IN ('processed', 'canceled', 'failed', 'expired', 'refunded');
CREATE INDEX orders_by_created ON payment_orders (created_at, counter_id, id);
CREATE INDEX sales_by_created ON sales (created_at, counter_id, id);

-- Reprint and cancel asked from the whole-store view, executed once by the counter that owns the print.
CREATE TABLE store_commands (
  id uuid PRIMARY KEY,
  target_counter_id text NOT NULL REFERENCES counters (id),
  kind text NOT NULL CHECK (kind IN ('reprint', 'cancel')),
  print_id text NOT NULL,
  -- A reprint may go to another terminal.
  terminal_id text,
  requested_by text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'claimed', 'done', 'failed')),
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  claimed_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX store_commands_pending ON store_commands (target_counter_id, created_at) WHERE state = 'pending';

-- Live changes: one notification per published batch and per command, so a manager view on another
-- counter refreshes without polling.
CREATE FUNCTION notify_store_command() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('store_commands', json_build_object('id', NEW.id, 'counterId', NEW.target_counter_id, 'state', NEW.state)::text);
  RETURN NEW;
END $$;
CREATE TRIGGER store_commands_notify AFTER INSERT OR UPDATE OF state ON store_commands
  FOR EACH ROW EXECUTE FUNCTION notify_store_command();
`;

/** The tables a counter writes, each with the column that says whose row it is. */
const COUNTER_ROWS = ['prints', 'print_transitions', 'payment_orders', 'sales'] as const;

const ownRows = (table: string, check: string) => `
ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
CREATE POLICY ${table}_read ON ${table} FOR SELECT USING (true);
CREATE POLICY ${table}_insert ON ${table} FOR INSERT WITH CHECK (${check});
CREATE POLICY ${table}_update ON ${table} FOR UPDATE USING (${check}) WITH CHECK (${check});`;

/**
 * Each counter as its own role (docs/store-database.md, "Enrol a counter"). Row-level security is
 * enabled, not forced: the role that owns the tables (the one that ran these migrations, which is every
 * single-role install) and superusers bypass it, while an enrolled counter's role writes only its own
 * rows, and only what its grants allow. A role with no row in counter_roles writes nothing.
 */
const V2_COUNTER_ROLES = `
CREATE TABLE counter_roles (
  role_name name PRIMARY KEY,
  counter_id text NOT NULL UNIQUE,
  store_id text NOT NULL,
  enrolled_at timestamptz NOT NULL DEFAULT now()
);

-- What a role is enrolled as. SECURITY DEFINER: the policies ask it about the role at hand, while the
-- counters' roles have no right to read counter_roles themselves. The mapping is named with its schema
-- and pg_temp comes last: a counter's own temporary table called counter_roles must never answer.
DO $create$
BEGIN
  EXECUTE format($f$CREATE FUNCTION store_counter_of(role name) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp AS 'SELECT counter_id FROM %1$I.counter_roles WHERE role_name = role'$f$, current_schema());
  EXECUTE format($f$CREATE FUNCTION store_of(role name) RETURNS text LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp AS 'SELECT store_id FROM %1$I.counter_roles WHERE role_name = role'$f$, current_schema());
END $create$;
${ownRows('stores', 'id = store_of(current_user)')}
${ownRows('counters', 'id = store_counter_of(current_user) AND store_id = store_of(current_user)')}
${ownRows('terminals', 'store_id = store_of(current_user)')}
${COUNTER_ROWS.map((table) => ownRows(table, 'counter_id = store_counter_of(current_user)')).join('\n')}

-- Any counter may ask another (the manager view), but only as a new request; only the counter a
-- command is addressed to takes it and writes its outcome.
ALTER TABLE store_commands ENABLE ROW LEVEL SECURITY;
CREATE POLICY store_commands_read ON store_commands FOR SELECT USING (true);
CREATE POLICY store_commands_insert ON store_commands FOR INSERT
  WITH CHECK (state = 'pending' AND result IS NULL AND claimed_at IS NULL AND finished_at IS NULL AND store_counter_of(current_user) IS NOT NULL);
CREATE POLICY store_commands_update ON store_commands FOR UPDATE
  USING (target_counter_id = store_counter_of(current_user)) WITH CHECK (target_counter_id = store_counter_of(current_user));

ALTER TABLE counter_roles ENABLE ROW LEVEL SECURITY;
`;

/**
 * Each counter's shifts and their Z reports, for the whole store's day. Amounts in integer cents as the
 * counter keeps them; a Z's figures are its stored report and its paper, never recomputed by the store.
 */
const V3_SHIFTS = `
CREATE TABLE shifts (
  counter_id text NOT NULL REFERENCES counters (id),
  id text NOT NULL,
  status text NOT NULL,
  person_id text,
  person_name text,
  opened_at timestamptz NOT NULL,
  closed_at timestamptz,
  float_cents bigint,
  counted_cash_cents bigint,
  z_number integer,
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (counter_id, id)
);
CREATE INDEX shifts_by_opened ON shifts (opened_at, counter_id, id);
CREATE INDEX shifts_open ON shifts (counter_id) WHERE status = 'open';

CREATE TABLE z_reports (
  counter_id text NOT NULL REFERENCES counters (id),
  number integer NOT NULL,
  shift_id text NOT NULL,
  created_at timestamptz NOT NULL,
  report jsonb NOT NULL,
  paper text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (counter_id, number)
);
CREATE INDEX z_reports_by_created ON z_reports (created_at, counter_id, number);
${['shifts', 'z_reports'].map((table) => ownRows(table, 'counter_id = store_counter_of(current_user)')).join('\n')}
`;

/**
 * The store's people and the audit trail of every counter. Staff rows are the store's one list: any
 * enrolled counter of the store may add or change a person (whether the signed-in person may manage staff
 * is the counter's own check; the database cannot see who sits there), and the newest `updated_at` wins.
 * The audit log is append-only: counters get SELECT and INSERT on it and nothing else, each its own rows.
 */
const V4_STAFF = `
CREATE TABLE staff (
  store_id text NOT NULL REFERENCES stores (id),
  id text NOT NULL,
  name text NOT NULL,
  role text NOT NULL,
  -- The counter's own scrypt hash, never the PIN; the store's IT can read it, as every counter can.
  pin_hash text NOT NULL,
  failed_pins integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL,
  -- The version: an upsert with an older or equal updated_at changes nothing.
  updated_at timestamptz NOT NULL,
  updated_by_counter text NOT NULL,
  PRIMARY KEY (store_id, id)
);
CREATE INDEX staff_by_updated ON staff (store_id, updated_at);

CREATE TABLE audit_log (
  counter_id text NOT NULL REFERENCES counters (id),
  -- The counter's local sequence: with the counter, the entry's identity, so a resend inserts nothing.
  seq bigint NOT NULL,
  at timestamptz NOT NULL,
  person_id text,
  person_name text,
  approved_by_id text,
  approved_by_name text,
  action text NOT NULL,
  subject text,
  detail text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (counter_id, seq)
);
CREATE INDEX audit_log_by_at ON audit_log (at, counter_id, seq);
CREATE INDEX audit_log_by_person ON audit_log (person_id, at, counter_id, seq);
CREATE INDEX audit_log_by_action ON audit_log (action, at, counter_id, seq);
-- Who made a print or sale: the whole-store view's person filter asks it once per row it considers.
CREATE INDEX audit_log_by_subject ON audit_log (counter_id, subject, action);

${ownRows('staff', 'store_id = store_of(current_user) AND store_counter_of(current_user) IS NOT NULL')}
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
CREATE POLICY audit_log_read ON audit_log FOR SELECT USING (true);
CREATE POLICY audit_log_insert ON audit_log FOR INSERT WITH CHECK (counter_id = store_counter_of(current_user));
`;

/**
 * Who made each print, payment order and sale, and who approved it: the counter's signed-in person at the
 * call, published with the record (earlier rows and older counters' leave them null; the person filter
 * then still finds a print's maker in the audit trail). Expanding: the table grants and row security of
 * versions 1 and 2 cover the new columns.
 */
const V5_MADE_BY = `
${['prints', 'payment_orders', 'sales']
  .map(
    (table) => `ALTER TABLE ${table} ADD COLUMN person_id text, ADD COLUMN person_name text, ADD COLUMN approved_by_id text, ADD COLUMN approved_by_name text;`,
  )
  .join('\n')}
CREATE INDEX prints_by_person ON prints (person_id, created_at, counter_id, id);
CREATE INDEX sales_by_person ON sales (person_id, created_at, counter_id, id);
`;

/**
 * Which environment each published row comes from: a counter's sandbox (the embedded one, for trials and
 * rehearsals) or production (real money), so a sandbox sale never lands in the store's real figures and
 * the two environments' Z numbers, audit sequences and record ids never collide. The environment is in
 * every key, and every read names one. Rows published before this version carry no environment and the
 * database cannot tell which they were: they become `unknown`, which no view shows, and each counter
 * publishes its history again under its environment (docs/decisions.md, "Store environments").
 *
 * Not merely expanding: an older Counter would publish without saying its environment and read both
 * environments' rows as one store, so this version raises `minCompatibleVersion` and older counters are
 * refused (they keep their outbox until updated).
 */
const ENVIRONMENT_TABLES = ['prints', 'print_transitions', 'payment_orders', 'sales', 'shifts', 'z_reports', 'staff', 'audit_log', 'store_commands'] as const;

/** Each key with the environment after the counter (or store): [table, key columns]. */
const ENVIRONMENT_KEYS: readonly (readonly [string, string])[] = [
  ['prints', 'counter_id, environment, id'],
  ['print_transitions', 'counter_id, environment, print_id, position'],
  ['payment_orders', 'counter_id, environment, id'],
  ['sales', 'counter_id, environment, id'],
  ['shifts', 'counter_id, environment, id'],
  ['z_reports', 'counter_id, environment, number'],
  ['staff', 'store_id, environment, id'],
  ['audit_log', 'counter_id, environment, seq'],
];

/** Every read filters by environment first: each index of versions 1–5 again, with the environment leading. */
const ENVIRONMENT_INDEXES: readonly (readonly [name: string, table: string, columns: string, where?: string])[] = [
  ['prints_by_created', 'prints', 'created_at, counter_id, id'],
  ['prints_by_updated', 'prints', 'updated_at, counter_id, id'],
  ['prints_by_status', 'prints', 'status, created_at, counter_id, id'],
  ['prints_by_terminal', 'prints', 'terminal_id, created_at, counter_id, id'],
  ['prints_by_counter', 'prints', 'counter_id, created_at, id'],
  ['prints_by_terminal_status', 'prints', 'terminal_id, status, created_at, counter_id, id'],
  ['prints_by_counter_status', 'prints', 'counter_id, status, created_at, id'],
  ['prints_by_subtype', 'prints', 'subtype, created_at, counter_id, id'],
  ['prints_by_reference', 'prints', 'lower(external_reference), created_at, counter_id, id'],
  ['prints_by_attempts', 'prints', 'attempts, created_at, counter_id, id'],
  ['prints_by_error', 'prints', 'last_error_code, created_at, counter_id, id'],
  ['prints_by_person', 'prints', 'person_id, created_at, counter_id, id'],
  ['prints_unfinished', 'prints', 'terminal_id, created_at', `status IN ${UNFINISHED}`],
  ['prints_failed', 'prints', 'updated_at, terminal_id', "status = 'failed'"],
  ['orders_unfinished', 'payment_orders', 'terminal_id, created_at', "status NOT IN ('processed', 'canceled', 'failed', 'expired', 'refunded')"],
  ['orders_by_created', 'payment_orders', 'created_at, counter_id, id'],
  ['sales_by_created', 'sales', 'created_at, counter_id, id'],
  ['sales_by_person', 'sales', 'person_id, created_at, counter_id, id'],
  ['shifts_by_opened', 'shifts', 'opened_at, counter_id, id'],
  ['shifts_open', 'shifts', 'counter_id', "status = 'open'"],
  ['z_reports_by_created', 'z_reports', 'created_at, counter_id, number'],
  ['staff_by_updated', 'staff', 'store_id, updated_at'],
  ['audit_log_by_at', 'audit_log', 'at, counter_id, seq'],
  ['audit_log_by_person', 'audit_log', 'person_id, at, counter_id, seq'],
  ['audit_log_by_action', 'audit_log', 'action, at, counter_id, seq'],
  ['audit_log_by_subject', 'audit_log', 'counter_id, subject, action'],
  ['store_commands_pending', 'store_commands', 'target_counter_id, created_at', "state = 'pending'"],
];

const V6_ENVIRONMENT = `
${ENVIRONMENT_TABLES.map(
  (table) => `ALTER TABLE ${table} ADD COLUMN environment text NOT NULL DEFAULT 'unknown' CHECK (environment IN ('sandbox', 'production', 'unknown'));
-- From now on every writer names its environment: a write that does not is refused, never guessed.
ALTER TABLE ${table} ALTER COLUMN environment DROP DEFAULT;`,
).join('\n')}
ALTER TABLE print_transitions DROP CONSTRAINT print_transitions_counter_id_print_id_fkey;
${ENVIRONMENT_KEYS.map(([table, key]) => `ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey, ADD PRIMARY KEY (${key});`).join('\n')}
ALTER TABLE print_transitions ADD FOREIGN KEY (counter_id, environment, print_id) REFERENCES prints (counter_id, environment, id) ON DELETE CASCADE;
${ENVIRONMENT_INDEXES.map(
  ([name, table, columns, where]) => `DROP INDEX ${name};
CREATE INDEX ${name} ON ${table} (environment, ${columns})${where === undefined ? '' : ` WHERE ${where}`};`,
).join('\n')}
`;

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'store', minCompatibleVersion: 1, sql: V1_STORE },
  { version: 2, name: 'counter_roles', minCompatibleVersion: 1, sql: V2_COUNTER_ROLES },
  { version: 3, name: 'shifts', minCompatibleVersion: 1, sql: V3_SHIFTS },
  { version: 4, name: 'staff_and_audit', minCompatibleVersion: 1, sql: V4_STAFF },
  { version: 5, name: 'made_by', minCompatibleVersion: 1, sql: V5_MADE_BY },
  { version: 6, name: 'environment', minCompatibleVersion: 6, sql: V6_ENVIRONMENT },
];

/** The schema version this build of Counter knows: its newest migration. */
export const KNOWN_SCHEMA_VERSION = MIGRATIONS.reduce((latest, migration) => Math.max(latest, migration.version), 0);

/** The channel a publisher NOTIFYs after each batch; payload `{ counterId, seq }`. */
export const CHANGES_CHANNEL = 'store_changes';
export const COMMANDS_CHANNEL = 'store_commands';
