import type { CheckoutOutcome, MerchantOrder, Payment, PaymentStatus } from '../../shared/platform/payments';
import type { Preference } from '../../shared/platform/preferences';
import { currencyOf, nicknameOf, siteOf } from '../accounts';
import type { SandboxContext } from '../context';
import { SandboxError } from '../errors';
import { notFound } from '../input';
import type { MerchantOrderService } from '../merchant-orders/service';
import type { PaymentService } from '../payments/service';
import type { PreferenceService } from '../preferences/service';

const CHECKOUT_RESULTS: Readonly<Record<CheckoutOutcome, { status: PaymentStatus; detail: string; backUrl: 'success' | 'pending' | 'failure' }>> = {
  approved: { status: 'approved', detail: 'accredited', backUrl: 'success' },
  pending: { status: 'pending', detail: 'pending_contingency', backUrl: 'pending' },
  rejected: { status: 'rejected', detail: 'cc_rejected_other_reason', backUrl: 'failure' },
};

export interface PayResult {
  payment: Payment;
  merchantOrder: MerchantOrder;
  /** The back_url for the outcome with the platform's query parameters, or null when none is set. */
  returnUrl: string | null;
  /** True when auto_return asks to send the buyer there without a result page. */
  autoReturn: boolean;
}

/** The e-mail a buyer pays with unless they give one: the preference's payer's, else a test user's. */
export function defaultPayerEmail(preference: Preference): string {
  return typeof preference.payer?.['email'] === 'string' ? preference.payer['email'] : `test_user_${preference.collector_id}@testuser.com`;
}

/**
 * A buyer pays a preference (spec 4.2, 6.1): the payment goes into the preference's merchant order (made at
 * the first payment), both are notified, and the buyer is sent back to the seller's back_url for the outcome.
 */
export class CheckoutFlow {
  constructor(
    private readonly context: SandboxContext,
    readonly preferences: PreferenceService,
    private readonly payments: PaymentService,
    private readonly merchantOrders: MerchantOrderService,
  ) {}

  merchantName(userId: number): string {
    return nicknameOf(this.context.seed, userId);
  }

  pay(preferenceId: string, outcome: CheckoutOutcome, options: { payerEmail?: string | undefined; sandbox?: boolean } = {}): PayResult {
    const record = this.preferences.store.get(preferenceId);
    if (record === undefined) throw notFound('preference');
    const preference = record.preference;
    if (this.preferences.isExpired(preference)) throw new SandboxError(409, 'preference_expired', 'this preference expired; create a new one');
    const payerEmail = options.payerEmail ?? defaultPayerEmail(preference);
    const existingOrder = this.merchantOrders.store.ofPreference(preference.id);
    const orderRecord = existingOrder ?? this.merchantOrders.openForPreference(preference, record.live_mode, payerEmail);
    const result = CHECKOUT_RESULTS[outcome];
    const { payment } = this.payments.add(
      {
        collectorId: preference.collector_id,
        amount: orderRecord.order.total_amount,
        currency: orderRecord.order.items[0]?.currency_id ?? currencyOf(this.context.seed, preference.collector_id),
        status: result.status,
        statusDetail: result.detail,
        paymentMethodId: 'visa',
        description: preference.items[0]?.title ?? null,
        payerEmail,
        order: { id: orderRecord.order.id, type: 'mercadopago' },
        externalReference: preference.external_reference ?? null,
        installments: 1,
        issuerId: null,
        notificationUrl: preference.notification_url ?? null,
        liveMode: options.sandbox === true ? false : record.live_mode,
        metadata: {},
      },
      preference.client_id,
    );
    this.merchantOrders.refresh(orderRecord);
    this.merchantOrders.notify(orderRecord, existingOrder === undefined ? 'created' : 'updated');
    const autoReturn = preference.auto_return === 'all' || (preference.auto_return === 'approved' && outcome === 'approved');
    const returnUrl = this.returnUrlFor(preference, outcome, payment, orderRecord.order.id);
    return { payment, merchantOrder: orderRecord.order, returnUrl, autoReturn: autoReturn && returnUrl !== null };
  }

  /** What the result page after a checkout payment shows; undefined for a payment not made through a preference. */
  result(paymentId: number): { payment: Payment; preference: Preference; returnUrl: string | null } | undefined {
    const payment = this.payments.store.get(paymentId)?.payment;
    if (payment?.order === undefined || payment.order === null) return undefined;
    const order = this.merchantOrders.store.get(payment.order.id)?.order;
    const preference = order === undefined ? undefined : this.preferences.store.get(order.preference_id)?.preference;
    if (order === undefined || preference === undefined) return undefined;
    const outcome: CheckoutOutcome =
      payment.status === 'approved' || payment.status === 'charged_back'
        ? 'approved'
        : payment.status === 'pending' || payment.status === 'in_process'
          ? 'pending'
          : 'rejected';
    return { payment, preference, returnUrl: this.returnUrlFor(preference, outcome, payment, order.id) };
  }

  private returnUrlFor(preference: Preference, outcome: CheckoutOutcome, payment: Payment, orderId: number): string | null {
    const base = preference.back_urls?.[CHECKOUT_RESULTS[outcome].backUrl];
    if (base === undefined || base === '') return null;
    const url = new URL(base);
    // The query the platform appends to back_urls, so the merchant's page can find the payment.
    const params: Record<string, string> = {
      collection_id: String(payment.id),
      collection_status: payment.status,
      payment_id: String(payment.id),
      status: payment.status,
      external_reference: payment.external_reference ?? 'null',
      payment_type: payment.payment_type_id,
      merchant_order_id: String(orderId),
      preference_id: preference.id,
      site_id: siteOf(this.context.seed, preference.collector_id),
      processing_mode: 'aggregator',
      merchant_account_id: 'null',
    };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  }
}
