import { z } from 'zod';
import { Chargeback, MerchantOrder, Payment, PaymentIntent } from '../../shared/platform/payments';
import { Preference } from '../../shared/platform/preferences';
import type { Clock } from '../../shared/clock';
import { IdempotencyRecord, IdempotencyStore } from '../idempotency';

/**
 * Everything the checkout module remembers, in one plain structure so `--state` can save it as JSON and
 * a reload continues where the last run stopped. Internal fields (who created a record, which secret
 * signs its webhooks) sit beside the public body, never inside it.
 */

/** live_mode comes from the token that created the preference; payments made through it inherit it. */
export const PreferenceRecord = z.object({ preference: Preference, live_mode: z.boolean() });
export type PreferenceRecord = z.infer<typeof PreferenceRecord>;

export const PaymentRecord = z.object({ payment: Payment, client_id: z.string() });
export type PaymentRecord = z.infer<typeof PaymentRecord>;

export const MerchantOrderRecord = z.object({ order: MerchantOrder, client_id: z.string(), live_mode: z.boolean() });
export type MerchantOrderRecord = z.infer<typeof MerchantOrderRecord>;

export const ChargebackRecord = z.object({ chargeback: Chargeback, user_id: z.number().int(), client_id: z.string(), notification_url: z.string().nullable() });
export type ChargebackRecord = z.infer<typeof ChargebackRecord>;

export const IntentRecord = z.object({
  intent: PaymentIntent,
  user_id: z.number().int(),
  client_id: z.string(),
  live_mode: z.boolean(),
  outcome: z.enum(['approved', 'rejected', 'canceled']),
  notification_url: z.string().nullable(),
  /** Clock time of the next state change; null once the intent reached its final state. */
  next_step_at: z.number().nullable(),
});
export type IntentRecord = z.infer<typeof IntentRecord>;

const PersistedCheckout = z.object({
  preferences: z.array(PreferenceRecord),
  payments: z.array(PaymentRecord),
  merchant_orders: z.array(MerchantOrderRecord),
  chargebacks: z.array(ChargebackRecord),
  payment_intents: z.array(IntentRecord),
  idempotency: z.array(IdempotencyRecord),
  sequences: z.object({ payment: z.number().int(), merchant_order: z.number().int(), chargeback: z.number().int() }),
});
type PersistedCheckout = z.infer<typeof PersistedCheckout>;

/** Ids look like the platform's: large numbers for payments and orders, digit strings for chargebacks. */
const PAYMENT_ID_BASE = 1_310_000_000;
const MERCHANT_ORDER_ID_BASE = 21_000_000_000;
const CHARGEBACK_ID_BASE = 230_000_000_000;

export class CheckoutState {
  readonly preferences = new Map<string, PreferenceRecord>();
  readonly payments = new Map<number, PaymentRecord>();
  readonly merchantOrders = new Map<number, MerchantOrderRecord>();
  readonly chargebacks = new Map<string, ChargebackRecord>();
  readonly intents = new Map<string, IntentRecord>();
  /** X-Idempotency-Key of POST /v1/payments: the print actions' store and rules. */
  readonly idempotency: IdempotencyStore;
  private sequences = { payment: 0, merchant_order: 0, chargeback: 0 };

  constructor(clock: Clock) {
    this.idempotency = new IdempotencyStore(clock);
  }

  nextPaymentId(): number {
    return PAYMENT_ID_BASE + ++this.sequences.payment;
  }

  nextMerchantOrderId(): number {
    return MERCHANT_ORDER_ID_BASE + ++this.sequences.merchant_order;
  }

  nextChargebackId(): string {
    return String(CHARGEBACK_ID_BASE + ++this.sequences.chargeback);
  }

  merchantOrderOfPreference(preferenceId: string): MerchantOrderRecord | undefined {
    for (const record of this.merchantOrders.values()) if (record.order.preference_id === preferenceId) return record;
    return undefined;
  }

  save(): PersistedCheckout {
    return structuredClone({
      preferences: [...this.preferences.values()],
      payments: [...this.payments.values()],
      merchant_orders: [...this.merchantOrders.values()],
      chargebacks: [...this.chargebacks.values()],
      payment_intents: [...this.intents.values()],
      idempotency: this.idempotency.list(),
      sequences: this.sequences,
    });
  }

  load(data: unknown): void {
    const state = PersistedCheckout.parse(data);
    this.reset();
    for (const record of state.preferences) this.preferences.set(record.preference.id, record);
    for (const record of state.payments) this.payments.set(record.payment.id, record);
    for (const record of state.merchant_orders) this.merchantOrders.set(record.order.id, record);
    for (const record of state.chargebacks) this.chargebacks.set(record.chargeback.id, record);
    for (const record of state.payment_intents) this.intents.set(record.intent.id, record);
    this.idempotency.load(state.idempotency);
    this.sequences = { ...state.sequences };
  }

  reset(): void {
    this.preferences.clear();
    this.payments.clear();
    this.merchantOrders.clear();
    this.chargebacks.clear();
    this.intents.clear();
    this.idempotency.reset();
    this.sequences = { payment: 0, merchant_order: 0, chargeback: 0 };
  }
}
