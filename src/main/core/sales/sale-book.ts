import type { Clock } from '../../../shared/clock';
import type { Language } from '../../../shared/ipc/channels/app';
import type { TerminalSale, TerminalSaleStatus } from '../../../shared/ipc/channels/terminal-sales';
import { isSaleFailureCode, SALE_FAILURES } from '../../../shared/i18n/sales';
import { createLifecycleWriter, type LifecycleWriter } from '../../../shared/lifecycle/kit';
import { TERMINAL_SALE_LIFECYCLE, type TerminalSaleEvent } from '../../../shared/lifecycle/terminal-sale';
import type { PointOrder } from '../../../shared/platform/orders';
import type { PlatformError } from '../platform/errors';
import { SaleError } from './errors';
import type { SaleRecord } from '../history/records/terminal-sale';
import { toSale, type OrderStore } from './sale-store';

/** What may change on a sale besides its status: the status and its history move only through `move`. */
export type SaleFieldPatch = Partial<Omit<SaleRecord, 'id' | 'status' | 'history' | 'idempotencyKey' | 'createdAt' | 'updatedAt'>>;

interface WriteOptions {
  /**
   * The screen hears first: for what the platform said, which is true whether or not our copy of it is
   * on disk yet (a failed write is retried by the next read, and the key was already durable).
   */
  announceFirst?: boolean;
}

/** Reads and writes of sales, each a synchronous read-change-write, so two paths never overwrite each other. */
export interface SaleBook {
  nowIso(): string;
  load(id: string): Readonly<SaleRecord>;
  /** Changes fields other than the status, then tells the screen. */
  update(id: string, patch: SaleFieldPatch, options?: WriteOptions): Readonly<SaleRecord>;
  /** Moves the sale along its lifecycle with `patch`; false (nothing written) when the table refuses the move. */
  move(id: string, on: TerminalSaleEvent, to: TerminalSaleStatus, detail: string | null, patch?: SaleFieldPatch, options?: WriteOptions): boolean;
  /** Writes a new sale: on disk (with its key) when this returns. */
  insert(record: SaleRecord, options?: { announce?: boolean }): void;
  /** Takes what the platform says of the order (on `on`), unless it would move the sale back. */
  applyOrder(id: string, order: PointOrder, on?: TerminalSaleEvent): Readonly<SaleRecord>;
  noteError(id: string, error: PlatformError): void;
}

export interface SaleBookOptions {
  store: OrderStore;
  clock: Clock;
  language(): Language;
  onChange(sale: TerminalSale): void;
}

interface MoveWrite {
  detail: string | null;
  patch: SaleFieldPatch;
  options: WriteOptions | undefined;
}

export function createSaleBook(options: SaleBookOptions): SaleBook {
  const { store, clock } = options;
  const nowIso = (): string => new Date(clock.now()).toISOString();

  function load(id: string): SaleRecord {
    const record = store.get(id);
    if (record === undefined) throw new SaleError('sale_not_found', `no sale ${id}`);
    return record;
  }

  function write(record: SaleRecord, how: WriteOptions | undefined): SaleRecord {
    const written = { ...record, updatedAt: nowIso() };
    if (how?.announceFirst === true) options.onChange(toSale(written));
    store.save(written);
    if (how?.announceFirst !== true) options.onChange(toSale(written));
    return written;
  }

  const writer: LifecycleWriter<string, TerminalSaleStatus, TerminalSaleEvent, MoveWrite, SaleRecord> = createLifecycleWriter(TERMINAL_SALE_LIFECYCLE, {
    read: (id: string) => store.get(id),
    statusOf: (record) => record.status,
    commit: (record, { to }, { detail, patch, options: how }) =>
      write({ ...record, ...patch, status: to, history: [...record.history, { status: to, detail, at: nowIso() }] }, how),
  });

  const update = (id: string, patch: SaleFieldPatch, how?: WriteOptions): SaleRecord => write({ ...load(id), ...patch }, how);

  function orderFields(record: SaleRecord, order: PointOrder): SaleFieldPatch {
    const payment = order.transactions.payments[0];
    return {
      orderId: order.id,
      currency: order.currency,
      statusDetail: order.status_detail,
      transactionId: payment?.id ?? record.transactionId,
      paymentId: payment?.reference_id ?? record.paymentId,
      paymentMethod: payment?.payment_method?.id ?? record.paymentMethod,
      refundedAmount: payment?.refunded_amount ?? record.refundedAmount,
      refunds: (order.transactions.refunds ?? []).map((refund) => ({ id: refund.id, amount: refund.amount })),
      lastError: null,
    };
  }

  return {
    nowIso,
    load,
    update,
    move: (id, on, to, detail, patch = {}, how) => writer.move(id, on, to, { detail, patch, options: how }).ok,
    insert(record, how) {
      store.save(record);
      if (how?.announce !== false) options.onChange(toSale(record));
    },
    applyOrder(id, order, on = 'reported') {
      const record = load(id);
      const fields = orderFields(record, order);
      if (order.status === record.status) return update(id, fields, { announceFirst: true });
      // A status the table refuses (an older answer) changes nothing at all, not even the fields.
      return writer.move(id, on, order.status, { detail: order.status_detail, patch: fields, options: { announceFirst: true } }).ok ? load(id) : record;
    },
    noteError(id, error) {
      // A sale's words, not a print's: the same platform codes answer print actions (shared/i18n/sales.ts).
      const language = options.language();
      const message = isSaleFailureCode(error.code) ? SALE_FAILURES[error.code][language] : error.cashierMessage(language);
      update(id, { lastError: { code: error.code, message, at: nowIso() } });
    },
  };
}
