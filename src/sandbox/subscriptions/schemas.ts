import { z } from 'zod';
import { CurrencyField, FloatField, IntegerField, MESSAGES, StringField, UrlField } from '../../shared/platform/preferences';

/** Subscriptions (`/preapproval`) and their plans (`/preapproval_plan`): bodies taken and answered. */

const typed = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? MESSAGES.required : message),
});

export const FrequencyType = z.enum(['days', 'months'], typed("must be 'days' or 'months'"));

const AutoRecurringFields = {
  frequency: IntegerField.min(1, { message: 'must be at least 1' }),
  frequency_type: FrequencyType,
  transaction_amount: FloatField.gt(0, { message: 'must be greater than 0' }),
  currency_id: CurrencyField,
  start_date: StringField.optional(),
  end_date: StringField.optional(),
};
export const AutoRecurring = z.looseObject(AutoRecurringFields, typed(MESSAGES.object));
/** An update may send any of the members; the others are kept. */
export const AutoRecurringChange = z.looseObject(
  {
    frequency: AutoRecurringFields.frequency.optional(),
    frequency_type: FrequencyType.optional(),
    transaction_amount: AutoRecurringFields.transaction_amount.optional(),
    currency_id: CurrencyField.optional(),
    start_date: StringField.optional(),
    end_date: StringField.optional(),
  },
  typed(MESSAGES.object),
);

export const SubscriptionStatus = z.enum(['pending', 'authorized', 'paused', 'cancelled']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

export const PreapprovalRequest = z.looseObject(
  {
    reason: StringField,
    external_reference: StringField.optional(),
    payer_email: StringField.refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), { message: MESSAGES.email, params: { cause: 'property_value' } }),
    auto_recurring: AutoRecurring.optional(),
    preapproval_plan_id: StringField.optional(),
    back_url: UrlField,
    card_token_id: StringField.optional(),
    status: z.enum(['pending', 'authorized'], typed("must be 'pending' or 'authorized'")).optional(),
  },
  typed('must be a JSON object'),
);

export const PreapprovalUpdateRequest = z.looseObject(
  {
    reason: StringField.optional(),
    external_reference: StringField.optional(),
    back_url: UrlField.optional(),
    auto_recurring: AutoRecurringChange.optional(),
    status: SubscriptionStatus.optional(),
  },
  typed('must be a JSON object'),
);

export const PlanRequest = z.looseObject(
  { reason: StringField, back_url: UrlField, auto_recurring: AutoRecurring, payment_methods_allowed: z.looseObject({}).optional() },
  typed('must be a JSON object'),
);
export const PlanUpdateRequest = z.looseObject(
  {
    reason: StringField.optional(),
    back_url: UrlField.optional(),
    auto_recurring: AutoRecurringChange.optional(),
    status: z.enum(['active', 'cancelled']).optional(),
  },
  typed('must be a JSON object'),
);

const AutoRecurringAnswer = z.looseObject({ frequency: z.number().int(), frequency_type: z.string(), transaction_amount: z.number(), currency_id: z.string() });

export const Preapproval = z.looseObject({
  id: z.string(),
  payer_id: z.number().int(),
  payer_email: z.string(),
  collector_id: z.number().int(),
  application_id: z.number().int(),
  status: SubscriptionStatus,
  reason: z.string(),
  external_reference: z.string(),
  back_url: z.string(),
  init_point: z.string(),
  auto_recurring: AutoRecurringAnswer,
  preapproval_plan_id: z.string().nullable(),
  date_created: z.string(),
  last_modified: z.string(),
  next_payment_date: z.string(),
});
export type Preapproval = z.infer<typeof Preapproval>;

export const Plan = z.looseObject({
  id: z.string(),
  status: z.enum(['active', 'cancelled']),
  reason: z.string(),
  back_url: z.string(),
  collector_id: z.number().int(),
  application_id: z.number().int(),
  init_point: z.string(),
  auto_recurring: AutoRecurringAnswer,
  date_created: z.string(),
  last_modified: z.string(),
  subscribed: z.number().int(),
});
export type Plan = z.infer<typeof Plan>;

export const SubscriptionSearchQuery = z.object({
  payer_id: z.coerce.number().int().optional(),
  payer_email: z.string().optional(),
  status: z.string().optional(),
  external_reference: z.string().optional(),
  preapproval_plan_id: z.string().optional(),
  q: z.string().optional(),
  offset: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type SubscriptionSearchQuery = z.infer<typeof SubscriptionSearchQuery>;
