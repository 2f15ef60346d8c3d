import { randomUUID } from 'node:crypto';
import type { TimerHandle } from '../../shared/clock';
import type {
  Chargeback,
  CheckoutOutcome,
  MerchantOrder,
  Payment,
  PaymentCreateRequest,
  PaymentIntent,
  PaymentIntentState,
  PaymentStatus,
} from '../../shared/platform/payments';
import type { Preference, PreferenceRequest } from '../../shared/platform/preferences';
import type { Principal, SandboxContext } from '../context';
import { SandboxError } from '../errors';
import { webhookAction, type NotificationService } from '../notifications/service';
import { CheckoutState, type IntentRecord, type MerchantOrderRecord, type PaymentRecord, type PreferenceRecord } from './state';
import { notFound } from './validation';

/**
 * What happens on the platform when a buyer pays: payments, merchant orders, chargebacks and terminal
 * payment intents are created or change, and every change is notified (spec 6.1). Routes parse and
 * authorize; this module holds the rules.
 */

const DAY = 86_400_000;
/** Time between the states of a terminal payment intent, so tests can watch each one with the clock. */
export const INTENT_STEP_MS = 1_000;

const SITE_CURRENCIES: Readonly<Record<string, string>> = { MLA: 'ARS', MLB: 'BRL', MLM: 'MXN', MLC: 'CLP', MCO: 'COP', MPE: 'PEN', MLU: 'UYU' };

const CHECKOUT_RESULTS: Readonly<Record<CheckoutOutcome, { status: PaymentStatus; detail: string; backUrl: 'success' | 'pending' | 'failure' }>> = {
  approved: { status: 'approved', detail: 'accredited', backUrl: 'success' },
  pending: { status: 'pending', detail: 'pending_contingency', backUrl: 'pending' },
  rejected: { status: 'rejected', detail: 'cc_rejected_other_reason', backUrl: 'failure' },
};

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

const TICKET_METHODS = new Set(['rapipago', 'pagofacil', 'bolbradesco', 'pec', 'oxxo', 'efecty', 'pagoefectivo', 'abitab', 'redpagos']);
const DEBIT_METHODS = new Set(['debvisa', 'debmaster', 'maestro', 'debcabal']);

function paymentTypeOf(paymentMethodId: string): string {
  if (paymentMethodId === 'account_money') return 'account_money';
  if (TICKET_METHODS.has(paymentMethodId)) return 'ticket';
  if (DEBIT_METHODS.has(paymentMethodId)) return 'debit_card';
  return 'credit_card';
}

const roundMoney = (amount: number): number => Math.round(amount * 100) / 100;
const iso = (ms: number): string => new Date(ms).toISOString();

export interface PayResult {
  payment: Payment;
  merchantOrder: MerchantOrder;
  /** The back_url for the outcome with the platform's query parameters, or null when none is set. */
  returnUrl: string | null;
  /** True when auto_return asks to send the buyer there without a result page. */
  autoReturn: boolean;
}

export interface TerminalPaymentInput {
  userId: number;
  clientId: string;
  liveMode: boolean;
  amount: number;
  approved: boolean;
  statusDetail: string;
  description: string | null;
  externalReference: string;
  installments: number;
  metadata: Record<string, unknown>;
}

