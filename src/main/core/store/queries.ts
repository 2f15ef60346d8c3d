import type pg from 'pg';
import { z } from 'zod';
import type { Environment } from '../../../shared/ipc/channels/app';
import { PrintStatus, type PrintError } from '../../../shared/ipc/channels/prints';
import { StorePrintPage, StorePrintRequest, StorePrintsRequest, StorePrintSummary, type StorePrintDetail } from '../../../shared/ipc/channels/store';
import { PrintSubtype } from '../../../shared/platform/terminal-actions';
import { JournalError } from '../history/records/print';
import { StoreError } from './errors';

export { StorePrintPage, StorePrintsRequest, StorePrintSummary };

/** Counting stops here: past it the view shows "10,000+" (docs/decisions.md, Store database). */
export const TOTAL_CAP = 10_000;

/** A client, or a pool when page and count may run side by side. */
export type Queryable = Pick<pg.Pool, 'query'>;

/** The cashier's wording for an error code, in the settings' language (platform/messages.ts cashierMessage). */
export type MessageFor = (code: string) => string;

/** A prints row as the database hands it over (the boundary: parsed, then trusted). */
const PrintRow = z.object({
  counter_id: z.string(),
  counter_name: z.string(),
  id: z.string(),
  terminal_id: z.string(),
  // Text, not the enums: a newer counter may write a status or subtype this one does not know.
  subtype: z.string(),
  external_reference: z.string(),
  status: z.string(),
  created_at: z.date(),
  updated_at: z.date(),
  action_id: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.unknown(),
  cancel_requested: z.boolean(),
  reprint_of: z.string().nullable(),
  content_bytes: z.number().int(),
  content_preview: z.string(),
  person_id: z.string().nullable(),
  person_name: z.string().nullable(),
  approved_by_id: z.string().nullable(),
  approved_by_name: z.string().nullable(),
});

export const PRINT_COLUMNS = `p.counter_id, c.name AS counter_name, p.id, p.terminal_id, p.subtype, p.external_reference, p.status, p.created_at,
  p.updated_at, p.action_id, p.attempts, p.last_error, p.cancel_requested, p.reprint_of, p.content_bytes, p.content_preview,
  p.person_id, p.person_name, p.approved_by_id, p.approved_by_name`;

/** A value this Counter knows, or `unknown` with the store's own word kept beside it. */
function known<T extends string>(schema: z.ZodType<T>, value: string): { value: T | 'unknown'; raw?: string } {
  const parsed = schema.safeParse(value);
  return parsed.success ? { value: parsed.data } : { value: 'unknown', raw: value };
}

/** The last error as this Counter reads it; one in a newer shape is shown as an unknown error at the print's last change. */
function lastErrorOf(stored: unknown, updatedAt: Date, messageFor: MessageFor): PrintError | null {
  if (stored === null || stored === undefined) return null;
  const error = JournalError.safeParse(stored);
  if (!error.success) return { code: 'unknown_error', message: messageFor('unknown_error'), status: null, retryable: false, at: updatedAt.toISOString() };
  return {
    code: error.data.code,
    message: messageFor(error.data.code),
    status: error.data.status,
    retryable: error.data.retryable,
    at: new Date(error.data.at).toISOString(),
  };
}

export function printSummaryOf(row: unknown, messageFor: MessageFor): StorePrintSummary {
  const print = PrintRow.parse(row);
  const lastError = lastErrorOf(print.last_error, print.updated_at, messageFor);
  const status = known(PrintStatus, print.status);
  const subtype = known(PrintSubtype, print.subtype);
  const unknown = status.raw === undefined && subtype.raw === undefined ? {} : { unknown: { status: status.raw, subtype: subtype.raw } };
  return {
    counterId: print.counter_id,
    counterName: print.counter_name,
    id: print.id,
    terminalId: print.terminal_id,
    subtype: subtype.value,
    externalReference: print.external_reference,
    status: status.value,
    createdAt: print.created_at.toISOString(),
    updatedAt: print.updated_at.toISOString(),
    actionId: print.action_id,
    attempts: print.attempts,
    lastError,
    cancelRequested: print.cancel_requested,
    reprintOf: print.reprint_of,
    contentBytes: print.content_bytes,
    contentPreview: print.content_preview,
    madeBy:
      print.person_id === null
        ? null
        : { personId: print.person_id, personName: print.person_name ?? '', approvedById: print.approved_by_id, approvedByName: print.approved_by_name },
    ...unknown,
  };
}

/** Each sort field's expression; every one has an index ending in (created_at, counter_id, id) (migrations.ts). */
const SORT_KEYS: Record<StorePrintsRequest['sort']['field'], string | null> = {
  createdAt: null,
  updatedAt: 'p.updated_at',
  terminalId: 'p.terminal_id',
  subtype: 'p.subtype',
  status: 'p.status',
  externalReference: 'lower(p.external_reference)',
  attempts: 'p.attempts',
  lastError: 'p.last_error_code',
};

