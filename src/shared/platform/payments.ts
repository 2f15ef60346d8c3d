import { z } from 'zod';
import { FloatField, IntegerField, StringField, UrlField, MESSAGES } from './preferences';

/**
 * Payments and the other notified records (spec 2.6, 4.6). The spec shows only the payment creation
 * input; the bodies below follow the platform's public API (docs/sandbox/checkout-and-ipn.md lists
 * every field), trimmed to what a point-of-sale app reads.
 */

const Timestamp = z.string();

const typed = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? MESSAGES.required : message),
});

/** 2.6 "payer (object with email string and optional identification object with type and number)". */
export const PaymentPayerInput = z.looseObject(
  {
    email: StringField.refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), { message: MESSAGES.email, params: { cause: 'property_value' } }),
    identification: z.looseObject({ type: StringField, number: StringField }, typed(MESSAGES.object)).optional(),
  },
  typed(MESSAGES.object),
);

/** The official SDKs send issuer_id as a number (Node, Java) or as a string of digits (Go); both name the same issuer. */
const IssuerIdInput = z.preprocess((value) => (typeof value === 'string' && /^\d{1,18}$/.test(value) ? Number(value) : value), IntegerField);

/** additional_info is forwarded data (risk, taxes): kept as sent, items checked only for what the answer rewrites. */
export const PaymentAdditionalInfo = z.looseObject(
  {
    items: z
      .array(
        z.looseObject(
          { quantity: z.union([IntegerField, StringField]).optional(), unit_price: z.union([FloatField, StringField]).optional() },
          typed(MESSAGES.object),
        ),
        typed(MESSAGES.array),
      )
      .optional(),
  },
  typed(MESSAGES.object),
);

/**
 * payment_method_id is required unless a card token names the card (the platform's rule). Checked apart
 * from the schema, so the answer names it beside every other offending member (a failed member check
 * stops an object's own refinements).
 */
export function paymentMethodMissing(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const body = value as { payment_method_id?: unknown; token?: unknown };
  return body.payment_method_id === undefined && typeof body.token !== 'string';
}

/** Body of `POST /v1/payments` (2.6). external_reference and metadata are the platform's, kept because the app reconciles by them. */
export const PaymentCreateRequest = z.looseObject(
  {
    transaction_amount: FloatField.gt(0, { message: 'must be greater than 0' }),
    token: StringField.optional(),
    description: StringField.optional(),
    installments: IntegerField.min(1, { message: 'must be at least 1' }).optional(),
    /** Required, except with a card token, whose card names the method (the platform's own rule). */
    payment_method_id: StringField.min(1, { message: 'must not be empty' }).optional(),
    issuer_id: IssuerIdInput.optional(),
    /** false: the card is only authorized, and captured later with `PUT /v1/payments/{id}`. */
    capture: z.boolean(typed(MESSAGES.boolean)).optional(),
    notification_url: UrlField.optional(),
    payer: PaymentPayerInput,
    additional_info: PaymentAdditionalInfo.optional(),
    external_reference: StringField.optional(),
    metadata: z.record(z.string(), z.unknown(), typed(MESSAGES.object)).optional(),
  },
  typed('must be a JSON object'),
);
export type PaymentCreateRequest = z.output<typeof PaymentCreateRequest>;

/** Body of `PUT /v1/payments/{id}`: a cancel (`status: cancelled`) or a capture (`capture: true`, optionally a lower amount). */
export const PaymentUpdateRequest = z.looseObject(
  {
    status: z.literal('cancelled', typed("must be 'cancelled'")).optional(),
    capture: z.literal(true, typed('must be true')).optional(),
    transaction_amount: FloatField.gt(0, { message: 'must be greater than 0' }).optional(),
  },
  typed('must be a JSON object'),
);

/** Body of `POST /v1/payments/{id}/refunds`: an amount for a partial refund, none for the rest of the payment. */
export const RefundCreateRequest = z.looseObject(
  { amount: FloatField.gt(0, { message: 'must be greater than 0' }).optional() },
  typed('must be a JSON object'),
);

export const Refund = z.looseObject({
  id: z.number().int(),
  payment_id: z.number().int(),
  amount: z.number(),
  amount_refunded_to_payer: z.number(),
  adjustment_amount: z.number(),
  status: z.string(),
  refund_mode: z.string(),
  source: z.object({ id: z.string(), name: z.string(), type: z.string() }),
  date_created: Timestamp,
  metadata: z.record(z.string(), z.unknown()),
  reason: z.string().nullable(),
  unique_sequence_number: z.string().nullable(),
});
export type Refund = z.infer<typeof Refund>;

export const PaymentStatus = z.enum(['pending', 'approved', 'authorized', 'in_process', 'in_mediation', 'rejected', 'cancelled', 'refunded', 'charged_back']);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

/** The outcomes a buyer can pick on the sandbox checkout page (and `POST /__sandbox/preferences/{id}/pay`). */
export const CheckoutOutcome = z.enum(['approved', 'pending', 'rejected']);
export type CheckoutOutcome = z.infer<typeof CheckoutOutcome>;