export interface CheckoutOperations {
  readonly state: CheckoutState;
  createPreference(principal: Principal, body: PreferenceRequest, baseUrl: string): Preference;
  preferenceFor(principal: Principal, id: string): Preference;
  isExpired(preference: Preference): boolean;
  merchantName(userId: number): string;
  payPreference(preferenceId: string, outcome: CheckoutOutcome, options?: { payerEmail?: string | undefined; sandbox?: boolean }): PayResult;
  /** What the result page after a checkout payment shows; undefined for a payment not made through a preference. */
  checkoutResult(paymentId: number): { payment: Payment; preference: Preference; returnUrl: string | null } | undefined;
  createPayment(principal: Principal, input: PaymentCreateRequest): Payment;
  chargeback(paymentId: number, input: { amount?: number | undefined; reason?: string | undefined }): Chargeback;
  createPaymentIntent(input: {
    device_id: string;
    amount: number;
    description?: string | undefined;
    external_reference?: string | undefined;
    outcome: 'approved' | 'rejected' | 'canceled';
    notification_url?: string | undefined;
  }): PaymentIntent;
  /** A card charged on a terminal for a point order: its payment and a merchant order of its own, both notified. */
  recordTerminalPayment(input: TerminalPaymentInput): { payment: Payment; merchantOrder: MerchantOrder };
  /** Refunds part or all of a payment (Orders API refund), updating its merchant order; both notified. */
  refundPayment(paymentId: number, amount: number): Payment;
  save(): unknown;
  load(data: unknown): void;
  reset(): void;
  stop(): void;
}

/** The platform's test Visa (4509 9535 6623 3704), as a terminal reads it (docs/decisions.md "Point orders"). */
const TERMINAL_TEST_CARD = { first_six_digits: '450995', last_four_digits: '3704' } as const;

