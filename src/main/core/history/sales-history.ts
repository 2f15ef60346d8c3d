import { CLOSED_SALE_STATUSES } from '../../../shared/lifecycle/terminal-sale';
import type { HistoryChanges } from './history-changes';
import { historyMeta } from './meta';
import { createPaymentOrders } from './payment-orders';
import { parseSaleRecord, type SaleRecord } from './records/terminal-sale';
import { type DatabaseSync, immediateTransaction } from './sqlite';

/** Currency is not known to Counter before the platform answers; the order's own currency is not kept yet. */
const UNKNOWN_CURRENCY = '';

/**
 * Where terminal sales live (the sales service's store, core/sales): `save` returns once the record is
 * committed, and no request leaves for the platform before it is on disk (the transport's write-ahead
 * gate, history/wal-sync.ts), so the service writes a sale (and any key) before the request that uses it.
 */
export interface SalesHistory {
  save(record: SaleRecord): void;
  get(id: string): SaleRecord | undefined;
  /** Newest first. */
  list(limit?: number): SaleRecord[];
  /** Sales whose order may still change or that have an operation in flight: resumed at start. */
  unfinished(): SaleRecord[];
  /** Stops using the connection (the history owns it and closes it). */
  close(): void;
  /**
   * Imports sales in one transaction with a marker row in history_meta; nothing when the marker is there
   * (an import is never done twice). Sales already known by id are left as they are.
   */
  importSales(records: readonly SaleRecord[], marker: string): { imported: number; alreadyDone: boolean };
}

/**
 * Sales in the history database, beside the prints (migrations 001 and 002): `payment_orders`,
 * `payment_order_transitions` and `sales` hold the columns the manager and the store read, `sale_records`
 * the service's whole record. Every save is one transaction on the history's connection, durable once the
 * history's next sync has run (wal-sync.ts). The history owns the connection and
 * closes it; `close` here only stops using it. `changes` (the store database's outbox) hears the order and
 * the sale inside the same transaction, so they reach the outbox with the history or not at all.
 */
export function createSalesHistory(db: DatabaseSync, changes?: HistoryChanges): SalesHistory {
  const orders = createPaymentOrders(db);
  const meta = historyMeta(db);
  const upsertSale = db.prepare(`
    INSERT INTO sales (id, order_id, receipt_print_id, terminal_id, amount, currency, lines, status, created_at, updated_at)
    VALUES (:id, :id, :receipt, :terminal, :amount, :currency, :lines, :status, :created, :updated)
    ON CONFLICT (id) DO UPDATE SET receipt_print_id = :receipt, status = :status, updated_at = :updated`);
  const upsertRecord = db.prepare(`
    INSERT INTO sale_records (sale_id, final, created_at, record) VALUES (:id, :final, :created, :record)
    ON CONFLICT (sale_id) DO UPDATE SET final = :final, record = :record`);
  const selectOne = db.prepare('SELECT record FROM sale_records WHERE sale_id = ?');
  const selectRecent = db.prepare('SELECT record FROM sale_records ORDER BY created_at DESC, rowid DESC LIMIT ?');
  const selectUnfinished = db.prepare('SELECT record FROM sale_records WHERE final = 0 ORDER BY created_at');

  const parse = (row: unknown): SaleRecord => parseSaleRecord(String((row as { record: unknown }).record));

  function write(record: SaleRecord): void {
    const created = Date.parse(record.createdAt);
    const updated = Date.parse(record.updatedAt);
    const common = { id: record.id, terminal: record.terminalId, amount: record.amount, currency: UNKNOWN_CURRENCY, status: record.status, created, updated };
    orders.write(
      {
        id: record.id,
        platformOrderId: record.orderId,
        idempotencyKey: record.idempotencyKey,
        terminalId: record.terminalId,
        externalReference: record.externalReference,
        amount: record.amount,
        currency: UNKNOWN_CURRENCY,
        status: record.status,
        statusDetail: record.statusDetail,
        paymentIds: record.transactionId === null ? [] : [record.transactionId],
        createdAt: created,
        updatedAt: updated,
      },
      record.history.map((transition) => ({ status: transition.status, statusDetail: transition.detail, at: Date.parse(transition.at) })),
    );
    upsertSale.run({ ...common, receipt: record.receiptPrintId, lines: JSON.stringify(record.items) });
    // Settled: nothing left to poll, send or print; a later refund makes it unfinished again.
    const receiptDue = record.status === 'processed' && record.printOnTerminal === 'no_ticket' && record.receiptPrintId === null;
    const settled = CLOSED_SALE_STATUSES.includes(record.status) && record.pendingOperation === null && !receiptDue;
    upsertRecord.run({ id: record.id, final: settled ? 1 : 0, created, record: JSON.stringify(record) });
    changes?.record('order', record.id, () => record);
    changes?.record('sale', record.id, () => record);
  }

  function transaction(run: () => void): void {
    immediateTransaction(db, run);
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
      if (meta.has(marker)) return { imported: 0, alreadyDone: true };
      let imported = 0;
      transaction(() => {
        for (const record of records) {
          if (selectOne.get(record.id) !== undefined) continue;
          write(record);
          imported++;
        }
        meta.mark(marker);
      });
      return { imported, alreadyDone: false };
    },
    close() {
      // The connection is the history's: it closes it after every user of it has stopped.
    },
  };
}
