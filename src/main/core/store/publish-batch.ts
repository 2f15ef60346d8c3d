import type pg from 'pg';
import type { z } from 'zod';
import type { Environment } from '../../../shared/ipc/channels/app';
import { StoreSchemaError } from './migrate';
import { CHANGES_CHANNEL, KNOWN_SCHEMA_VERSION } from './migrations';
import type { OutboxEntry } from '../history/records/outbox';
import { OUTBOX_PAYLOADS, type PublishedOrder, type PublishedPrint, type PublishedSale } from './records';

/** Who is publishing: created or renamed in the database when a publisher connects. */
export interface CounterIdentity {
  /** Stable for the install (a setting), never reused by another counter. */
  id: string;
  name: string;
  storeId: string;
  storeName: string;
  appVersion: string;
}

/** Whose rows a write is about: a counter in one environment (its sandbox and production rows never mix). */
export interface PublishScope {
  counterId: string;
  environment: Environment;
}

export class OutboxEntryError extends Error {
  readonly code = 'store_outbox_entry_invalid';
  constructor(entry: OutboxEntry, detail: string) {
    super(`outbox entry ${entry.seq} (${entry.kind} ${entry.recordId}) cannot be published: ${detail}`);
    this.name = 'OutboxEntryError';
  }
}

interface Versioned<T> {
  version: number;
  record: T;
}

