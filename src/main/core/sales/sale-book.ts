import type { Clock } from '../../../shared/clock';
import type { Language } from '../../../shared/ipc/channels/app';
import type { TerminalSale, TerminalSaleStatus } from '../../../shared/ipc/channels/terminal-sales';
import { isSaleFailureCode, SALE_FAILURES } from '../../../shared/i18n/sales';
import type { PointOrder } from '../../../shared/platform/orders';
import type { PlatformError } from '../platform/errors';
import { SaleError } from './errors';
import type { SaleRecord } from '../history/records/terminal-sale';
import { toSale, type OrderStore } from './sale-store';
import { canMove } from './transitions';

/** Reads and writes of sales, each a synchronous read-change-write, so two paths never overwrite each other. */
export interface SaleBook {
  nowIso(): string;
  load(id: string): SaleRecord;
  /**
   * Read, change and write in one synchronous step (no await between), then tell the screen. With
   * `announceFirst` the screen hears first: for what the platform said, which is true whether or not our
   * copy of it is on disk yet (a failed write is retried by the next read, and the key was already durable).
   */
  update(id: string, change: (record: SaleRecord) => void, options?: { announceFirst?: boolean }): SaleRecord;
  /** Writes a new sale: on disk (with its key) when this returns. */
  insert(record: SaleRecord, options?: { announce?: boolean }): void;
  move(record: SaleRecord, status: TerminalSaleStatus, detail: string | null): void;
  /** Takes what the platform says of the order, unless it would move the sale back. */
  applyOrder(id: string, order: PointOrder): SaleRecord;
  noteError(id: string, error: PlatformError): void;
}

export interface SaleBookOptions {
  store: OrderStore;
  clock: Clock;
  language(): Language;
  onChange(sale: TerminalSale): void;
}

export function createSaleBook(options: SaleBookOptions): SaleBook {
  const { store, clock } = options;
  const nowIso = (): string => new Date(clock.now()).toISOString();

  function load(id: string): SaleRecord {
    const record = store.get(id);
    if (record === undefined) throw new SaleError('sale_not_found', `no sale ${id}`);
    return record;
  }

  function update(id: string, change: (record: SaleRecord) => void, how?: { announceFirst?: boolean }): SaleRecord {
    const record = load(id);
    change(record);
    record.updatedAt = nowIso();
    if (how?.announceFirst === true) options.onChange(toSale(record));
    store.save(record);
    if (how?.announceFirst !== true) options.onChange(toSale(record));
    return record;
  }

  function move(record: SaleRecord, status: TerminalSaleStatus, detail: string | null): void {
    if (status === record.status || !canMove(record.status, status)) return;
    record.status = status;
    record.history.push({ status, detail, at: nowIso() });
  }

  return {
    nowIso,
    load,
    update,
    move,
    insert(record, how) {
      store.save(record);
      if (how?.announce !== false) options.onChange(toSale(record));
    },
    applyOrder(id, order) {
      return update(
        id,
        (record) => {
          if (order.status !== record.status && !canMove(record.status, order.status)) return;
          move(record, order.status, order.status_detail);
          const payment = order.transactions.payments[0];
          record.orderId = order.id;
          record.statusDetail = order.status_detail;
          record.transactionId = payment?.id ?? record.transactionId;
          record.paymentId = payment?.reference_id ?? record.paymentId;
          record.paymentMethod = payment?.payment_method?.id ?? record.paymentMethod;
          record.refundedAmount = payment?.refunded_amount ?? record.refundedAmount;
          record.refunds = (order.transactions.refunds ?? []).map((refund) => ({ id: refund.id, amount: refund.amount }));
          record.lastError = null;
        },
        { announceFirst: true },
      );
    },
    noteError(id, error) {
      update(id, (record) => {
        // A sale's words, not a print's: the same platform codes answer print actions (shared/i18n/sales.ts).
        const language = options.language();
        const message = isSaleFailureCode(error.code) ? SALE_FAILURES[error.code][language] : error.cashierMessage(language);
        record.lastError = { code: error.code, message, at: nowIso() };
      });
    },
  };
}
