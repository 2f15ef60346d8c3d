import type { CheckoutSale, CheckoutChargeback, CheckoutPayment, CheckoutSaleStatus } from '../../../shared/ipc/channels/checkout';
import type { Chargeback, MerchantOrder, Payment, PaymentStatus } from '../../../shared/platform/payments';

/**
 * How a sale follows what the platform says about its payments and chargebacks. Pure: every function
 * takes a sale and a resource as read back, and returns the sale to keep.
 *
 * Notifications come in any order and a read-back may be older than one already applied (two reads
 * racing, a merchant order's snapshot of its payments). So each payment and chargeback keeps the
 * platform's own last-update date, an older view never replaces a newer one, and the sale's status is
 * derived from them rather than moved step by step.
 */

/**
 * How far along a payment's life each status is, to order two views with the same date: the platform's
 * dates have a resolution of a millisecond at best, and a chargeback can follow an approval within it.
 */
const PAYMENT_PROGRESS: Readonly<Record<PaymentStatus, number>> = {
  pending: 0,
  in_process: 1,
  authorized: 2,
  approved: 3,
  rejected: 3,
  cancelled: 3,
  in_mediation: 4,
  refunded: 5,
  charged_back: 5,
};

const CHARGEBACK_PROGRESS: Readonly<Record<CheckoutChargeback['status'], number>> = { opened: 0, in_review: 1, won: 2, lost: 2 };

function isNewer(incomingAt: string, existingAt: string, incomingProgress: number, existingProgress: number): boolean {
  const incoming = Date.parse(incomingAt);
  const existing = Date.parse(existingAt);
  if (!Number.isNaN(incoming) && !Number.isNaN(existing) && incoming !== existing) return incoming > existing;
  return incomingProgress > existingProgress;
}

/** A chargeback that is still open or was lost keeps the sale marked; one the merchant won does not. */
const OPEN_CHARGEBACKS: ReadonlySet<CheckoutChargeback['status']> = new Set(['opened', 'in_review', 'lost']);

export function deriveSaleStatus(payments: readonly CheckoutPayment[], chargebacks: readonly CheckoutChargeback[]): CheckoutSaleStatus {
  const has = (...statuses: PaymentStatus[]): boolean => payments.some((payment) => statuses.includes(payment.status));
  if (chargebacks.some((chargeback) => OPEN_CHARGEBACKS.has(chargeback.status)) || has('charged_back')) return 'chargeback';
  if (has('approved', 'authorized')) return 'approved';
  if (has('pending', 'in_process', 'in_mediation')) return 'pending';
  if (has('refunded')) return 'refunded';
  if (has('cancelled') && !has('rejected')) return 'cancelled';
  return payments.length === 0 ? 'created' : 'rejected';
}

function withStatus(
  sale: CheckoutSale,
  payments: CheckoutPayment[],
  chargebacks: CheckoutChargeback[],
  merchantOrderId: string | null,
  now: string,
): CheckoutSale {
  const next = { ...sale, payments, chargebacks, merchantOrderId, status: deriveSaleStatus(payments, chargebacks) };
  const changed = JSON.stringify({ ...next, updatedAt: sale.updatedAt }) !== JSON.stringify(sale);
  return changed ? { ...next, updatedAt: now } : sale;
}

function mergePayment(payments: readonly CheckoutPayment[], incoming: CheckoutPayment): CheckoutPayment[] {
  const index = payments.findIndex((payment) => payment.id === incoming.id);
  if (index === -1) return [...payments, incoming].sort((left, right) => left.id.localeCompare(right.id, undefined, { numeric: true }));
  const existing = payments[index] as CheckoutPayment;
  if (!isNewer(incoming.updatedAt, existing.updatedAt, PAYMENT_PROGRESS[incoming.status], PAYMENT_PROGRESS[existing.status])) return [...payments];
  return payments.map((payment, at) => (at === index ? incoming : payment));
}

export function salePaymentOf(payment: Payment): CheckoutPayment {
  return {
    id: String(payment.id),
    status: payment.status,
    statusDetail: payment.status_detail,
    amount: payment.transaction_amount,
    currencyId: payment.currency_id,
    updatedAt: payment.date_last_updated,
  };
}

/** Applies a payment read back from `GET /v1/payments/{id}`. Returns the same object when nothing changed. */
export function applyPayment(sale: CheckoutSale, payment: Payment, now: string): CheckoutSale {
  const merchantOrderId = sale.merchantOrderId ?? (payment.order === null ? null : String(payment.order.id));
  return withStatus(sale, mergePayment(sale.payments, salePaymentOf(payment)), sale.chargebacks, merchantOrderId, now);
}

/** Applies a merchant order: its payments as the order saw them, each only if newer than what the sale holds. */
export function applyMerchantOrder(sale: CheckoutSale, order: MerchantOrder, now: string): CheckoutSale {
  let payments: CheckoutPayment[] = [...sale.payments];
  for (const entry of order.payments) {
    payments = mergePayment(payments, {
      id: String(entry.id),
      status: entry.status,
      statusDetail: entry.status_detail,
      amount: entry.transaction_amount,
      currencyId: entry.currency_id,
      updatedAt: entry.last_modified,
    });
  }
  return withStatus(sale, payments, sale.chargebacks, String(order.id), now);
}

export function applyChargeback(sale: CheckoutSale, chargeback: Chargeback, now: string): CheckoutSale {
  const incoming: CheckoutChargeback = {
    id: chargeback.id,
    paymentId: String(chargeback.payment_id),
    status: chargeback.status,
    amount: chargeback.amount,
    reason: chargeback.reason,
    updatedAt: chargeback.date_last_updated,
  };
  const index = sale.chargebacks.findIndex((existing) => existing.id === incoming.id);
  let chargebacks: CheckoutChargeback[];
  if (index === -1) chargebacks = [...sale.chargebacks, incoming];
  else {
    const existing = sale.chargebacks[index] as CheckoutChargeback;
    const newer = isNewer(incoming.updatedAt, existing.updatedAt, CHARGEBACK_PROGRESS[incoming.status], CHARGEBACK_PROGRESS[existing.status]);
    chargebacks = newer ? sale.chargebacks.map((entry, at) => (at === index ? incoming : entry)) : [...sale.chargebacks];
  }
  return withStatus(sale, [...sale.payments], chargebacks, sale.merchantOrderId, now);
}
