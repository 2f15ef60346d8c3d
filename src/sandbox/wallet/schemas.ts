import { z } from 'zod';
import { IntegerField, MESSAGES, StringField } from '../../shared/platform/preferences';

/**
 * Card tokens, customers and their saved cards: the bodies the platform takes and answers
 * (docs/sandbox/wallet.md lists every field). Numbers the SDKs send as strings ("11", "2099") are read
 * as numbers, as the platform does.
 */

const typed = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? MESSAGES.required : message),
});
const NumberLike = z.preprocess((value) => (typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value), IntegerField);
const Identification = z.looseObject({ type: StringField.optional(), number: StringField.optional() }, typed(MESSAGES.object));

export const CardTokenRequest = z.looseObject(
  {
    card_number: z
      .string(typed(MESSAGES.string))
      .regex(/^\d{12,19}$/, { message: 'must be 12 to 19 digits' })
      .optional(),
    expiration_month: NumberLike.refine((month) => month >= 1 && month <= 12, { message: 'must be 1 to 12' }).optional(),
    expiration_year: NumberLike.refine((year) => year >= 2000 && year <= 2999, { message: 'must be a four-digit year' }).optional(),
    security_code: z
      .string(typed(MESSAGES.string))
      .regex(/^\d{3,4}$/, { message: 'must be 3 or 4 digits' })
      .optional(),
    cardholder: z.looseObject({ name: StringField.optional(), identification: Identification.optional() }, typed(MESSAGES.object)).optional(),
    /** A saved card (`POST /v1/customers/{id}/cards`) to tokenize again, with its security code. */
    card_id: z.union([StringField, IntegerField.transform(String)]).optional(),
    customer_id: StringField.optional(),
  },
  typed('must be a JSON object'),
);
export type CardTokenRequest = z.output<typeof CardTokenRequest>;

export const CardToken = z.looseObject({
  id: z.string(),
  card_id: z.string().nullable(),
  status: z.enum(['active', 'used', 'expired']),
  luhn_validation: z.boolean(),
  date_used: z.string().nullable(),
  date_created: z.string(),
  date_last_updated: z.string(),
  date_due: z.string(),
  first_six_digits: z.string(),
  last_four_digits: z.string(),
  card_number_length: z.number().int(),
  security_code_length: z.number().int(),
  expiration_month: z.number().int(),
  expiration_year: z.number().int(),
  cardholder: z.object({ name: z.string(), identification: z.object({ type: z.string().nullable(), number: z.string().nullable() }) }),
  live_mode: z.boolean(),
  require_esc: z.boolean(),
  public_key: z.string().nullable(),
});
export type CardToken = z.infer<typeof CardToken>;

const Phone = z.looseObject(
  { area_code: z.union([StringField, IntegerField.transform(String)]).optional(), number: z.union([StringField, IntegerField.transform(String)]).optional() },
  typed(MESSAGES.object),
);

export const CustomerRequest = z.looseObject(
  {
    email: StringField.refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), { message: MESSAGES.email, params: { cause: 'property_value' } }),
    first_name: StringField.optional(),
    last_name: StringField.optional(),
    phone: Phone.optional(),
    identification: Identification.optional(),
    default_address: StringField.optional(),
    address: z.looseObject({}, typed(MESSAGES.object)).optional(),
    date_registered: StringField.optional(),
    description: StringField.optional(),
    default_card: StringField.optional(),
    metadata: z.record(z.string(), z.unknown(), typed(MESSAGES.object)).optional(),
  },
  typed('must be a JSON object'),
);
/** An update sends any of the members; email among them only to change it. */
export const CustomerUpdateRequest = CustomerRequest.partial();

export const Customer = z.looseObject({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.object({ area_code: z.string().nullable(), number: z.string().nullable() }),
  identification: z.object({ type: z.string().nullable(), number: z.string().nullable() }),
  address: z.record(z.string(), z.unknown()),
  description: z.string().nullable(),
  date_created: z.string(),
  date_last_updated: z.string(),
  date_registered: z.string().nullable(),
  default_address: z.string().nullable(),
  default_card: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  cards: z.array(z.unknown()),
  addresses: z.array(z.unknown()),
  live_mode: z.boolean(),
  user_id: z.number().int(),
  merchant_id: z.number().int(),
  client_id: z.number().int(),
  status: z.enum(['active', 'deactive']),
});
export type Customer = z.infer<typeof Customer>;

export const CustomerCardRequest = z.looseObject({ token: StringField }, typed('must be a JSON object'));
export const CustomerCardUpdateRequest = z.looseObject(
  {
    expiration_month: NumberLike.refine((month) => month >= 1 && month <= 12, { message: 'must be 1 to 12' }).optional(),
    expiration_year: NumberLike.optional(),
    cardholder: z.looseObject({ name: StringField.optional(), identification: Identification.optional() }, typed(MESSAGES.object)).optional(),
  },
  typed('must be a JSON object'),
);

export const CustomerCard = z.looseObject({
  id: z.string(),
  customer_id: z.string(),
  /** A string here, though a number on the customer: the platform answers both so. */
  user_id: z.string(),
  expiration_month: z.number().int(),
  expiration_year: z.number().int(),
  first_six_digits: z.string(),
  last_four_digits: z.string(),
  payment_method: z.object({ id: z.string(), name: z.string(), payment_type_id: z.string(), thumbnail: z.string(), secure_thumbnail: z.string() }),
  security_code: z.object({ length: z.number().int(), card_location: z.string() }),
  issuer: z.object({ id: z.number().int(), name: z.string() }),
  cardholder: z.object({ name: z.string(), identification: z.object({ type: z.string().nullable(), number: z.string().nullable() }) }),
  date_created: z.string(),
  date_last_updated: z.string(),
  live_mode: z.boolean(),
});
export type CustomerCard = z.infer<typeof CustomerCard>;

export const CustomerSearchQuery = z.object({
  email: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  offset: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
