import type * as NodeSqlite from 'node:sqlite';
import { z } from 'zod';
import { Sale, SETTLED_SALE_STATUSES } from '../../../shared/ipc/channels/orders';
import type { OrderStore, SaleRecord } from './order-store';

type DatabaseSync = NodeSqlite.DatabaseSync;

/**
 * The tables of the print history's schema (its migration 1: `payment_orders`, `payment_order_transitions`,
 * `sales`), created here only when absent, so both can later share one database file; the service's own
 * fields (keys of pending operations, refunds, items) live beside them in `sale_records` as JSON, parsed with
 * zod when read (docs/decisions.md "Charge on the terminal").
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS payment_orders (
    id TEXT PRIMARY KEY NOT NULL,
    platform_order_id TEXT UNIQUE,
    idempotency_key TEXT NOT NULL UNIQUE,
    terminal_id TEXT NOT NULL,
    external_reference TEXT NOT NULL,
    amount TEXT NOT NULL,
    currency TEXT NOT NULL,
    status TEXT NOT NULL,
    status_detail TEXT,
    payment_ids TEXT NOT NULL DEFAULT '[]',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS payment_order_transitions (
    id INTEGER PRIMARY KEY,
    order_id TEXT NOT NULL,
    status TEXT NOT NULL,
    status_detail TEXT,
    at INTEGER NOT NULL,
    reason TEXT
  );
  CREATE INDEX IF NOT EXISTS payment_order_transitions_by_order ON payment_order_transitions (order_id, id);
  CREATE TABLE IF NOT EXISTS sales (
    id TEXT PRIMARY KEY NOT NULL,
    order_id TEXT,
    receipt_print_id TEXT,
    terminal_id TEXT NOT NULL,
    amount TEXT NOT NULL,
    currency TEXT NOT NULL,
    lines TEXT NOT NULL DEFAULT '[]',
    status TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS sale_records (
    sale_id TEXT PRIMARY KEY NOT NULL,
    final INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    record TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS sale_records_unfinished ON sale_records (created_at) WHERE final = 0;
  CREATE INDEX IF NOT EXISTS sale_records_by_created ON sale_records (created_at);
`;

const StoredRecord = Sale.omit({ pending: true }).extend({
  idempotencyKey: z.string().min(1),
  transactionId: z.string().nullable(),
  pendingOperation: z.object({ kind: z.enum(['cancel', 'refund']), idempotencyKey: z.string().min(1), amount: z.string().nullable() }).nullable(),
});

/** Currency is not known to Counter before the platform answers; the order's own currency is not kept yet. */
const UNKNOWN_CURRENCY = '';

export function openOrderStore(database: string | DatabaseSync): OrderStore {
  const sqlite = process.getBuiltinModule('node:sqlite');
  const db = typeof database === 'string' ? new sqlite.DatabaseSync(database) : database;
  db.exec('PRAGMA journal_mode = WAL');
  // FULL: a committed sale (and its idempotency key) survives a power cut, before its request leaves.
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec(SCHEMA);

  const upsertOrder = db.prepare(`
    INSERT INTO payment_orders (id, platform_order_id, idempotency_key, terminal_id, external_reference, amount, currency, status, status_detail, payment_ids, created_at, updated_at)
    VALUES (:id, :orderId, :key, :terminal, :reference, :amount, :currency, :status, :detail, :payments, :created, :updated)
    ON CONFLICT (id) DO UPDATE SET platform_order_id = :orderId, status = :status, status_detail = :detail, payment_ids = :payments, updated_at = :updated`);
  const upsertSale = db.prepare(`
    INSERT INTO sales (id, order_id, receipt_print_id, terminal_id, amount, currency, lines, status, created_at, updated_at)
    VALUES (:id, :id, :receipt, :terminal, :amount, :currency, :lines, :status, :created, :updated)
    ON CONFLICT (id) DO UPDATE SET receipt_print_id = :receipt, status = :status, updated_at = :updated`);
  const upsertRecord = db.prepare(`
    INSERT INTO sale_records (sale_id, final, created_at, record) VALUES (:id, :final, :created, :record)
    ON CONFLICT (sale_id) DO UPDATE SET final = :final, record = :record`);
  const transitionCount = db.prepare('SELECT COUNT(*) AS n FROM payment_order_transitions WHERE order_id = ?');
  const insertTransition = db.prepare('INSERT INTO payment_order_transitions (order_id, status, status_detail, at) VALUES (?, ?, ?, ?)');
  const selectOne = db.prepare('SELECT record FROM sale_records WHERE sale_id = ?');
  const selectRecent = db.prepare('SELECT record FROM sale_records ORDER BY created_at DESC, rowid DESC LIMIT ?');
  const selectUnfinished = db.prepare('SELECT record FROM sale_records WHERE final = 0 ORDER BY created_at');

  const parse = (row: unknown): SaleRecord => StoredRecord.parse(JSON.parse(String((row as { record: unknown }).record)));

  return {
    save(record) {
      const created = Date.parse(record.createdAt);
      const updated = Date.parse(record.updatedAt);
      const common = { id: record.id, terminal: record.terminalId, amount: record.amount, currency: UNKNOWN_CURRENCY, status: record.status, created, updated };
      db.exec('BEGIN IMMEDIATE');
      try {
        upsertOrder.run({
          ...common,
          orderId: record.orderId,
          key: record.idempotencyKey,
          reference: record.externalReference,
          detail: record.statusDetail,
          payments: JSON.stringify(record.transactionId === null ? [] : [record.transactionId]),
        });
        upsertSale.run({ ...common, receipt: record.receiptPrintId, lines: JSON.stringify(record.items) });
        // Settled: nothing left to poll, send or print; a later refund makes it unfinished again.
        const receiptDue = record.status === 'processed' && record.printOnTerminal === 'no_ticket' && record.receiptPrintId === null;
        const settled = SETTLED_SALE_STATUSES.includes(record.status) && record.pendingOperation === null && !receiptDue;
        upsertRecord.run({ id: record.id, final: settled ? 1 : 0, created, record: JSON.stringify(record) });
        const known = Number((transitionCount.get(record.id) as { n: number }).n);
        for (const transition of record.history.slice(known)) insertTransition.run(record.id, transition.status, transition.detail, Date.parse(transition.at));
        db.exec('COMMIT');
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
    get(id) {
      const row = selectOne.get(id);
      return row === undefined ? undefined : parse(row);
    },
    list(limit = 200) {
      return selectRecent.all(limit).map(parse);
    },
    unfinished() {
      return selectUnfinished.all().map(parse);
    },
    close() {
      if (typeof database === 'string') db.close();
    },
  };
}
