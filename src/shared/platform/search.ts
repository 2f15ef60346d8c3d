import { z } from 'zod';
import { Chargeback, MerchantOrder, Payment } from './payments';

/**
 * The search endpoints the official SDKs call (payments, merchant orders, chargebacks, preferences), in
 * the shapes of the platform's public reference: payments and chargebacks answer
 * `{ paging: { total, limit, offset }, results }`, merchant orders and preferences
 * `{ elements, next_offset, total }`. The spec shows none of them (docs/decisions.md, "Sandbox search").
 */

/** Query values arrive as strings; a number given twice (`?limit=1&limit=2`) is refused rather than guessed. */
const QueryInteger = (name: string, { min, max }: { min: number; max: number }) =>
  z
    .string({ error: `${name} must be given once` })
    .regex(/^\d{1,9}$/, { error: `${name} must be a whole number` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `${name} must be at least ${min}` })
        .max(max, { error: `${name} must be at most ${max}` }),
    );

const QueryText = (name: string) => z.string({ error: `${name} must be given once` }).min(1, { error: `${name} must not be empty` });

/** The platform's page size default and ceiling for searches. */
export const SEARCH_DEFAULT_LIMIT = 30;
export const SEARCH_MAX_LIMIT = 1000;

const paging = {
  offset: QueryInteger('offset', { min: 0, max: 10_000 }).optional(),
  limit: QueryInteger('limit', { min: 1, max: SEARCH_MAX_LIMIT }).optional(),
};

export const PaymentSortField = z.enum(['date_approved', 'date_created', 'date_last_updated', 'money_release_date', 'id']);
export const SortCriteria = z.enum(['asc', 'desc']);

/** Unknown parameters are ignored, as the platform does with the many filters the sandbox does not model. */
export const PaymentSearchQuery = z.looseObject({
  ...paging,
  external_reference: QueryText('external_reference').optional(),
  status: QueryText('status').optional(),
  sort: PaymentSortField.optional(),
  criteria: SortCriteria.optional(),
  range: z.enum(['date_created', 'date_last_updated', 'date_approved', 'money_release_date']).optional(),
  begin_date: z.iso.datetime({ offset: true, error: 'begin_date must be an ISO 8601 timestamp' }).optional(),
  end_date: z.iso.datetime({ offset: true, error: 'end_date must be an ISO 8601 timestamp' }).optional(),
});
export type PaymentSearchQuery = z.infer<typeof PaymentSearchQuery>;

export const Paging = z.object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() });

export const PaymentSearchResponse = z.object({ paging: Paging, results: z.array(Payment) });
export type PaymentSearchResponse = z.infer<typeof PaymentSearchResponse>;

export const MerchantOrderSearchQuery = z.looseObject({
  ...paging,
  status: QueryText('status').optional(),
  preference_id: QueryText('preference_id').optional(),
  external_reference: QueryText('external_reference').optional(),
});
export type MerchantOrderSearchQuery = z.infer<typeof MerchantOrderSearchQuery>;

export const MerchantOrderSearchResponse = z.object({ elements: z.array(MerchantOrder), next_offset: z.number().int(), total: z.number().int() });
export type MerchantOrderSearchResponse = z.infer<typeof MerchantOrderSearchResponse>;

export const ChargebackSearchQuery = z.looseObject({
  ...paging,
  payment_id: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'payment_id must be a payment id' })
    .optional(),
  status: QueryText('status').optional(),
});
export type ChargebackSearchQuery = z.infer<typeof ChargebackSearchQuery>;

export const ChargebackSearchResponse = z.object({ paging: Paging, results: z.array(Chargeback) });
export type ChargebackSearchResponse = z.infer<typeof ChargebackSearchResponse>;

export const PreferenceSearchQuery = z.looseObject({
  ...paging,
  external_reference: QueryText('external_reference').optional(),
  site_id: QueryText('site_id').optional(),
  marketplace: QueryText('marketplace').optional(),
});
export type PreferenceSearchQuery = z.infer<typeof PreferenceSearchQuery>;

/** A preference as a search lists it: a summary, items reduced to their titles (the SDK types them as strings). */
export const PreferenceSummary = z.object({
  id: z.string(),
  client_id: z.string(),
  collector_id: z.number().int(),
  date_created: z.string(),
  last_updated: z.string(),
  expires: z.boolean(),
  expiration_date_to: z.string().nullable(),
  external_reference: z.string(),
  items: z.array(z.string()),
  live_mode: z.boolean(),
  marketplace: z.string(),
  operation_type: z.string(),
  payer_email: z.string(),
  site_id: z.string(),
  shipping_mode: z.string(),
  sponsor_id: z.number().int(),
});
export type PreferenceSummary = z.infer<typeof PreferenceSummary>;

export const PreferenceSearchResponse = z.object({ elements: z.array(PreferenceSummary), next_offset: z.number().int(), total: z.number().int() });
export type PreferenceSearchResponse = z.infer<typeof PreferenceSearchResponse>;

/** The page of `items` at offset/limit, with the platform's defaults. */
export function page<T>(
  items: readonly T[],
  query: { offset?: number | undefined; limit?: number | undefined },
): { items: T[]; offset: number; limit: number; total: number } {
  const offset = query.offset ?? 0;
  const limit = query.limit ?? SEARCH_DEFAULT_LIMIT;
  return { items: items.slice(offset, offset + limit), offset, limit, total: items.length };
}
