import { createHash } from 'node:crypto';
import type { Payment, PaymentStatus } from '../../shared/platform/payments';
import { isoTime } from '../iso-time';
import { roundMoney } from '../money';

/** The body of a new payment (spec 2.6, 4.6), whichever way it was made. */

const DAY = 86_400_000;
/** Money of an approved payment is released two weeks later. */
const RELEASE_DELAY = 14 * DAY;

const TICKET_METHODS = new Set(['rapipago', 'pagofacil', 'bolbradesco', 'pec', 'oxxo', 'efecty', 'pagoefectivo', 'abitab', 'redpagos']);
const DEBIT_METHODS = new Set(['debvisa', 'debmaster', 'maestro', 'debcabal']);
/** Instant bank transfers paid by scanning a code (Brazil's pix). */
const TRANSFER_METHODS = new Set(['pix']);

export function paymentTypeOf(paymentMethodId: string): string {
  if (paymentMethodId === 'account_money') return 'account_money';
  if (TRANSFER_METHODS.has(paymentMethodId)) return 'bank_transfer';
  if (TICKET_METHODS.has(paymentMethodId)) return 'ticket';
  if (DEBIT_METHODS.has(paymentMethodId)) return 'debit_card';
  return 'credit_card';
}

/** The platform's test Visa (4509 9535 6623 3704), as a terminal reads it (docs/decisions.md "Point orders"). */
export const TERMINAL_TEST_CARD = { first_six_digits: '450995', last_four_digits: '3704' } as const;

export interface NewPayment {
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
  /** additional_info as sent; items' quantity and unit_price are answered as strings, as the platform does. */
  additionalInfo?: Record<string, unknown> | undefined;
  /** What a buyer needs to pay a pending transfer or ticket. */
  transactionData?: { qr_code: string | null; qr_code_base64: string | null; ticket_url: string };
  /** The card read by a terminal or named by a card token: the payment then carries `card` and, approved, an `authorization_code`. */
  card?:
    | { first_six_digits: string; last_four_digits: string; cardholder?: { name: string; identification: { type: string | null; number: string | null } } }
    | undefined;
}

/** The issuer's code: six digits, fixed by the payment id, so a reloaded `--state` answers the same. */
const authorizationCodeOf = (paymentId: number): string => String((paymentId * 7_919) % 1_000_000).padStart(6, '0');

/** Clock readings are whole milliseconds; isoTime writes only those. */
const iso = (ms: number): string => (Number.isInteger(ms) ? isoTime(ms) : new Date(ms).toISOString());

/** The release day (`YYYY-MM-DD`) of the payments of one day, written once. */
let releaseDay = Number.NaN;
let releaseDayText = '';
/** The last release date written and its time: a new payment's answer then reads it without parsing it back. */
let lastRelease = '';
let lastReleaseAt = 0;

/**
 * `iso(now + 14 days)` from `iso(now)`: whole days later the time of day is the same (UTC has no leap seconds
 * here), so only the day is written, once a day. The release time is remembered for the answer's status.
 */
function releaseDateOf(now: number, created: string): string {
  const release = now + RELEASE_DELAY;
  // A fraction of a millisecond, or a year outside 0000–9999 (six digits and a sign): rare enough to format in full.
  if (!Number.isInteger(release) || created.length !== 24) return new Date(release).toISOString();
  const day = Math.floor(release / DAY);
  if (day !== releaseDay) {
    const text = new Date(day * DAY).toISOString();
    if (text.length !== 24) return new Date(release).toISOString();
    releaseDay = day;
    releaseDayText = text.slice(0, 10);
  }
  lastRelease = releaseDayText + created.slice(10);
  lastReleaseAt = release;
  return lastRelease;
}

/** `Date.parse(text)`, known without parsing for the date the last payment was given. */
export const releaseTimeOf = (text: string): number => (text === lastRelease ? lastReleaseAt : Date.parse(text));

/** A checkout pays with the same few e-mails again and again: each is hashed once (bounded, as the e-mail is the caller's). */
const PAYER_ID_CACHE_SIZE = 1000;
const payerIds = new Map<string, string>();

/** The platform identifies a payer by a user id even for a guest; here a stable one derived from the e-mail. */
export function payerIdOf(email: string): string | null {
  if (email === '') return null;
  const key = email.toLowerCase();
  const known = payerIds.get(key);
  if (known !== undefined) return known;
  const digest = createHash('sha256').update(key).digest();
  const id = String(1_000_000_000 + (digest.readUInt32BE(0) % 1_000_000_000));
  if (payerIds.size >= PAYER_ID_CACHE_SIZE) payerIds.clear();
  payerIds.set(key, id);
  return id;
}

const asText = (value: unknown): unknown => (typeof value === 'number' ? String(value) : value);

/**
 * A copy of the top level only: the rest is the request's parsed body, which nothing else keeps. A deep copy
 * of a usual additional_info took about 6 µs, more than building the rest of the payment.
 */
function platformAdditionalInfo(info: Record<string, unknown>): Record<string, unknown> {
  const items = info['items'];
  if (!Array.isArray(items)) return { ...info };
  return {
    ...info,
    items: items.map((item: unknown) => {
      if (typeof item !== 'object' || item === null) return item;
      const entry = item as Record<string, unknown>;
      return { ...entry, quantity: asText(entry['quantity']), unit_price: asText(entry['unit_price']) };
    }),
  };
}

function pointOfInteraction(input: NewPayment): Payment['point_of_interaction'] {
  if (input.transactionData !== undefined) return { type: input.pointOfInteraction ?? 'OPENPLATFORM', transaction_data: input.transactionData };
  return input.pointOfInteraction === undefined ? undefined : { type: input.pointOfInteraction };
}

/** Members added after the fixed ones (rather than spread in): each in the place a spread put it, so the answer's order is the same. */
export function buildPayment(id: number, now: number, input: NewPayment): Payment {
  const approved = input.status === 'approved';
  const amount = roundMoney(input.amount);
  const created = iso(now);
  const payment: Payment = {
    id,
    date_created: created,
    date_approved: approved ? created : null,
    date_last_updated: created,
    money_release_date: approved ? releaseDateOf(now, created) : null,
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
      id: payerIdOf(input.payerEmail),
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
    issuer_id: input.issuerId === null ? null : String(input.issuerId),
    notification_url: input.notificationUrl,
    transaction_details: {
      net_received_amount: approved ? amount : 0,
      total_paid_amount: amount,
      installment_amount: roundMoney(amount / input.installments),
    },
  };
  const point = pointOfInteraction(input);
  if (point !== undefined) payment.point_of_interaction = point;
  if (input.additionalInfo !== undefined) payment.additional_info = platformAdditionalInfo(input.additionalInfo);
  if (input.card !== undefined) {
    payment.card = { ...input.card };
    payment.authorization_code = approved ? authorizationCodeOf(id) : null;
  }
  return payment;
}