/** LIKE's own wildcards in the cashier's text match themselves. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Every read is of one environment: the reading counter's (a sandbox trial never shows among real sales). */
function whereClause(environment: Environment, filters: StorePrintsRequest['filters']): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  add((p) => `p.environment = ${p}`, environment);
  if (filters.counterId !== undefined) add((p) => `p.counter_id = ${p}`, filters.counterId);
  if (filters.terminalId !== undefined) add((p) => `p.terminal_id = ${p}`, filters.terminalId);
  // The published maker; a print published before it was kept finds its maker in the audit trail.
  if (filters.personId !== undefined)
    add(
      (p) =>
        `(p.person_id = ${p} OR (p.person_id IS NULL AND EXISTS (SELECT 1 FROM audit_log a WHERE a.counter_id = p.counter_id AND a.environment = p.environment AND a.subject = p.id AND a.action = 'prints.enqueue' AND a.person_id = ${p})))`,
      filters.personId,
    );
  // One status as an equality: `= ANY(array)` cannot walk a (…, status, created_at) index in order, and a
  // rare combination then scans a whole terminal (bench/store.ts: 1.2 s instead of 0.1 ms at 10 million).
  const [onlyStatus, ...otherStatuses] = filters.status ?? [];
  if (onlyStatus !== undefined && otherStatuses.length === 0) add((p) => `p.status = ${p}`, onlyStatus);
  else if (filters.status !== undefined) add((p) => `p.status = ANY(${p}::text[])`, filters.status);
  if (filters.subtype !== undefined) add((p) => `p.subtype = ${p}`, filters.subtype);
  if (filters.from !== undefined) add((p) => `p.created_at >= ${p}::timestamptz`, filters.from);
  if (filters.to !== undefined) add((p) => `p.created_at < ${p}::timestamptz`, filters.to);
  const search = filters.search?.trim();
  if (search !== undefined && search !== '') add((p) => `lower(p.external_reference) LIKE ${p}`, likePattern(search));
  return { sql: `WHERE ${conditions.join(' AND ')}`, params };
}

/** The matching prints in the request's order, `LIMIT $n OFFSET $n+1` after the filters' parameters. */
function orderedSql(request: StorePrintsRequest, where: string, parameters: number): string {
  const direction = request.sort.direction === 'asc' ? 'ASC' : 'DESC';
  const key = SORT_KEYS[request.sort.field];
  const order = [...(key === null ? [] : [key]), 'p.created_at', 'p.counter_id', 'p.id'].map((column) => `${column} ${direction}`).join(', ');
  return `SELECT ${PRINT_COLUMNS} FROM prints p JOIN counters c ON c.id = p.counter_id ${where}
    ORDER BY ${order} LIMIT $${parameters + 1} OFFSET $${parameters + 2}`;
}

/** At most this many rows go into one whole-store CSV (a few MB); the answer says when it was cut. */
export const EXPORT_CAP = 100_000;

/** Every matching print of the whole store for the CSV, up to EXPORT_CAP, in one indexed query. */
export async function exportStorePrints(
  client: Queryable,
  input: unknown,
  messageFor: MessageFor,
  environment: Environment,
): Promise<{ items: StorePrintSummary[]; capped: boolean }> {
  const request = StorePrintsRequest.parse({ ...(input as object), page: { index: 0, size: 1 } });
  const { sql: where, params } = whereClause(environment, request.filters);
  const { rows } = await client.query(orderedSql(request, where, params.length), [...params, EXPORT_CAP + 1, 0]);
  return { items: rows.slice(0, EXPORT_CAP).map((row) => printSummaryOf(row, messageFor)), capped: rows.length > EXPORT_CAP };
}

/**
 * The whole store's history, one page at a time, filtered, sorted and paged by the server (offset
 * paging over an index; ties broken by creation time, counter and id so pages never overlap).
 */
export async function listStorePrints(client: Queryable, input: unknown, messageFor: MessageFor, environment: Environment): Promise<StorePrintPage> {
  const request = StorePrintsRequest.parse(input);
  const { sql: where, params } = whereClause(environment, request.filters);
  const { index, size } = request.page;
  const pageSql = orderedSql(request, where, params.length);
  const countSql = `SELECT count(*)::int AS total FROM (SELECT 1 FROM prints p ${where} LIMIT ${TOTAL_CAP + 1}) matching`;
  const [page, count] = await Promise.all([client.query(pageSql, [...params, size, index * size]), client.query<{ total: number }>(countSql, params)]);
  const total = count.rows[0]?.total ?? 0;
  return {
    items: page.rows.map((row) => printSummaryOf(row, messageFor)),
    total: Math.min(total, TOTAL_CAP),
    totalCapped: total > TOTAL_CAP,
    page: { index, size },
  };
}

const TransitionRow = z.object({ status: z.string(), at: z.date(), reason: z.string().nullable() });

/** One print of any counter with its steps in order, by its primary key (the whole-store drawer). */
export async function storePrintDetail(client: Queryable, input: unknown, messageFor: MessageFor, environment: Environment): Promise<StorePrintDetail> {
  const { counterId, id } = StorePrintRequest.parse(input);
  const key = [counterId, environment, id];
  const [print, steps] = await Promise.all([
    client.query(
      `SELECT ${PRINT_COLUMNS} FROM prints p JOIN counters c ON c.id = p.counter_id WHERE p.counter_id = $1 AND p.environment = $2 AND p.id = $3`,
      key,
    ),
    client.query('SELECT status, at, reason FROM print_transitions WHERE counter_id = $1 AND environment = $2 AND print_id = $3 ORDER BY position', key),
  ]);
  const row = print.rows[0];
  if (row === undefined) throw new StoreError('store_print_not_found', `The store has no print ${id} from counter ${counterId}.`);
  const history = steps.rows.map((step) => {
    const transition = TransitionRow.parse(step);
    const status = known(PrintStatus, transition.status);
    return {
      status: status.value,
      at: transition.at.toISOString(),
      reason: transition.reason,
      ...(status.raw === undefined ? {} : { unknownStatus: status.raw }),
    };
  });
  return { ...printSummaryOf(row, messageFor), history };
}
