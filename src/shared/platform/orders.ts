import { z } from 'zod';
import { ExternalReference, TerminalId } from './terminal-actions';

/**
 * Orders API, type `point`: a charge on a payment terminal (not in the seed spec; the platform's public
 * documentation "Integrate payment processing" and "Status of an order and a transaction" for Point, and the
 * official Node SDK's `Order` client and types). Shared by the sandbox, which validates requests with them, and
 * by the app, which will build requests and parse answers with them. Pure: no Node or DOM APIs.
 * Every choice beyond the documentation is in docs/decisions.md, "Point orders".
 */

export const OrderStatus = z.enum(['created', 'at_terminal', 'processed', 'failed', 'action_required', 'expired', 'canceled', 'refunded']);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** Why a card was declined on the terminal: the transaction's (and the order's) status_detail when it fails. */
export const DeclineReason = z.enum([
  'rejected_by_issuer',
  'insufficient_amount',
  'high_risk',
  'bad_filled_card_data',
  'required_call_for_authorize',
  'processing_error',
]);
export type DeclineReason = z.infer<typeof DeclineReason>;

/** What the terminal prints after the payment: the seller's copy of the slip, or nothing. */
export const PrintOnTerminal = z.enum(['seller_ticket', 'no_ticket']);
export type PrintOnTerminal = z.infer<typeof PrintOnTerminal>;

/** The documented default when expiration_time is not sent: 15 minutes to be picked up and paid. */
export const DEFAULT_ORDER_EXPIRATION = 'PT15M';
export const MIN_ORDER_EXPIRATION_MS = 30_000;
export const MAX_ORDER_EXPIRATION_MS = 3 * 60 * 60 * 1000;

const DURATION_PATTERN = /^PT(?:(\d{1,3})H)?(?:(\d{1,4})M)?(?:(\d{1,5})S)?$/;

/** Milliseconds of an ISO 8601 duration of hours, minutes and seconds (`PT15M`, `PT1H30M`, `PT90S`); undefined for any other form. */
export function durationMs(duration: string): number | undefined {
  const match = DURATION_PATTERN.exec(duration);
  if (match === null || duration === 'PT') return undefined;
  const [, hours = '0', minutes = '0', seconds = '0'] = match;
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000;
}

export const ExpirationTime = z.string().refine(
  (value) => {
    const ms = durationMs(value);
    return ms !== undefined && ms >= MIN_ORDER_EXPIRATION_MS && ms <= MAX_ORDER_EXPIRATION_MS;
  },
  { message: 'expiration_time must be an ISO 8601 duration such as PT15M, between 30 seconds (PT30S) and 3 hours (PT3H)' },
);

/** Amounts travel as decimal strings with at most two decimals, as the SDK's types have them ("24.00"). */
export const AMOUNT_PATTERN = /^\d{1,9}(?:\.\d{1,2})?$/;
export const Amount = z
  .string()
  .regex(AMOUNT_PATTERN, { message: 'must be a decimal string with at most two decimals, e.g. "24.00"' })
  .refine((value) => Number(value) > 0, { message: 'must be greater than 0' });

/** The cents of an amount string, so sums and comparisons are exact. */
export function amountCents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function formatCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export const PointOrderConfig = z.strictObject({
  terminal_id: TerminalId,
  print_on_terminal: PrintOnTerminal.optional(),
  /** The cashier's own number for the sale, printed on the slip. */
  ticket_number: z.string().min(1).max(20).optional(),
});

export const CreatePointOrderRequest = z.strictObject({
  type: z.literal('point'),
  external_reference: ExternalReference,
  expiration_time: ExpirationTime.optional(),
  description: z.string().max(150).optional(),
  transactions: z.strictObject({
    // One payment per Point order: the terminal charges one card.
    payments: z
      .array(z.strictObject({ amount: Amount }))
      .min(1)
      .max(1),
  }),
  config: z.strictObject({
    point: PointOrderConfig,
    payment_method: z
      .strictObject({
        default_type: z.enum(['credit_card', 'debit_card', 'qr', 'any']).optional(),
        default_installments: z.number().int().min(1).max(72).optional(),
        installments_cost: z.enum(['seller', 'buyer']).optional(),
      })
      .optional(),
  }),
});
export type CreatePointOrderRequest = z.infer<typeof CreatePointOrderRequest>;

