import { z } from 'zod';
import type { Clock } from '../../shared/clock';
import { Payment } from '../../shared/platform/payments';
import { type IdempotencyRecord, IdempotencyStore, JsonText } from '../idempotency';

/** A payment as the sandbox keeps it: the public body, and the application whose token created it (it signs the webhooks). */
export const PaymentRecord = z.object({ payment: Payment, client_id: z.string() });
export type PaymentRecord = z.infer<typeof PaymentRecord>;

/** What `--state` keeps of the payments (inside the `checkout` slice, see payment-side.ts). */
export interface SavedPayments {
  payments: PaymentRecord[];
  idempotency: IdempotencyRecord[];
  sequence: number;
}

/** Ids look like the platform's: large numbers. */
const PAYMENT_ID_BASE = 1_310_000_000;

/** Every payment, whoever made it (an API call, a buyer on the checkout page, a terminal), and the keys of POST /v1/payments. */
export class PaymentStore {
  private readonly records = new Map<number, PaymentRecord>();
  /** Payment ids per merchant order, in creation order: a checkout refreshes its order after each payment, so no scan of every payment. */
  private readonly byOrder = new Map<number, number[]>();
  /** Refunds made on all payments (the next refund's number); counted from the payments when first needed after a load or reset. */
  private refunds: number | undefined;
  private sequence = 0;
  /** X-Idempotency-Key of POST /v1/payments: the print actions' store and rules. */
  readonly idempotency: IdempotencyStore;

  constructor(clock: Clock) {
    this.idempotency = new IdempotencyStore(clock);
  }

  nextId(): number {
    return PAYMENT_ID_BASE + ++this.sequence;
  }

  add(record: PaymentRecord): void {
    // One lookup in the map of every payment: a payment already kept leaves its size as it was.
    const size = this.records.size;
    this.records.set(record.payment.id, record);
    const orderId = record.payment.order?.id;
    if (this.records.size === size || orderId === undefined) return;
    const ids = this.byOrder.get(orderId);
    if (ids === undefined) this.byOrder.set(orderId, [record.payment.id]);
    else ids.push(record.payment.id);
  }

  get(id: number): PaymentRecord | undefined {
    return this.records.get(id);
  }

  get size(): number {
    return this.records.size;
  }

  all(): Payment[] {
    return [...this.records.values()].map((record) => record.payment);
  }

  /** The payments made in a merchant order. */
  ofMerchantOrder(orderId: number): Payment[] {
    const payments: Payment[] = [];
    for (const id of this.byOrder.get(orderId) ?? []) {
      const payment = this.records.get(id)?.payment;
      if (payment?.order?.id === orderId) payments.push(payment);
    }
    return payments;
  }

  /** The number of the refund about to be made, counting every refund of every payment (refund ids follow it). */
  nextRefundNumber(count: () => number): number {
    this.refunds = (this.refunds ?? count()) + 1;
    return this.refunds;
  }

  save(): SavedPayments {
    return { payments: [...this.records.values()], idempotency: this.idempotency.list(), sequence: this.sequence };
  }

  load(saved: SavedPayments): void {
    this.reset();
    for (const record of saved.payments) this.add(record);
    // As answered since: JSON text, so a replay sends it as is and a save parses it into objects of its own.
    this.idempotency.load(
      saved.idempotency.map((record) => ({ ...record, response: { status: record.response.status, body: asJsonText(record.response.body) } })),
    );
    this.sequence = saved.sequence;
  }

  reset(): void {
    this.records.clear();
    this.byOrder.clear();
    this.refunds = undefined;
    this.idempotency.reset();
    this.sequence = 0;
  }
}

const asJsonText = (body: unknown): unknown => (body instanceof JsonText || body === undefined ? body : new JsonText(JSON.stringify(body)));
