import type { Payment } from '../../shared/platform/payments';
import { refundsOf } from './changes';
import { releaseTimeOf } from './payment';

/** The platform's build of the payments API the sandbox answers as (its responses' `build_version`). */
export const SANDBOX_BUILD_VERSION = 'sandbox-1';

/** A payment as the platform answers it: `order` is `{}` when the payment has no merchant order. */
export type PaymentAnswer = Omit<Payment, 'order'> & { order: NonNullable<Payment['order']> | Record<string, never> } & Record<string, unknown>;

/**
 * A stored payment as `/v1/payments` answers it (docs "Get payment", API reference): the members the platform
 * always sends and the sandbox has no use for (fees, taxes, reconciliation) with their empty values, and `order`
 * as `{}` instead of null. The stored record keeps null, which the sandbox's own areas read.
 */
export function paymentAnswer(payment: Payment, now: number): PaymentAnswer {
  return {
    acquirer_reconciliation: [],
    binary_mode: false,
    build_version: SANDBOX_BUILD_VERSION,
    charges_details: [],
    coupon_amount: 0,
    fee_details: [],
    money_release_status: releaseStatusOf(payment, now),
    payment_method: { id: payment.payment_method_id, type: payment.payment_type_id, issuer_id: payment.issuer_id },
    point_of_interaction: { type: 'UNSPECIFIED', business_info: { unit: 'online_payments', sub_unit: 'default' } },
    processing_mode: 'aggregator',
    refunds: refundsOf(payment),
    shipping_amount: 0,
    taxes_amount: 0,
    ...payment,
    order: payment.order ?? {},
  };
}

function releaseStatusOf(payment: Payment, now: number): 'released' | 'pending' | null {
  if (payment.status !== 'approved') return null;
  return payment.money_release_date !== null && releaseTimeOf(payment.money_release_date) <= now ? 'released' : 'pending';
}