/** Body of `POST /v1/orders/{id}/refund`: none (or `{}`) refunds everything; `transactions` refunds part of a payment. */
export const RefundOrderRequest = z.strictObject({
  transactions: z
    .array(z.strictObject({ id: z.string().min(1), amount: Amount }))
    .min(1)
    .max(1)
    .optional(),
});
export type RefundOrderRequest = z.infer<typeof RefundOrderRequest>;

export const OrderPayment = z.object({
  id: z.string(),
  amount: z.string(),
  refunded_amount: z.string(),
  status: z.string(),
  status_detail: z.string(),
  /** The id of the payment in `GET /v1/payments/{id}`, once the card was charged. */
  reference_id: z.string().optional(),
  payment_method: z.object({ id: z.string(), type: z.string(), installments: z.number().int() }).optional(),
});
export type OrderPayment = z.infer<typeof OrderPayment>;

export const OrderRefund = z.object({
  id: z.string(),
  transaction_id: z.string(),
  reference_id: z.string(),
  amount: z.string(),
  status: z.string(),
});
export type OrderRefund = z.infer<typeof OrderRefund>;

export const PointOrder = z.object({
  id: z.string(),
  type: z.literal('point'),
  processing_mode: z.literal('automatic'),
  external_reference: z.string(),
  description: z.string().optional(),
  expiration_time: z.string(),
  country_code: z.string(),
  user_id: z.string(),
  status: OrderStatus,
  status_detail: z.string(),
  currency: z.string(),
  total_amount: z.string(),
  created_date: z.iso.datetime(),
  last_updated_date: z.iso.datetime(),
  integration_data: z.object({ application_id: z.string() }),
  transactions: z.object({ payments: z.array(OrderPayment), refunds: z.array(OrderRefund).optional() }),
  config: z.object({
    point: z.object({ terminal_id: z.string(), print_on_terminal: PrintOnTerminal, ticket_number: z.string().optional() }),
    payment_method: CreatePointOrderRequest.shape.config.shape.payment_method,
  }),
});
export type PointOrder = z.infer<typeof PointOrder>;

/** Order ids: `ORD` and 26 upper-case letters and digits; transaction ids the same with `PAY` and `REF`. */
export const ORDER_ID_PATTERN = /^ORD[0-9A-Z]{26}$/;

/** `PATCH /terminals/v1/setup`: change the operating mode of the caller's terminals. */
export const TerminalSetupRequest = z.strictObject({
  terminals: z
    .array(z.strictObject({ id: TerminalId, operating_mode: z.enum(['PDV', 'STANDALONE']) }))
    .min(1)
    .max(50),
});
export type TerminalSetupRequest = z.infer<typeof TerminalSetupRequest>;

export const TerminalSetupResponse = z.object({
  terminals: z.array(z.object({ id: z.string(), operating_mode: z.enum(['PDV', 'STANDALONE']) })),
});
export type TerminalSetupResponse = z.infer<typeof TerminalSetupResponse>;

/**
 * `GET /v1/orders` (the SDK's `Order.search`): the caller's orders created in [begin_date, end_date], newest
 * first unless `sort_order=asc`, filtered by the optional fields; pages count from 1.
 */
export const OrderSearchQuery = z.object({
  begin_date: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }),
  end_date: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }),
  external_reference: z.string().min(1).optional(),
  type: z.literal('point').optional(),
  status: OrderStatus.optional(),
  status_detail: z.string().min(1).optional(),
  sort_by: z.literal('created_date').optional(),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
});
export type OrderSearchQuery = z.infer<typeof OrderSearchQuery>;

/** Paging numbers are strings, as the SDK's `PagingResponse` types them. */
export const OrderSearchResponse = z.object({
  data: z.array(PointOrder),
  paging: z.object({ total: z.string(), total_pages: z.string(), offset: z.string(), limit: z.string() }),
});
export type OrderSearchResponse = z.infer<typeof OrderSearchResponse>;
