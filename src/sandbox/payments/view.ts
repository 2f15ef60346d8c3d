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

/** The members paymentAnswer puts before the payment's own, in its order. */
const HEAD_MEMBERS = new Set([
  'acquirer_reconciliation',
  'binary_mode',
  'build_version',
  'charges_details',
  'coupon_amount',
  'fee_details',
  'money_release_status',
  'payment_method',
  'point_of_interaction',
  'processing_mode',
  'refunds',
  'shipping_amount',
  'taxes_amount',
]);

const HEAD_START = `{"acquirer_reconciliation":[],"binary_mode":false,"build_version":${JSON.stringify(SANDBOX_BUILD_VERSION)},"charges_details":[],"coupon_amount":0,"fee_details":[],"money_release_status":`;
const HEAD_END =
  ',"point_of_interaction":{"type":"UNSPECIFIED","business_info":{"unit":"online_payments","sub_unit":"default"}},"processing_mode":"aggregator","refunds":[],"shipping_amount":0,"taxes_amount":0,';
const NO_ORDER = Object.freeze({});

/**
 * `JSON.stringify(paymentAnswer(payment, now))`, written without the answer's copy of the payment: the head's
 * text, then the payment's own JSON (its `order` read as `{}` while it is written). A payment with a member of
 * the head (a refund, a pix code), an index-like member, a `toJSON` or no `order` is answered through paymentAnswer, whose
 * object orders those differently.
 */
export function paymentAnswerJson(payment: Payment, now: number): string {
  let hasOrder = false;
  for (const member in payment) {
    const first = member.charCodeAt(0);
    if (HEAD_MEMBERS.has(member) || (first >= 48 && first <= 57) || member === 'toJSON') return JSON.stringify(paymentAnswer(payment, now));
    if (member === 'order') hasOrder = true;
  }
  if (!hasOrder) return JSON.stringify(paymentAnswer(payment, now));
  const method = JSON.stringify({ id: payment.payment_method_id, type: payment.payment_type_id, issuer_id: payment.issuer_id });
  const order = payment.order;
  let own: string;
  try {
    if (order === null || order === undefined) payment.order = NO_ORDER as NonNullable<Payment['order']>;
    own = JSON.stringify(payment);
  } finally {
    payment.order = order;
  }
  return `${HEAD_START}${JSON.stringify(releaseStatusOf(payment, now))},"payment_method":${method}${HEAD_END}${own.slice(1)}`;
}
