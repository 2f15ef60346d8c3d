import { z } from 'zod';
import type { Environment } from '../../../shared/ipc/channels/app';
import { StoreOrderSummary, StoreTerminalLine } from '../../../shared/ipc/channels/store';
import { PRINT_COLUMNS, printSummaryOf, type MessageFor, type Queryable } from './queries';
import { UNFINISHED_PRINT_STATUSES_SQL } from './migrations';

/** Statuses a payment order can still leave; anything else counts as finished (the Orders work may add more). */
export const FINISHED_ORDER_STATUSES = ['processed', 'canceled', 'failed', 'expired', 'refunded'] as const;
const FINISHED_ORDERS_SQL = `(${FINISHED_ORDER_STATUSES.map((status) => `'${status}'`).join(', ')})`;
/** The line on a terminal can be long only when something is badly stuck; the board shows the head of it. */
const LINE_LIMIT = 2_000;

export { StoreOrderSummary, StoreTerminalLine };

const OrderRow = z.object({
  counter_id: z.string(),
  counter_name: z.string(),
  id: z.string(),
  terminal_id: z.string(),
  external_reference: z.string(),
  amount: z.string().transform(Number),
  currency: z.string(),
  status: z.string(),
  status_detail: z.string().nullable(),
  created_at: z.date(),
});

function orderSummaryOf(row: unknown): StoreOrderSummary {
  const order = OrderRow.parse(row);
  return {
    counterId: order.counter_id,
    counterName: order.counter_name,
    id: order.id,
    terminalId: order.terminal_id,
    externalReference: order.external_reference,
    amount: order.amount,
    currency: order.currency,
    status: order.status,
    statusDetail: order.status_detail,
    createdAt: order.created_at.toISOString(),
  };
}

/**
 * The terminal board's data for the whole store: each terminal's unfinished prints and payment orders
 * across counters, and how many prints failed there since `dayStartMs` (the manager's local midnight).
 * `exceptCounterId` leaves one counter out: a counter sharing a terminal asks what the others have there.
 */
export async function storeBoard(
  client: Queryable,
  options: { dayStartMs: number; messageFor: MessageFor; environment: Environment; exceptCounterId?: string },
): Promise<StoreTerminalLine[]> {
  const except = options.exceptCounterId ?? null;
  const environment = options.environment;
  const [prints, orders, failures] = await Promise.all([
    client.query(
      `SELECT ${PRINT_COLUMNS} FROM prints p JOIN counters c ON c.id = p.counter_id
       WHERE p.environment = $2 AND p.status IN ${UNFINISHED_PRINT_STATUSES_SQL} AND ($1::text IS NULL OR p.counter_id <> $1)
       ORDER BY p.terminal_id, p.created_at, p.counter_id, p.id LIMIT ${LINE_LIMIT}`,
      [except, environment],
    ),
    client.query(
      `SELECT o.counter_id, c.name AS counter_name, o.id, o.terminal_id, o.external_reference, o.amount::text AS amount, o.currency, o.status, o.status_detail, o.created_at
       FROM payment_orders o JOIN counters c ON c.id = o.counter_id
       WHERE o.environment = $2 AND o.status NOT IN ${FINISHED_ORDERS_SQL} AND ($1::text IS NULL OR o.counter_id <> $1)
       ORDER BY o.terminal_id, o.created_at LIMIT ${LINE_LIMIT}`,
      [except, environment],
    ),
    client.query<{ terminal_id: string; failures: number }>(
      `SELECT terminal_id, count(*)::int AS failures FROM prints p
       WHERE p.environment = $3 AND p.status = 'failed' AND p.updated_at >= to_timestamp($1::double precision / 1000) AND ($2::text IS NULL OR p.counter_id <> $2)
       GROUP BY terminal_id`,
      [options.dayStartMs, except, environment],
    ),
  ]);
  const lines = new Map<string, StoreTerminalLine>();
  const lineOf = (terminalId: string): StoreTerminalLine => {
    let line = lines.get(terminalId);
    if (line === undefined) {
      line = { terminalId, prints: [], orders: [], failuresToday: 0 };
      lines.set(terminalId, line);
    }
    return line;
  };
  for (const row of prints.rows) {
    const print = printSummaryOf(row, options.messageFor);
    lineOf(print.terminalId).prints.push(print);
  }
  for (const row of orders.rows) {
    const order = orderSummaryOf(row);
    lineOf(order.terminalId).orders.push(order);
  }
  for (const row of failures.rows) lineOf(row.terminal_id).failuresToday = row.failures;
  return [...lines.values()].sort((left, right) => (left.terminalId < right.terminalId ? -1 : left.terminalId > right.terminalId ? 1 : 0));
}

/** Statuses of another counter's print that hold a terminal: the platform keeps one waiting order per terminal (spec 7.2). */
export const HOLDING_STATUSES: ReadonlySet<string> = new Set(['sending', 'created']);
/**
 * A counter not seen for longer than this holds no terminal: it was switched off or taken away with
 * prints left `sending`, and a print of it still there would block the terminal for every other counter.
 */
export const GONE_AFTER_MS = 10 * 60_000;

const CounterSeen = z.object({ id: z.string(), name: z.string(), last_seen: z.date().nullable(), gone: z.boolean() });

/**
 * For counters sharing a terminal: what the other counters still have unfinished on each terminal, which
 * of their prints holds it now (and since when), and which counters hold nothing because they have not
 * been seen for GONE_AFTER_MS (measured on the database's clock, the one every heartbeat is written with).
 */
export async function unfinishedElsewhere(
  client: Queryable,
  reader: { counterId: string; environment: Environment },
  messageFor: MessageFor,
): Promise<StoreTerminalLine[]> {
  const { counterId, environment } = reader;
  const [lines, seen] = await Promise.all([
    storeBoard(client, { dayStartMs: Number.MAX_SAFE_INTEGER, messageFor, environment, exceptCounterId: counterId }),
    client.query(
      `SELECT id, name, last_seen, coalesce(last_seen < now() - make_interval(secs => ${GONE_AFTER_MS / 1000}), true) AS gone FROM counters WHERE id <> $1`,
      [counterId],
    ),
  ]);
  const counters = new Map(seen.rows.map((row) => CounterSeen.parse(row)).map((counter) => [counter.id, counter]));
  return lines
    .filter((line) => line.prints.length > 0 || line.orders.length > 0)
    .map((line) => {
      const holding = line.prints.filter((print) => HOLDING_STATUSES.has(print.status));
      const holder = holding.find((print) => counters.get(print.counterId)?.gone === false);
      const gone = [...new Set(holding.map((print) => print.counterId))].flatMap((id) => {
        const counter = counters.get(id);
        return counter?.gone === true ? [{ counterId: counter.id, counterName: counter.name, lastSeen: counter.last_seen?.toISOString() ?? null }] : [];
      });
      const hold =
        holder === undefined
          ? null
          : {
              counterId: holder.counterId,
              counterName: holder.counterName,
              externalReference: holder.externalReference,
              status: holder.status,
              since: holder.updatedAt,
            };
      return { ...line, hold, gone };
    });
}
