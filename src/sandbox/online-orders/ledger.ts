import { PaymentCreateRequest, type PaymentStatus } from '../../shared/platform/payments';
import type { Principal } from '../context';
import { SandboxError } from '../errors';
import type { PaymentChanges } from '../payments/changes';
import type { ChargedCard, PaymentService } from '../payments/service';
import type { WalletService } from '../wallet/service';
import { outcomeOfCardholder } from '../wallet/test-cards';
import type { ChargeOutcome, OnlineLedger } from './service';
import type { StoredOnlineOrder, StoredTransaction } from './schemas';

/**
 * An order's failed status_detail for each card decline of the payments API (docs "Order status": the order
 * names the reason in its own words; the payment behind it keeps the cc_rejected_* detail).
 */
const DECLINE_DETAILS: Readonly<Record<string, string>> = {
  cc_rejected_other_reason: 'rejected_by_issuer',
  cc_rejected_call_for_authorize: 'required_call_for_authorize',
  cc_rejected_insufficient_amount: 'insufficient_amount',
  cc_rejected_bad_filled_security_code: 'bad_filled_card_data',
  cc_rejected_bad_filled_date: 'bad_filled_card_data',
  cc_rejected_bad_filled_other: 'bad_filled_card_data',
  cc_rejected_bad_filled_card_number: 'bad_filled_card_data',
  cc_rejected_invalid_installments: 'invalid_installments',
  cc_rejected_duplicated_payment: 'rejected_by_issuer',
  cc_rejected_card_disabled: 'card_disabled',
  cc_rejected_card_type_not_allowed: 'rejected_by_issuer',
  cc_rejected_max_attempts: 'max_attempts_exceeded',
  cc_rejected_blacklist: 'high_risk',
};

/** How each payment status the charge ended in moves the order. */
const OUTCOMES: Readonly<Record<PaymentStatus, ChargeOutcome['event']>> = {
  approved: 'approve',
  authorized: 'authorize',
  pending: 'await_payment',
  in_process: 'hold',
  rejected: 'decline',
  cancelled: 'decline',
  refunded: 'decline',
  in_mediation: 'decline',
  charged_back: 'decline',
};

/**
 * The ledger over the sandbox's `/v1/payments`: an order's transaction is charged as `POST /v1/payments` would
 * charge it (card tokens and their test cardholder names, pix and tickets waiting to be paid), so the payment is
 * readable with `GET /v1/payments/{id}` and notified on topic `payment`.
 */
export function paymentsLedger(payments: PaymentService, changes: PaymentChanges, wallet: WalletService): OnlineLedger {
  const record = (paymentId: number) => {
    const found = payments.store.get(paymentId);
    if (found === undefined) throw new Error(`no payment ${paymentId}`);
    return found;
  };
  return {
    charge(order, transaction, baseUrl) {
      const principal: Principal = { userId: order.userId, clientId: order.clientId, scopes: [], accessToken: '', liveMode: order.liveMode };
      const token = transaction.method.token;
      let card: ChargedCard | undefined;
      if (token !== undefined && wallet.isToken(token)) {
        try {
          card = cardOf(wallet, principal, token);
        } catch (error) {
          // A used, expired or another account's token: no payment is made, the order fails (docs "Order status").
          if (error instanceof SandboxError) return { event: 'decline', detail: 'invalid_card_token' };
          throw error;
        }
      }
      const input = PaymentCreateRequest.parse(paymentInput(order, transaction));
      const payment = payments.create(principal, input, baseUrl, card);
      const event = OUTCOMES[payment.status];
      const data = payment.point_of_interaction?.transaction_data;
      return {
        event,
        detail: outcomeDetail(event, payment.status_detail, transaction),
        paymentId: payment.id,
        ...(data?.ticket_url === undefined || data.ticket_url === null ? {} : { ticketUrl: data.ticket_url }),
        ...(data?.qr_code === undefined || data.qr_code === null ? {} : { qrCode: data.qr_code }),
      };
    },
    capture: (paymentId) => void changes.capture(record(paymentId), undefined),
    cancel: (paymentId) => void changes.cancel(record(paymentId)),
    refund: (paymentId, cents) => void changes.refund(record(paymentId), cents / 100),
  };
}

function cardOf(wallet: WalletService, principal: Principal, token: string): ChargedCard {
  const spent = wallet.spendToken(principal, token);
  return {
    paymentMethodId: spent.payment_method_id,
    issuerId: spent.issuer_id,
    outcome: outcomeOfCardholder(spent.token.cardholder.name),
    card: { first_six_digits: spent.token.first_six_digits, last_four_digits: spent.token.last_four_digits },
    cardholder: structuredClone(spent.token.cardholder),
  };
}

function paymentInput(order: StoredOnlineOrder, transaction: StoredTransaction): Record<string, unknown> {
  const { method } = transaction;
  return {
    transaction_amount: transaction.cents / 100,
    payment_method_id: method.id,
    ...(method.token === undefined ? {} : { token: method.token }),
    installments: method.installments ?? 1,
    // Only automatic capture takes the money at once; automatic_async and manual authorize first.
    capture: order.capture_mode === 'automatic',
    payer: { email: order.payer.email, ...(order.payer.identification === undefined ? {} : { identification: order.payer.identification }) },
    external_reference: order.external_reference,
    ...(order.description === undefined ? {} : { description: order.description }),
    metadata: { order_id: order.id, transaction_id: transaction.id },
  };
}

function outcomeDetail(event: ChargeOutcome['event'], paymentDetail: string, transaction: StoredTransaction): string {
  switch (event) {
    case 'approve':
      return 'accredited';
    case 'authorize':
      return 'waiting_capture';
    case 'await_payment':
      return transaction.method.type === 'bank_transfer' ? 'waiting_transfer' : 'waiting_payment';
    case 'hold':
      return 'in_process';
    case 'decline':
      return DECLINE_DETAILS[paymentDetail] ?? 'rejected_by_issuer';
  }
}