function parseEntry<T extends { id: string }>(entry: OutboxEntry, schema: z.ZodType<T>): Versioned<T> {
  const parsed = schema.safeParse(entry.payload);
  if (!parsed.success) throw new OutboxEntryError(entry, parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  if (parsed.data.id !== entry.recordId) throw new OutboxEntryError(entry, `its payload is about ${parsed.data.id}`);
  return { version: entry.seq, record: parsed.data };
}

/**
 * Only each record's latest entry matters in a batch (one upsert cannot touch a row twice); the
 * versions guard against an older copy arriving later.
 */
function latestPerRecord(entries: readonly OutboxEntry[]): {
  print: Versioned<PublishedPrint>[];
  order: Versioned<PublishedOrder>[];
  sale: Versioned<PublishedSale>[];
} {
  const latest = new Map<string, OutboxEntry>();
  for (const entry of entries) latest.set(`${entry.kind}\u0000${entry.recordId}`, entry);
  const batch = { print: [] as Versioned<PublishedPrint>[], order: [] as Versioned<PublishedOrder>[], sale: [] as Versioned<PublishedSale>[] };
  for (const entry of latest.values()) {
    if (entry.kind === 'print') batch.print.push(parseEntry(entry, OUTBOX_PAYLOADS.print));
    else if (entry.kind === 'order') batch.order.push(parseEntry(entry, OUTBOX_PAYLOADS.order));
    else batch.sale.push(parseEntry(entry, OUTBOX_PAYLOADS.sale));
  }
  return batch;
}

const ms = (column: string) => `to_timestamp((r.${column})::double precision / 1000)`;
/** Who made the record (store schema 5): its `madeBy` object's fields, null when nobody is named. */
const MADE_BY_COLUMNS = 'person_id, person_name, approved_by_id, approved_by_name';
const MADE_BY_VALUES = `r."madeBy" ->> 'personId', r."madeBy" ->> 'personName', r."madeBy" ->> 'approvedById', r."madeBy" ->> 'approvedByName'`;
const MADE_BY_SET =
  'person_id = EXCLUDED.person_id, person_name = EXCLUDED.person_name, approved_by_id = EXCLUDED.approved_by_id, approved_by_name = EXCLUDED.approved_by_name';

const UPSERT_PRINTS = `
INSERT INTO prints (counter_id, environment, id, version, terminal_id, subtype, external_reference, status, created_at, updated_at,
  action_id, attempts, last_error, cancel_requested, reprint_of, content_bytes, content_preview, ${MADE_BY_COLUMNS})
SELECT $1, $3, r.id, r.version, r."terminalId", r.subtype, r."externalReference", r.status, ${ms('"createdAt"')}, ${ms('"updatedAt"')},
  r."actionId", r.attempts, r."lastError", r."cancelRequested", r."reprintOf", r."contentBytes", r."contentPreview", ${MADE_BY_VALUES}
FROM jsonb_to_recordset($2::jsonb) AS r(id text, version bigint, "terminalId" text, subtype text, "externalReference" text, status text,
  "createdAt" bigint, "updatedAt" bigint, "actionId" text, attempts integer, "lastError" jsonb, "cancelRequested" boolean,
  "reprintOf" text, "contentBytes" integer, "contentPreview" text, "madeBy" jsonb)
ON CONFLICT (counter_id, environment, id) DO UPDATE SET version = EXCLUDED.version, terminal_id = EXCLUDED.terminal_id, status = EXCLUDED.status,
  updated_at = EXCLUDED.updated_at, action_id = EXCLUDED.action_id, attempts = EXCLUDED.attempts, last_error = EXCLUDED.last_error,
  cancel_requested = EXCLUDED.cancel_requested, ${MADE_BY_SET}, published_at = now()
WHERE prints.version < EXCLUDED.version`;

const INSERT_TRANSITIONS = `
INSERT INTO print_transitions (counter_id, environment, print_id, position, status, at, reason)
SELECT $1, $3, r."printId", r.position, r.status, ${ms('at')}, r.reason
FROM jsonb_to_recordset($2::jsonb) AS r("printId" text, position integer, status text, at bigint, reason text)
ON CONFLICT DO NOTHING`;

const UPSERT_ORDERS = `
INSERT INTO payment_orders (counter_id, environment, id, version, terminal_id, external_reference, amount, currency, status, status_detail, payment_ids, created_at, updated_at,
  ${MADE_BY_COLUMNS})
SELECT $1, $3, r.id, r.version, r."terminalId", r."externalReference", r.amount, r.currency, r.status, r."statusDetail",
  ARRAY(SELECT jsonb_array_elements_text(r."paymentIds")), ${ms('"createdAt"')}, ${ms('"updatedAt"')}, ${MADE_BY_VALUES}
FROM jsonb_to_recordset($2::jsonb) AS r(id text, version bigint, "terminalId" text, "externalReference" text, amount numeric, currency text,
  status text, "statusDetail" text, "paymentIds" jsonb, "createdAt" bigint, "updatedAt" bigint, "madeBy" jsonb)
ON CONFLICT (counter_id, environment, id) DO UPDATE SET version = EXCLUDED.version, status = EXCLUDED.status, status_detail = EXCLUDED.status_detail,
  payment_ids = EXCLUDED.payment_ids, updated_at = EXCLUDED.updated_at, ${MADE_BY_SET}, published_at = now()
WHERE payment_orders.version < EXCLUDED.version`;

const UPSERT_SALES = `
INSERT INTO sales (counter_id, environment, id, version, order_id, total, currency, status, payment_ids, items, created_at, updated_at, ${MADE_BY_COLUMNS})
SELECT $1, $3, r.id, r.version, r."orderId", r.total, r.currency, r.status, ARRAY(SELECT jsonb_array_elements_text(r."paymentIds")), r.items,
  ${ms('"createdAt"')}, ${ms('"updatedAt"')}, ${MADE_BY_VALUES}
FROM jsonb_to_recordset($2::jsonb) AS r(id text, version bigint, "orderId" text, total numeric, currency text, status text,
  "paymentIds" jsonb, items jsonb, "createdAt" bigint, "updatedAt" bigint, "madeBy" jsonb)
ON CONFLICT (counter_id, environment, id) DO UPDATE SET version = EXCLUDED.version, order_id = EXCLUDED.order_id, total = EXCLUDED.total,
  status = EXCLUDED.status, payment_ids = EXCLUDED.payment_ids, items = EXCLUDED.items, updated_at = EXCLUDED.updated_at, ${MADE_BY_SET},
  published_at = now()
WHERE sales.version < EXCLUDED.version`;

/** This counter's role is enrolled as another counter or store (docs/store-database.md): it may write nothing. */
export class CounterEnrolmentError extends Error {
  readonly code = 'store_not_enrolled';
  constructor(counter: CounterIdentity, enrolled: { counter_id: string; store_id: string }) {
    super(
      `This database role is enrolled as counter ${enrolled.counter_id} of store ${enrolled.store_id}; this counter is ${counter.id} of store ${counter.storeId}.`,
    );
    this.name = 'CounterEnrolmentError';
  }
}

/** Creates the store and the counter rows if missing, keeps name and version current, and beats the heartbeat. */
export async function registerCounter(client: pg.ClientBase, counter: CounterIdentity): Promise<void> {
  const { rows } = await client.query<{ counter_id: string | null; store_id: string | null }>(
    'SELECT store_counter_of(current_user) AS counter_id, store_of(current_user) AS store_id',
  );
  const enrolled = rows[0];
  // An owner (single-role install) is enrolled as nothing and writes as whoever it says it is.
  if (
    enrolled !== undefined &&
    enrolled.counter_id !== null &&
    enrolled.store_id !== null &&
    (enrolled.counter_id !== counter.id || enrolled.store_id !== counter.storeId)
  )
    throw new CounterEnrolmentError(counter, { counter_id: enrolled.counter_id, store_id: enrolled.store_id });
  await client.query('INSERT INTO stores (id, name) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name', [counter.storeId, counter.storeName]);
  await client.query(
    `INSERT INTO counters (id, store_id, name, app_version, schema_version, last_seen) VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, app_version = EXCLUDED.app_version, schema_version = EXCLUDED.schema_version, last_seen = now()`,
    [counter.id, counter.storeId, counter.name, counter.appVersion, KNOWN_SCHEMA_VERSION],
  );
}

export async function heartbeat(client: pg.ClientBase, counterId: string): Promise<void> {
  await client.query('UPDATE counters SET last_seen = now() WHERE id = $1', [counterId]);
}

/**
 * One transaction per batch: the records (each upsert guarded by its version, so a resend changes
 * nothing), the counter's progress and heartbeat, and one NOTIFY for live views (delivered on commit).
 */
export async function publishBatch(client: pg.ClientBase, scope: PublishScope, entries: readonly OutboxEntry[]): Promise<void> {
  const { counterId, environment } = scope;
  const last = entries.at(-1);
  if (last === undefined) return;
  const batch = latestPerRecord(entries);
  await client.query('BEGIN');
  try {
    const compat = await client.query<{ min: number | null }>('SELECT max(min_compatible_version) AS min FROM schema_migrations');
    const minCompatibleVersion = compat.rows[0]?.min ?? 0;
    if (minCompatibleVersion > KNOWN_SCHEMA_VERSION) {
      throw new StoreSchemaError({ kind: 'incompatible', databaseVersion: minCompatibleVersion, minCompatibleVersion, knownVersion: KNOWN_SCHEMA_VERSION });
    }
    if (batch.print.length > 0) {
      await client.query(UPSERT_PRINTS, [counterId, JSON.stringify(batch.print.map(({ version, record }) => ({ ...record, version }))), environment]);
      const transitions = batch.print.flatMap(({ record }) => record.history.map((step, position) => ({ printId: record.id, position, ...step })));
      await client.query(INSERT_TRANSITIONS, [counterId, JSON.stringify(transitions), environment]);
    }
    if (batch.order.length > 0)
      await client.query(UPSERT_ORDERS, [counterId, JSON.stringify(batch.order.map(({ version, record }) => ({ ...record, version }))), environment]);
    if (batch.sale.length > 0)
      await client.query(UPSERT_SALES, [counterId, JSON.stringify(batch.sale.map(({ version, record }) => ({ ...record, version }))), environment]);
    await client.query('UPDATE counters SET last_seen = now(), published_seq = greatest(published_seq, $2) WHERE id = $1', [counterId, last.seq]);
    await client.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify({ counterId, seq: last.seq })]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