export function createCheckoutOperations(context: SandboxContext, notifications: NotificationService): CheckoutOperations {
  const { clock } = context;
  const state = new CheckoutState(clock);
  const intentTimers = new Map<string, TimerHandle>();

  const siteOf = (userId: number): string => context.seed.users.find((user) => user.user_id === userId)?.site_id ?? 'MLA';
  const currencyOf = (userId: number): string => SITE_CURRENCIES[siteOf(userId)] ?? 'ARS';
  const nicknameOf = (userId: number): string => context.seed.users.find((user) => user.user_id === userId)?.nickname ?? String(userId);

  interface NewPayment {
    collectorId: number;
    amount: number;
    currency: string;
    status: PaymentStatus;
    statusDetail: string;
    paymentMethodId: string;
    description: string | null;
    payerEmail: string;
    identification?: { type: string; number: string } | undefined;
    order: Payment['order'];
    externalReference: string | null;
    installments: number;
    issuerId: number | null;
    notificationUrl: string | null;
    liveMode: boolean;
    metadata: Record<string, unknown>;
    pointOfInteraction?: string;
    /** The card read by a terminal: the payment then carries `card` and, approved, an `authorization_code`. */
    card?: { first_six_digits: string; last_four_digits: string };
  }

  /** The issuer's code: six digits, fixed by the payment id, so a reloaded `--state` answers the same. */
  const authorizationCodeOf = (paymentId: number): string => String((paymentId * 7_919) % 1_000_000).padStart(6, '0');

  function buildPayment(input: NewPayment): Payment {
    const now = clock.now();
    const approved = input.status === 'approved';
    const amount = roundMoney(input.amount);
    const id = state.nextPaymentId();
    return {
      id,
      date_created: iso(now),
      date_approved: approved ? iso(now) : null,
      date_last_updated: iso(now),
      money_release_date: approved ? iso(now + 14 * DAY) : null,
      operation_type: 'regular_payment',
      payment_method_id: input.paymentMethodId,
      payment_type_id: paymentTypeOf(input.paymentMethodId),
      status: input.status,
      status_detail: input.statusDetail,
      currency_id: input.currency,
      description: input.description,
      live_mode: input.liveMode,
      collector_id: input.collectorId,
      payer: {
        id: null,
        email: input.payerEmail,
        identification: { type: input.identification?.type ?? null, number: input.identification?.number ?? null },
        type: 'guest',
      },
      metadata: input.metadata,
      order: input.order,
      external_reference: input.externalReference,
      transaction_amount: amount,
      transaction_amount_refunded: 0,
      installments: input.installments,
      issuer_id: input.issuerId,
      notification_url: input.notificationUrl,
      transaction_details: {
        net_received_amount: approved ? amount : 0,
        total_paid_amount: amount,
        installment_amount: roundMoney(amount / input.installments),
      },
      ...(input.pointOfInteraction === undefined ? {} : { point_of_interaction: { type: input.pointOfInteraction } }),
      ...(input.card === undefined ? {} : { card: { ...input.card }, authorization_code: approved ? authorizationCodeOf(id) : null }),
    };
  }

  function notifyPayment(record: PaymentRecord, verb: 'created' | 'updated'): void {
    notifications.notify({
      topic: 'payment',
      resourceId: record.payment.id,
      action: webhookAction('payment', verb),
      userId: record.payment.collector_id,
      clientId: record.client_id,
      liveMode: record.payment.live_mode,
      notificationUrl: record.payment.notification_url,
    });
  }

  function notifyOrder(record: MerchantOrderRecord, verb: 'created' | 'updated'): void {
    notifications.notify({
      topic: 'merchant_order',
      resourceId: record.order.id,
      action: webhookAction('merchant_order', verb),
      userId: record.order.collector.id,
      clientId: record.client_id,
      liveMode: record.live_mode,
      notificationUrl: record.order.notification_url,
    });
  }

  /** Recomputes an order's payments and totals from the payments that point at it. */
  function refreshOrder(record: MerchantOrderRecord): void {
    const order = record.order;
    const payments = [...state.payments.values()].map((entry) => entry.payment).filter((payment) => payment.order?.id === order.id);
    order.payments = payments.map((payment) => ({
      id: payment.id,
      transaction_amount: payment.transaction_amount,
      total_paid_amount: payment.transaction_details.total_paid_amount,
      amount_refunded: payment.transaction_amount_refunded,
      currency_id: payment.currency_id,
      status: payment.status,
      status_detail: payment.status_detail,
      operation_type: payment.operation_type,
      date_approved: payment.date_approved,
      date_created: payment.date_created,
      last_modified: payment.date_last_updated,
    }));
    const paid = roundMoney(payments.filter((payment) => payment.status === 'approved').reduce((sum, payment) => sum + payment.transaction_amount, 0));
    order.paid_amount = paid;
    order.refunded_amount = roundMoney(
      payments.filter((payment) => payment.status === 'charged_back').reduce((sum, payment) => sum + payment.transaction_amount, 0),
    );
    if (paid >= order.total_amount) order.order_status = 'paid';
    else if (payments.some((payment) => payment.status === 'charged_back')) order.order_status = 'reverted';
    else if (payments.some((payment) => payment.status === 'pending' || payment.status === 'in_process')) order.order_status = 'payment_in_process';
    else if (paid > 0) order.order_status = 'partially_paid';
    else order.order_status = 'payment_required';
    order.status = order.order_status === 'paid' ? 'closed' : 'opened';
    order.last_updated = iso(clock.now());
  }

  function createOrder(record: PreferenceRecord, payerEmail: string): MerchantOrderRecord {
    const preference = record.preference;
    const now = iso(clock.now());
    const currency = preference.items[0]?.currency_id ?? currencyOf(preference.collector_id);
    const items = preference.items.map((item) => ({
      id: typeof item['id'] === 'string' ? item['id'] : null,
      title: item.title,
      description: typeof item['description'] === 'string' ? item['description'] : null,
      category_id: typeof item['category_id'] === 'string' ? item['category_id'] : null,
      quantity: item.quantity,
      unit_price: item.unit_price,
      currency_id: item.currency_id ?? currency,
    }));
    const order: MerchantOrder = {
      id: state.nextMerchantOrderId(),
      status: 'opened',
      order_status: 'payment_required',
      external_reference: preference.external_reference ?? null,
      preference_id: preference.id,
      payments: [],
      shipments: [],
      collector: { id: preference.collector_id, nickname: nicknameOf(preference.collector_id) },
      payer: { email: payerEmail },
      items,
      marketplace: 'NONE',
      notification_url: preference.notification_url ?? null,
      site_id: siteOf(preference.collector_id),
      total_amount: roundMoney(items.reduce((sum, item) => sum + item.quantity * item.unit_price, 0)),
      paid_amount: 0,
      refunded_amount: 0,
      shipping_cost: 0,
      cancelled: false,
      is_test: !record.live_mode,
      date_created: now,
      last_updated: now,
    };
    const created: MerchantOrderRecord = { order, client_id: preference.client_id, live_mode: record.live_mode };
    state.merchantOrders.set(order.id, created);
    return created;
  }

  /** A point order's merchant order: one item for the charged amount; no preference (preference_id is empty). */
  function createTerminalMerchantOrder(input: TerminalPaymentInput, currency: string, clientId: string): MerchantOrderRecord {
    const now = iso(clock.now());
    const order: MerchantOrder = {
      id: state.nextMerchantOrderId(),
      status: 'opened',
      order_status: 'payment_required',
      external_reference: input.externalReference,
      preference_id: '',
      payments: [],
      shipments: [],
      collector: { id: input.userId, nickname: nicknameOf(input.userId) },
      payer: null,
      items: [
        {
          id: null,
          title: input.description ?? input.externalReference,
          description: null,
          category_id: null,
          quantity: 1,
          unit_price: roundMoney(input.amount),
          currency_id: currency,
        },
      ],
      marketplace: 'NONE',
      notification_url: null,
      site_id: siteOf(input.userId),
      total_amount: roundMoney(input.amount),
      paid_amount: 0,
      refunded_amount: 0,
      shipping_cost: 0,
      cancelled: false,
      is_test: !input.liveMode,
      date_created: now,
      last_updated: now,
    };
    const record: MerchantOrderRecord = { order, client_id: clientId, live_mode: input.liveMode };
    state.merchantOrders.set(order.id, record);
    return record;
  }

  function isExpired(preference: Preference): boolean {
    if (preference.expires !== true || typeof preference.date_of_expiration !== 'string') return false;
    return Date.parse(preference.date_of_expiration) < clock.now();
  }

  function returnUrlFor(preference: Preference, outcome: CheckoutOutcome, payment: Payment, orderId: number): string | null {
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
      site_id: siteOf(preference.collector_id),
      processing_mode: 'aggregator',
      merchant_account_id: 'null',
    };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  }

  function scheduleIntent(record: IntentRecord): void {
    const existing = intentTimers.get(record.intent.id);
    if (existing !== undefined) clock.clearTimeout(existing);
    intentTimers.delete(record.intent.id);
    if (record.next_step_at === null) return;
    intentTimers.set(
      record.intent.id,
      clock.setTimeout(() => {
        intentTimers.delete(record.intent.id);
        stepIntent(record);
      }, record.next_step_at - clock.now()),
    );
  }

  const INTENT_PATHS: Readonly<Record<IntentRecord['outcome'], readonly PaymentIntentState[]>> = {
    approved: ['OPEN', 'ON_TERMINAL', 'PROCESSING', 'FINISHED'],
    rejected: ['OPEN', 'ON_TERMINAL', 'PROCESSING', 'FINISHED'],
    canceled: ['OPEN', 'ON_TERMINAL', 'CANCELED'],
  };

  function stepIntent(record: IntentRecord): void {
    const path = INTENT_PATHS[record.outcome];
    const next = path[path.indexOf(record.intent.state) + 1];
    if (next === undefined) {
      record.next_step_at = null;
      return;
    }
    const now = clock.now();
    record.intent.state = next;
    record.intent.last_updated_at = iso(now);
    const final = next === path[path.length - 1];
    record.next_step_at = final ? null : now + INTENT_STEP_MS;
    if (!final) {
      scheduleIntent(record);
      return;
    }
    if (next === 'FINISHED') {
      const approved = record.outcome === 'approved';
      const payment = buildPayment({
        collectorId: record.user_id,
        amount: record.intent.amount / 100,
        currency: currencyOf(record.user_id),
        status: approved ? 'approved' : 'rejected',
        statusDetail: approved ? 'accredited' : 'cc_rejected_other_reason',
        paymentMethodId: 'visa',
        description: record.intent.description,
        payerEmail: 'buyer@terminal.sandbox.test',
        order: null,
        externalReference: record.intent.additional_info.external_reference,
        installments: record.intent.payment.installments,
        issuerId: null,
        notificationUrl: record.notification_url,
        liveMode: record.live_mode,
        metadata: { payment_intent_id: record.intent.id, device_id: record.intent.device_id },
        pointOfInteraction: 'POINT',
        card: TERMINAL_TEST_CARD,
      });
      const paymentRecord: PaymentRecord = { payment, client_id: record.client_id };
      state.payments.set(payment.id, paymentRecord);
      record.intent.payment.id = payment.id;
      notifyPayment(paymentRecord, 'created');
    }
    notifications.notify({
      topic: 'point_integration_ipn',
      resourceId: record.intent.id,
      action: `state_${next}`,
      userId: record.user_id,
      clientId: record.client_id,
      liveMode: record.live_mode,
      notificationUrl: record.notification_url,
    });
  }

  return {
    state,
    isExpired,

    createPreference(principal, body, baseUrl) {
      const id = `${principal.userId}-${randomUUID()}`;
      const assigned = {
        id,
        init_point: `${baseUrl}/checkout/pay/${encodeURIComponent(id)}`,
        sandbox_init_point: `${baseUrl}/checkout/pay/${encodeURIComponent(id)}?sandbox=true`,
        date_created: iso(clock.now()),
        collector_id: principal.userId,
        client_id: principal.clientId,
        site_id: siteOf(principal.userId),
        operation_type: 'regular_payment',
      };
      const { industry_report: _ignored, ...fields } = body;
      // Assigned fields first for a readable body, and again last so a body cannot override them.
      const preference: Preference = { ...assigned, ...fields, expires: body.expires ?? false, metadata: body.metadata ?? {}, ...assigned };
      state.preferences.set(id, { preference, live_mode: principal.liveMode });
      return preference;
    },

    preferenceFor(principal, id) {
      const record = state.preferences.get(id);
      // Another account's preference is answered as absent, so ids cannot be probed across accounts.
      if (record === undefined || record.preference.collector_id !== principal.userId) throw notFound('preference');
      return record.preference;
    },

    merchantName: nicknameOf,

    payPreference(preferenceId, outcome, options = {}) {
      const record = state.preferences.get(preferenceId);
      if (record === undefined) throw notFound('preference');
      const preference = record.preference;
      if (isExpired(preference)) throw new SandboxError(409, 'preference_expired', 'this preference expired; create a new one');
      const payerEmail =
        options.payerEmail ??
        (typeof preference.payer?.['email'] === 'string' ? preference.payer['email'] : `test_user_${preference.collector_id}@testuser.com`);
      const existingOrder = state.merchantOrderOfPreference(preference.id);
      const orderRecord = existingOrder ?? createOrder(record, payerEmail);
      const result = CHECKOUT_RESULTS[outcome];
      const payment = buildPayment({
        collectorId: preference.collector_id,
        amount: orderRecord.order.total_amount,
        currency: orderRecord.order.items[0]?.currency_id ?? currencyOf(preference.collector_id),
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
      });
      const paymentRecord: PaymentRecord = { payment, client_id: preference.client_id };
      state.payments.set(payment.id, paymentRecord);
      refreshOrder(orderRecord);
      notifyPayment(paymentRecord, 'created');
      notifyOrder(orderRecord, existingOrder === undefined ? 'created' : 'updated');
      const autoReturn = preference.auto_return === 'all' || (preference.auto_return === 'approved' && outcome === 'approved');
      const returnUrl = returnUrlFor(preference, outcome, payment, orderRecord.order.id);
      return { payment, merchantOrder: orderRecord.order, returnUrl, autoReturn: autoReturn && returnUrl !== null };
    },

    checkoutResult(paymentId) {
      const payment = state.payments.get(paymentId)?.payment;
      if (payment?.order === undefined || payment.order === null) return undefined;
      const order = state.merchantOrders.get(payment.order.id)?.order;
      const preference = order === undefined ? undefined : state.preferences.get(order.preference_id)?.preference;
      if (order === undefined || preference === undefined) return undefined;
      const outcome: CheckoutOutcome =
        payment.status === 'approved' || payment.status === 'charged_back'
          ? 'approved'
          : payment.status === 'pending' || payment.status === 'in_process'
            ? 'pending'
            : 'rejected';
      return { payment, preference, returnUrl: returnUrlFor(preference, outcome, payment, order.id) };
    },

    createPayment(principal, input) {
      const method = input.payment_method_id;
      const tokenOutcome = input.token === undefined ? undefined : TOKEN_OUTCOMES.find(([name]) => input.token?.toUpperCase().includes(name) === true);
      const [status, detail]: [PaymentStatus, string] =
        paymentTypeOf(method) === 'ticket'
          ? ['pending', 'pending_waiting_payment']
          : tokenOutcome === undefined
            ? ['approved', 'accredited']
            : [tokenOutcome[1], tokenOutcome[2]];
      const payment = buildPayment({
        collectorId: principal.userId,
        amount: input.transaction_amount,
        currency: currencyOf(principal.userId),
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
      });
      const record: PaymentRecord = { payment, client_id: principal.clientId };
      state.payments.set(payment.id, record);
      notifyPayment(record, 'created');
      return payment;
    },

    chargeback(paymentId, input) {
      const record = state.payments.get(paymentId);
      if (record === undefined) throw notFound('payment');
      const payment = record.payment;
      if (payment.status !== 'approved') {
        throw new SandboxError(409, 'invalid_payment_status', `only an approved payment can be charged back; this one is ${payment.status}`);
      }
      const amount = roundMoney(input.amount ?? payment.transaction_amount);
      if (amount <= 0 || amount > payment.transaction_amount) {
        throw new SandboxError(400, 'bad_request', 'invalid chargeback', [
          { code: 'property_value', description: `amount must be greater than 0 and at most ${payment.transaction_amount}` },
        ]);
      }
      const now = clock.now();
      const chargeback: Chargeback = {
        id: state.nextChargebackId(),
        payment_id: payment.id,
        payments: [payment.id],
        amount,
        currency_id: payment.currency_id,
        status: 'opened',
        reason: input.reason ?? 'fraud',
        coverage_applied: false,
        coverage_eligible: true,
        documentation_required: true,
        documentation_status: 'pending',
        date_documentation_deadline: iso(now + 10 * DAY),
        live_mode: payment.live_mode,
        date_created: iso(now),
        date_last_updated: iso(now),
      };
      state.chargebacks.set(chargeback.id, {
        chargeback,
        user_id: payment.collector_id,
        client_id: record.client_id,
        notification_url: payment.notification_url,
      });
      payment.status = 'charged_back';
      payment.status_detail = 'in_process';
      payment.date_last_updated = iso(now);
      notifications.notify({
        topic: 'chargebacks',
        resourceId: chargeback.id,
        action: webhookAction('chargebacks', 'created'),
        userId: payment.collector_id,
        clientId: record.client_id,
        liveMode: payment.live_mode,
        notificationUrl: payment.notification_url,
      });
      notifyPayment(record, 'updated');
      if (payment.order !== null) {
        const order = state.merchantOrders.get(payment.order.id);
        if (order !== undefined) {
          refreshOrder(order);
          notifyOrder(order, 'updated');
        }
      }
      return chargeback;
    },

    createPaymentIntent(input) {
      const terminal = context.seed.terminals.find((candidate) => candidate.id === input.device_id);
      if (terminal === undefined) throw notFound('terminal');
      const application = context.seed.applications.find((candidate) => candidate.owner_user_id === terminal.user_id);
      const now = iso(clock.now());
      const intent: PaymentIntent = {
        id: randomUUID(),
        device_id: terminal.id,
        amount: input.amount,
        description: input.description ?? null,
        state: 'OPEN',
        payment: { id: null, type: 'credit_card', installments: 1, installments_cost: 'seller' },
        additional_info: { external_reference: input.external_reference ?? null, print_on_terminal: true },
        payment_mode: 'regular',
        created_at: now,
        last_updated_at: now,
      };
      const record: IntentRecord = {
        intent,
        user_id: terminal.user_id,
        client_id: application?.client_id ?? '',
        live_mode: true,
        outcome: input.outcome,
        notification_url: input.notification_url ?? null,
        next_step_at: clock.now() + INTENT_STEP_MS,
      };
      state.intents.set(intent.id, record);
      scheduleIntent(record);
      return intent;
    },

    recordTerminalPayment(input) {
      const currency = currencyOf(input.userId);
      const orderRecord = createTerminalMerchantOrder(input, currency, input.clientId);
      const payment = buildPayment({
        collectorId: input.userId,
        amount: input.amount,
        currency,
        status: input.approved ? 'approved' : 'rejected',
        statusDetail: input.statusDetail,
        paymentMethodId: 'visa',
        description: input.description,
        payerEmail: 'buyer@terminal.sandbox.test',
        order: { id: orderRecord.order.id, type: 'mercadopago' },
        externalReference: input.externalReference,
        installments: input.installments,
        issuerId: null,
        notificationUrl: null,
        liveMode: input.liveMode,
        metadata: input.metadata,
        pointOfInteraction: 'POINT',
        card: TERMINAL_TEST_CARD,
      });
      const paymentRecord: PaymentRecord = { payment, client_id: input.clientId };
      state.payments.set(payment.id, paymentRecord);
      refreshOrder(orderRecord);
      notifyPayment(paymentRecord, 'created');
      notifyOrder(orderRecord, 'created');
      return { payment, merchantOrder: orderRecord.order };
    },

    refundPayment(paymentId, amount) {
      const record = state.payments.get(paymentId);
      if (record === undefined) throw notFound('payment');
      const payment = record.payment;
      payment.transaction_amount_refunded = roundMoney(payment.transaction_amount_refunded + amount);
      const total = payment.transaction_amount_refunded >= payment.transaction_amount;
      payment.status = total ? 'refunded' : 'approved';
      payment.status_detail = total ? 'refunded' : 'partially_refunded';
      payment.date_last_updated = iso(clock.now());
      notifyPayment(record, 'updated');
      const orderRecord = payment.order === null ? undefined : state.merchantOrders.get(payment.order.id);
      if (orderRecord !== undefined) {
        refreshOrder(orderRecord);
        // refreshOrder counts chargebacks only; refunds of its payments are added here.
        const refunds = orderRecord.order.payments.reduce((sum, entry) => sum + entry.amount_refunded, 0);
        orderRecord.order.refunded_amount = roundMoney(orderRecord.order.refunded_amount + refunds);
        if (total) orderRecord.order.order_status = 'reverted';
        notifyOrder(orderRecord, 'updated');
      }
      return payment;
    },

    save: () => state.save(),
    load(data) {
      for (const handle of intentTimers.values()) clock.clearTimeout(handle);
      intentTimers.clear();
      state.load(data);
      for (const record of state.intents.values()) scheduleIntent(record);
    },
    reset() {
      for (const handle of intentTimers.values()) clock.clearTimeout(handle);
      intentTimers.clear();
      state.reset();
    },
    stop() {
      for (const handle of intentTimers.values()) clock.clearTimeout(handle);
      intentTimers.clear();
    },
  };
}