export const Payment = z.looseObject({
  id: z.number().int(),
  date_created: Timestamp,
  date_approved: Timestamp.nullable(),
  date_last_updated: Timestamp,
  money_release_date: Timestamp.nullable(),
  operation_type: z.string(),
  payment_method_id: z.string(),
  payment_type_id: z.string(),
  status: PaymentStatus,
  status_detail: z.string(),
  currency_id: z.string(),
  description: z.string().nullable(),
  live_mode: z.boolean(),
  collector_id: z.number().int(),
  payer: z.looseObject({
    id: z.string().nullable(),
    email: z.string(),
    identification: z.object({ type: z.string().nullable(), number: z.string().nullable() }),
    type: z.string().nullable(),
  }),
  metadata: z.record(z.string(), z.unknown()),
  /**
   * The merchant order the payment belongs to; null for a payment created directly through `POST /v1/payments`,
   * which the platform answers as `{}` (read here as null, so every reader has one "no order" to handle).
   */
  order: z.preprocess(
    (value) => (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0 ? null : value),
    z.object({ id: z.number().int(), type: z.string() }).nullable(),
  ),
  external_reference: z.string().nullable(),
  transaction_amount: z.number(),
  transaction_amount_refunded: z.number(),
  installments: z.number().int(),
  /** A string of digits, as the platform answers it; state files written before hold a number. */
  issuer_id: z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().nullable()),
  notification_url: z.string().nullable(),
  transaction_details: z.object({
    net_received_amount: z.number(),
    total_paid_amount: z.number(),
    installment_amount: z.number(),
  }),
  point_of_interaction: z
    .looseObject({
      type: z.string(),
      /** Where a buyer pays a pending bank transfer (pix) or ticket: the code to scan and the page to open. */
      transaction_data: z.looseObject({ qr_code: z.string().nullable(), qr_code_base64: z.string().nullable(), ticket_url: z.string() }).optional(),
    })
    .optional(),
  additional_info: z.record(z.string(), z.unknown()).optional(),
  /** The card charged (the platform's payment reference); absent for cash and account money. */
  card: z.looseObject({ last_four_digits: z.string().nullable().optional(), first_six_digits: z.string().nullable().optional() }).optional(),
  /** The issuer's authorization code of an approved card payment. */
  authorization_code: z.string().nullable().optional(),
});
export type Payment = z.infer<typeof Payment>;

export const MerchantOrderPayment = z.object({
  id: z.number().int(),
  transaction_amount: z.number(),
  total_paid_amount: z.number(),
  amount_refunded: z.number(),
  currency_id: z.string(),
  status: PaymentStatus,
  status_detail: z.string(),
  operation_type: z.string(),
  date_approved: Timestamp.nullable(),
  date_created: Timestamp,
  last_modified: Timestamp,
});

export const MerchantOrder = z.looseObject({
  id: z.number().int(),
  status: z.enum(['opened', 'closed', 'expired']),
  order_status: z.enum(['payment_required', 'payment_in_process', 'partially_paid', 'paid', 'reverted']),
  external_reference: z.string().nullable(),
  preference_id: z.string(),
  payments: z.array(MerchantOrderPayment),
  shipments: z.array(z.unknown()),
  collector: z.object({ id: z.number().int(), nickname: z.string() }),
  payer: z.object({ email: z.string() }).nullable(),
  items: z.array(
    z.object({
      id: z.string().nullable(),
      title: z.string(),
      description: z.string().nullable(),
      category_id: z.string().nullable(),
      quantity: z.number(),
      unit_price: z.number(),
      currency_id: z.string(),
    }),
  ),
  marketplace: z.string(),
  notification_url: z.string().nullable(),
  site_id: z.string(),
  total_amount: z.number(),
  paid_amount: z.number(),
  refunded_amount: z.number(),
  shipping_cost: z.number(),
  cancelled: z.boolean(),
  is_test: z.boolean(),
  date_created: Timestamp,
  last_updated: Timestamp,
});
export type MerchantOrder = z.infer<typeof MerchantOrder>;

export const ChargebackStatus = z.enum(['opened', 'in_review', 'won', 'lost']);

export const Chargeback = z.looseObject({
  /** The platform answers chargeback ids as strings of digits. */
  id: z.string(),
  payment_id: z.number().int(),
  payments: z.array(z.number().int()),
  amount: z.number(),
  currency_id: z.string(),
  status: ChargebackStatus,
  reason: z.string(),
  coverage_applied: z.boolean(),
  coverage_eligible: z.boolean(),
  documentation_required: z.boolean(),
  documentation_status: z.string(),
  date_documentation_deadline: Timestamp,
  live_mode: z.boolean(),
  date_created: Timestamp,
  date_last_updated: Timestamp,
});
export type Chargeback = z.infer<typeof Chargeback>;

/** Terminal payment intent states of the platform's Point integration API, in their usual order. */
export const PaymentIntentState = z.enum(['OPEN', 'ON_TERMINAL', 'PROCESSING', 'PROCESSED', 'FINISHED', 'CANCELED', 'ERROR', 'ABANDONED']);
export type PaymentIntentState = z.infer<typeof PaymentIntentState>;

export const PaymentIntent = z.looseObject({
  id: z.string(),
  device_id: z.string(),
  /** In cents, as the Point API has it: 1500 is 15.00. */
  amount: z.number().int(),
  description: z.string().nullable(),
  state: PaymentIntentState,
  payment: z.object({ id: z.number().int().nullable(), type: z.string(), installments: z.number().int(), installments_cost: z.string() }),
  additional_info: z.object({ external_reference: z.string().nullable(), print_on_terminal: z.boolean() }),
  payment_mode: z.string(),
  created_at: Timestamp,
  last_updated_at: Timestamp,
});
export type PaymentIntent = z.infer<typeof PaymentIntent>;

/** Body of the sandbox control route `POST /__sandbox/payment-intents`: a buyer pays on a terminal. */
export const PaymentIntentControlRequest = z.strictObject({
  device_id: StringField,
  amount: IntegerField.min(1, { message: 'must be at least 1 (cents)' }),
  description: StringField.optional(),
  external_reference: StringField.optional(),
  /** How the buyer's attempt ends: FINISHED with an approved or rejected payment, or CANCELED at the terminal. */
  outcome: z.enum(['approved', 'rejected', 'canceled']).default('approved'),
  notification_url: UrlField.optional(),
});
