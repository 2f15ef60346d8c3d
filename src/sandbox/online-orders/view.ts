import { formatCents } from '../../shared/platform/orders';
import type { OnlineOrderResponse, StoredOnlineOrder, StoredTransaction, TransactionResponse } from './schemas';

const iso = (ms: number): string => new Date(ms).toISOString();

/** A payment transaction as the Orders API shows it (the SDK's `PaymentResponse`). */
export function transactionView(order: StoredOnlineOrder, transaction: StoredTransaction): TransactionResponse {
  const { token: _token, ...method } = transaction.method;
  const security = order.config?.online?.transaction_security;
  const cardLike = method.type === 'credit_card' || method.type === 'debit_card' || method.type === 'prepaid_card';
  return {
    id: transaction.id,
    amount: formatCents(transaction.cents),
    status: transaction.status,
    status_detail: transaction.status_detail,
    ...(transaction.paymentId === undefined ? {} : { reference_id: String(transaction.paymentId) }),
    payment_method: {
      ...method,
      ...(transaction.ticketUrl === undefined ? {} : { ticket_url: transaction.ticketUrl }),
      ...(transaction.qrCode === undefined ? {} : { qr_code: transaction.qrCode }),
      ...(cardLike && security !== undefined ? { transaction_security: security } : {}),
    },
  };
}

/** An online order as the Orders API answers it (the SDK's `OrderResponse`). */
export function onlineOrderView(order: StoredOnlineOrder): OnlineOrderResponse {
  const refunded = order.refunds.reduce((sum, refund) => sum + refund.cents, 0);
  const paid = order.payments
    .filter((transaction) => transaction.status === 'processed' || transaction.status === 'refunded')
    .reduce((sum, transaction) => sum + transaction.cents, 0);
  return {
    id: order.id,
    type: 'online',
    processing_mode: order.processing_mode,
    capture_mode: order.capture_mode,
    external_reference: order.external_reference,
    ...(order.description === undefined ? {} : { description: order.description }),
    country_code: order.countryCode,
    user_id: String(order.userId),
    status: order.status,
    status_detail: order.status_detail,
    currency: order.currency,
    total_amount: formatCents(order.cents),
    total_paid_amount: formatCents(paid - refunded),
    created_date: iso(order.createdAt),
    last_updated_date: iso(order.updatedAt),
    integration_data: { application_id: order.clientId },
    payer: order.payer,
    ...(order.config === undefined ? {} : { config: order.config }),
    transactions: {
      payments: order.payments.map((transaction) => transactionView(order, transaction)),
      ...(order.refunds.length === 0
        ? {}
        : {
            refunds: order.refunds.map((refund) => ({
              id: refund.id,
              transaction_id: refund.transaction_id,
              reference_id: String(refund.payment_id),
              amount: formatCents(refund.cents),
              status: 'processed',
            })),
          }),
    },
  };
}
