import type { Payment, PaymentCreateRequest, PaymentStatus } from '../../shared/platform/payments';
import { currencyOf } from '../accounts';
import type { Principal, SandboxContext } from '../context';
import { webhookAction, type NotificationService } from '../notifications/service';
import { buildPayment, paymentTypeOf, type NewPayment } from './payment';
import { PaymentStore, type PaymentRecord } from './store';
import { pixCode, qrPngBase64, ticketUrl } from './transfer';
import type { CardOutcome } from '../wallet/test-cards';

/**
 * Sandbox outcome names: a token that is not a card token but names a test cardholder (e.g.
 * `sbx-OTHE-…`) decides the outcome as that cardholder would. They predate card tokens and keep
 * their first meaning (CONT pending); a card token's cardholder follows the platform's table.
 */
const TOKEN_OUTCOMES: ReadonlyArray<[string, PaymentStatus, string]> = [
  ['APRO', 'approved', 'accredited'],
  ['CONT', 'pending', 'pending_contingency'],
  ['OTHE', 'rejected', 'cc_rejected_other_reason'],
  ['CALL', 'rejected', 'cc_rejected_call_for_authorize'],
  ['FUND', 'rejected', 'cc_rejected_insufficient_amount'],
  ['SECU', 'rejected', 'cc_rejected_bad_filled_security_code'],
  ['EXPI', 'rejected', 'cc_rejected_bad_filled_date'],
  ['FORM', 'rejected', 'cc_rejected_bad_filled_other'],
];

/** The card a card token stands for, resolved by the wallet before the payment is made. */
export interface ChargedCard {
  paymentMethodId: string;
  issuerId: number;
  outcome: CardOutcome;
  card: { first_six_digits: string; last_four_digits: string };
  cardholder: { name: string; identification: { type: string | null; number: string | null } };
}

function outcomeOf(type: string, input: PaymentCreateRequest, card: ChargedCard | undefined): [PaymentStatus, string] {
  if (type === 'ticket') return ['pending', 'pending_waiting_payment'];
  if (type === 'bank_transfer') return ['pending', 'pending_waiting_transfer'];
  // A card token's outcome is its cardholder's; only another token is looked up as an outcome name.
  const named =
    card !== undefined || input.token === undefined ? undefined : TOKEN_OUTCOMES.find(([name]) => input.token?.toUpperCase().includes(name) === true);
  const [status, detail]: [PaymentStatus, string] =
    card !== undefined ? [card.outcome.status, card.outcome.statusDetail] : named === undefined ? ['approved', 'accredited'] : [named[1], named[2]];
  // Not captured: the approval holds the amount until a capture or a cancel.
  if (status === 'approved' && input.capture === false) return ['authorized', 'pending_capture'];
  return [status, detail];
}

/** What a buyer needs to pay a pending pix transfer or ticket; nothing for a card. */
function transactionDataOf(type: string, amount: number, baseUrl: string, id: number): NewPayment['transactionData'] {
  if (type === 'bank_transfer') {
    const code = pixCode(id, amount);
    return { qr_code: code, qr_code_base64: qrPngBase64(code), ticket_url: ticketUrl(baseUrl, id) };
  }
  return type === 'ticket' ? { qr_code: null, qr_code_base64: null, ticket_url: ticketUrl(baseUrl, id) } : undefined;
}

/**
 * Payments (spec 2.6, 4.6): the one place a payment comes to exist and where its changes are notified
 * (topic `payment`, spec 6.1). The other areas that make payments (the checkout page, terminals,
 * payment intents) and change them (refunds, chargebacks) go through it.
 */
export class PaymentService {
  readonly store: PaymentStore;

  constructor(
    private readonly context: SandboxContext,
    private readonly notifications: NotificationService,
  ) {
    this.store = new PaymentStore(context.clock);
  }

  /** Stores a new payment made by the application `clientId`, and notifies it (payment.created). */
  add(input: NewPayment | ((id: number) => NewPayment), clientId: string): PaymentRecord {
    const id = this.store.nextId();
    const record: PaymentRecord = { payment: buildPayment(id, this.context.clock.now(), typeof input === 'function' ? input(id) : input), client_id: clientId };
    this.store.add(record);
    this.notify(record, 'created');
    return record;
  }

  /** Tells the payment's receivers it changed (payment.updated). */
  changed(record: PaymentRecord): void {
    this.notify(record, 'updated');
  }

  /**
   * POST /v1/payments: a ticket or a pix transfer waits to be paid (with the code and page to pay it);
   * a card's outcome is its test cardholder name (a card token's, or a sandbox outcome name such as
   * `sbx-OTHE`); a card with `capture: false` is only authorized.
   */
  create(principal: Principal, input: PaymentCreateRequest, baseUrl: string, card?: ChargedCard): Payment {
    const method = card?.paymentMethodId ?? input.payment_method_id ?? 'visa';
    const type = paymentTypeOf(method);
    const [status, detail] = outcomeOf(type, input, card);
    const record = this.add(
      (id) => ({
        collectorId: principal.userId,
        amount: input.transaction_amount,
        currency: currencyOf(this.context.seed, principal.userId),
        status,
        statusDetail: detail,
        paymentMethodId: method,
        description: input.description ?? null,
        payerEmail: input.payer.email,
        identification: input.payer.identification,
        order: null,
        externalReference: input.external_reference ?? null,
        installments: input.installments ?? 1,
        issuerId: input.issuer_id ?? card?.issuerId ?? null,
        notificationUrl: input.notification_url ?? null,
        liveMode: principal.liveMode,
        metadata: input.metadata ?? {},
        additionalInfo: input.additional_info,
        transactionData: transactionDataOf(type, input.transaction_amount, baseUrl, id),
        card:
          card === undefined
            ? undefined
            : { first_six_digits: card.card.first_six_digits, last_four_digits: card.card.last_four_digits, cardholder: card.cardholder },
      }),
      principal.clientId,
    );
    record.payment.captured = status !== 'authorized';
    return record.payment;
  }

  private notify(record: PaymentRecord, verb: 'created' | 'updated'): void {
    this.notifications.notify({
      topic: 'payment',
      resourceId: record.payment.id,
      action: webhookAction('payment', verb),
      userId: record.payment.collector_id,
      clientId: record.client_id,
      liveMode: record.payment.live_mode,
      notificationUrl: record.payment.notification_url,
    });
  }
}
