import { z } from 'zod';
import { TerminalSale } from '../../../shared/ipc/channels/terminal-sales';
import { SETTLED_SALE_STATUSES } from '../../../shared/lifecycle/terminal-sale';
import type { OrderStore, SaleRecord } from '../sales/sale-store';
import { publishedOrder, publishedSale } from '../store/records';
import type { HistoryChanges } from './history-changes';
import type { DatabaseSync } from './sqlite';

const StoredRecord = TerminalSale.omit({ pending: true }).extend({
  idempotencyKey: z.string().min(1),
  transactionId: z.string().nullable(),
  paymentId: z.string().nullable().default(null),
  pendingOperation: z.object({ kind: z.enum(['cancel', 'refund']), idempotencyKey: z.string().min(1), amount: z.string().nullable() }).nullable(),
  // Absent in records written before the receipt showed the card (docs/decisions.md "Charge on the terminal").
  cardLastFour: z.string().nullable().default(null),
  authorizationCode: z.string().nullable().default(null),
});

/** Currency is not known to Counter before the platform answers; the order's own currency is not kept yet. */
const UNKNOWN_CURRENCY = '';

export interface SalesHistory extends OrderStore {
  /**
   * Imports sales in one transaction with a marker row in history_meta; nothing when the marker is there
   * (an import is never done twice). Sales already known by id are left as they are.
   */
  importSales(records: readonly SaleRecord[], marker: string): { imported: number; alreadyDone: boolean };
}

/** A record as read back; a damaged one is skipped by the caller rather than stopping every sale. */
export function parseSaleRecord(text: string): SaleRecord {
  return StoredRecord.parse(JSON.parse(text));
}

/**
 * Sales in the history database, beside the prints (schema.ts migrations 1 and 2): `payment_orders`,
 * `payment_order_transitions` and `sales` hold the columns the manager and the store read, `sale_records`
 * the service's whole record. Every save is one transaction on the history's connection, committed with
 * its synchronous=FULL (open.ts): durable when `save` returns. The history owns the connection and
 * closes it; `close` here only stops using it. `changes` (the store database's outbox) hears the order and
 * the sale inside the same transaction, so they reach the outbox with the history or not at all.
 */
export function createSalesHistory(db: DatabaseSync, changes?: HistoryChanges): SalesHistory {
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
  const selectMarker = db.prepare('SELECT 1 FROM history_meta WHERE key = ?');
  const insertMarker = db.prepare('INSERT INTO history_meta (key, value) VALUES (?, ?)');

  const parse = (row: unknown): SaleRecord => parseSaleRecord(String((row as { record: unknown }).record));

  function write(record: SaleRecord): void {
    const created = Date.parse(record.createdAt);
    const updated = Date.parse(record.updatedAt);
    const common = { id: record.id, terminal: record.terminalId, amount: record.amount, currency: UNKNOWN_CURRENCY, status: record.status, created, updated };
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
    changes?.record('order', record.id, () => publishedOrder(record));
    changes?.record('sale', record.id, () => publishedSale(record));
  }

  function transaction(run: () => void): void {
    db.exec('BEGIN IMMEDIATE');
    try {
      run();
      db.exec('COMMIT');
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
    changes?.committed();
  }

  return {
    save: (record) => transaction(() => write(record)),
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
    importSales(records, marker) {
      if (selectMarker.get(marker) !== undefined) return { imported: 0, alreadyDone: true };
      let imported = 0;
      transaction(() => {
        for (const record of records) {
          if (selectOne.get(record.id) !== undefined) continue;
          write(record);
          imported++;
        }
        insertMarker.run(marker, new Date().toISOString());
      });
      return { imported, alreadyDone: false };
    },
    close() {
      // The connection is the history's: it closes it after every user of it has stopped.
    },
  };
}
