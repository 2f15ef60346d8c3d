import type { Payment, PaymentCreateRequest, PaymentStatus } from '../../shared/platform/payments';
import { currencyOf } from '../accounts';
import type { Principal, SandboxContext } from '../context';
import { webhookAction, type NotificationService } from '../notifications/service';
import { buildPayment, paymentTypeOf, type NewPayment } from './payment';
import { PaymentStore, type PaymentRecord } from './store';
import { pixCode, qrPngBase64, ticketUrl } from './transfer';

/**
 * The platform's test cardholder names decide a card payment's outcome; the sandbox reads them from the
 * card token (e.g. `sbx-OTHE-…`), since it issues no real card tokens. Anything else is approved.
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
   * a card's outcome is its token's test cardholder name.
   */
  create(principal: Principal, input: PaymentCreateRequest, baseUrl: string): Payment {
    const method = input.payment_method_id;
    const type = paymentTypeOf(method);
    const tokenOutcome = input.token === undefined ? undefined : TOKEN_OUTCOMES.find(([name]) => input.token?.toUpperCase().includes(name) === true);
    const [status, detail]: [PaymentStatus, string] =
      type === 'ticket'
        ? ['pending', 'pending_waiting_payment']
        : type === 'bank_transfer'
          ? ['pending', 'pending_waiting_transfer']
          : tokenOutcome === undefined
            ? ['approved', 'accredited']
            : [tokenOutcome[1], tokenOutcome[2]];
    const transactionData = (id: number): NewPayment['transactionData'] => {
      if (type === 'bank_transfer') {
        const code = pixCode(id, input.transaction_amount);
        return { qr_code: code, qr_code_base64: qrPngBase64(code), ticket_url: ticketUrl(baseUrl, id) };
      }
      return type === 'ticket' ? { qr_code: null, qr_code_base64: null, ticket_url: ticketUrl(baseUrl, id) } : undefined;
    };
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
        issuerId: input.issuer_id ?? null,
        notificationUrl: input.notification_url ?? null,
        liveMode: principal.liveMode,
        metadata: input.metadata ?? {},
        additionalInfo: input.additional_info,
        transactionData: transactionData(id),
      }),
      principal.clientId,
    );
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
