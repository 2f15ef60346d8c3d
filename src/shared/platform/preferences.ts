import { z } from 'zod';
import type { ErrorCause } from './errors';
import {
  ITEM_FIELDS,
  PAYER_FIELDS,
  SHIPMENT_FIELDS,
  type FieldMap,
  type FieldSpec,
  type FieldValue,
  type Industry,
  type IndustryId,
  type ObjectValue,
} from './industries';

/**
 * Checkout preference (spec 2.4, 2.5, 4.2). The industry fields are validated from the catalogue in
 * industries.ts; the shared shape of 2.4 is written here. Every type mistake is reported, each with the
 * path the caller sent, as `cause` entries of the platform error body.
 */

/** The `code` of a cause: the 7.2 codes, reused because 7 shows none for preferences (docs/decisions.md). */
export type ValidationCauseCode = 'required_properties' | 'property_type' | 'property_value';

export const MESSAGES = {
  required: 'is required',
  string: 'must be a string',
  integer: 'must be an integer',
  digits: 'must be an integer or a string of digits',
  float: 'must be a number',
  boolean: 'must be a boolean',
  date: 'must be an ISO 8601 timestamp with a UTC offset, e.g. 2026-01-15T09:30:00.000-03:00',
  object: 'must be an object',
  array: 'must be an array',
  url: 'must be an absolute http or https URL',
  currency: 'must be a three-letter currency code, e.g. ARS',
  email: 'must be an e-mail address',
  enumOf: (values: readonly string[]): string => `must be one of: ${values.join(', ')}`,
} as const;

const typed = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? MESSAGES.required : message),
});

/** A cause code carried by a refinement, read back by `issuesToCauses`. */
const causeParams = (cause: ValidationCauseCode) => ({ params: { cause } });

const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** 2.5 "Date (ISO 8601 timestamp)"; 2.4 asks for an offset on date_of_expiration, and one rule for all is simpler to honour. */
export function isIsoTimestamp(value: string): boolean {
  const match = ISO_TIMESTAMP.exec(value);
  if (match === null) return false;
  const [year, month, day, hour, minute, second] = [match[1], match[2], match[3], match[4], match[5], match[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // Date.parse rolls 2030-02-30 over to March 2; a day past its month's end is as wrong as hour 25 (2.5).
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59) return false;
  return !Number.isNaN(Date.parse(value));
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const StringField = z.string(typed(MESSAGES.string));
export const IntegerField = z.int(typed(MESSAGES.integer));
export const FloatField = z.number(typed(MESSAGES.float));
export const BooleanField = z.boolean(typed(MESSAGES.boolean));
export const DateField = z.string(typed(MESSAGES.date)).refine(isIsoTimestamp, { message: MESSAGES.date, ...causeParams('property_type') });
export const UrlField = z.string(typed(MESSAGES.url)).refine(isHttpUrl, { message: MESSAGES.url, ...causeParams('property_value') });
export const CurrencyField = z.string(typed(MESSAGES.currency)).regex(/^[A-Z]{3}$/, { message: MESSAGES.currency });

function numberSchema(field: Extract<FieldSpec, { type: 'integer' | 'float' }>): z.ZodNumber {
  let schema = field.type === 'integer' ? IntegerField : FloatField;
  if (field.minimum !== undefined) schema = schema.min(field.minimum, { message: `must be at least ${field.minimum}` });
  if (field.exclusiveMinimum !== undefined) schema = schema.gt(field.exclusiveMinimum, { message: `must be greater than ${field.exclusiveMinimum}` });
  return schema;
}

function fieldSchema(field: FieldSpec): z.ZodType {
  switch (field.type) {
    case 'string':
      return StringField;
    case 'integer':
    case 'float':
      // The platform's reference types phone numbers and street numbers as strings ("011"); an integer still passes.
      return field.digitString === true
        ? z.union([numberSchema(field), z.string().regex(/^\d{1,20}$/, { message: MESSAGES.digits })], typed(MESSAGES.digits))
        : numberSchema(field);
    case 'boolean':
      return BooleanField;
    case 'date':
      return DateField;
    case 'enum':
      if (field.open === true) return StringField.min(1, { message: 'must not be empty' });
      return z.enum(field.values as [string, ...string[]], typed(MESSAGES.enumOf(field.values)));
    case 'object':
      return catalogueObject(field.fields);
  }
}

interface CatalogueObjectOptions<R extends string, E extends Readonly<Record<string, z.ZodType>>> {
  /** Keys that must be present (2.5 marks none; 2.4 items need some, decided in docs). */
  required?: readonly R[];
  /** Members of the 2.4 shape that are not industry fields, such as an item's currency_id. */
  extra?: E;
}

/** The validated value: every catalogue field optional except the required ones, plus the extras, plus pass-through members. */
export type CatalogueObjectValue<F, R extends keyof F, E extends Readonly<Record<string, z.ZodType>>> = ObjectValue<F> & {
  [K in R]-?: FieldValue<F[K]>;
} & { [K in keyof E]?: z.output<E[K]> } & Record<string, unknown>;

/**
 * A zod object for a catalogue field map. Unknown members pass through untouched, because the platform
 * accepts many preference fields the spec does not list. The sample spellings (aliases) are validated
 * under the key the caller sent, so an error names that key, then rewritten to the documented key.
 */
export function catalogueObject<
  const F extends FieldMap,
  const R extends keyof F & string = never,
  const E extends Readonly<Record<string, z.ZodType>> = Record<never, never>,
>(fields: F, options: CatalogueObjectOptions<R, E> = {}): z.ZodType<CatalogueObjectValue<F, R, E>> {
  const shape: Record<string, z.ZodType> = {};
  const aliased: Array<[string, readonly string[]]> = [];
  for (const [key, field] of Object.entries(fields)) {
    const schema = fieldSchema(field);
    shape[key] = (options.required as readonly string[] | undefined)?.includes(key) === true ? schema : schema.optional();
    if (field.aliases !== undefined && field.aliases.length > 0) {
      aliased.push([key, field.aliases]);
      for (const alias of field.aliases) shape[alias] = schema.optional();
    }
  }
  Object.assign(shape, options.extra);
  const object = z.looseObject(shape, typed(MESSAGES.object));
  if (aliased.length === 0) return object as unknown as z.ZodType<CatalogueObjectValue<F, R, E>>;
  const normalized = object.transform((input, context) => {
    const output: Record<string, unknown> = { ...input };
    for (const [key, aliases] of aliased) {
      for (const alias of aliases) {
        if (!(alias in output)) continue;
        const value = output[alias];
        delete output[alias];
        if (value === undefined) continue;
        if (output[key] === undefined) {
          output[key] = value;
        } else if (JSON.stringify(output[key]) !== JSON.stringify(value)) {
          context.issues.push({
            code: 'custom',
            path: [alias],
            input: value,
            message: `conflicts with ${key}; send one of them`,
            params: { cause: 'property_value' },
          });
        }
      }
    }
    return output;
  });
  return normalized as unknown as z.ZodType<CatalogueObjectValue<F, R, E>>;
}

/** 2.4: each item carries currency_id; title, quantity and unit_price are what a payment needs. */
export const PreferenceItem = catalogueObject(ITEM_FIELDS, {
  required: ['title', 'quantity', 'unit_price'],
  extra: { currency_id: CurrencyField.optional() },
});
export type PreferenceItem = z.output<typeof PreferenceItem>;

/** 2.4: the payer also carries email and date_created (a plain string there). */
export const PreferencePayer = catalogueObject(PAYER_FIELDS, {
  extra: {
    email: StringField.refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), { message: MESSAGES.email, ...causeParams('property_value') }).optional(),
    date_created: StringField.optional(),
  },
});
export type PreferencePayer = z.output<typeof PreferencePayer>;

/** 2.4: shipments has `mode` (value seen `not_specified`) plus the industry fields. */
export const PreferenceShipments = catalogueObject(SHIPMENT_FIELDS, { extra: { mode: StringField.optional() } });
export type PreferenceShipments = z.output<typeof PreferenceShipments>;

const IdObject = z.looseObject({ id: StringField }, typed(MESSAGES.object));

export const PaymentMethods = z.looseObject(
  {
    excluded_payment_methods: z.array(IdObject, typed(MESSAGES.array)).optional(),
    excluded_payment_types: z.array(IdObject, typed(MESSAGES.array)).optional(),
    default_installments: IntegerField.nullable().optional(),
    default_payment_method_id: StringField.nullable().optional(),
    installments: IntegerField.nullable().optional(),
  },
  typed(MESSAGES.object),
);

export const BackUrls = z.looseObject({ success: UrlField.optional(), pending: UrlField.optional(), failure: UrlField.optional() }, typed(MESSAGES.object));

/** `approved` is the value 2.4 shows; `all` is the platform's other value (redirect whatever the outcome). */
export const AutoReturn = z.enum(['approved', 'all'], typed(MESSAGES.enumOf(['approved', 'all'])));

const preferenceShape = {
  items: z.array(PreferenceItem, typed(MESSAGES.array)).min(1, { message: 'must contain at least one item' }),
  payer: PreferencePayer.optional(),
  shipments: PreferenceShipments.optional(),
  back_urls: BackUrls.optional(),
  auto_return: AutoReturn.optional(),
  notification_url: UrlField.optional(),
  expires: BooleanField.optional(),
  external_reference: StringField.optional(),
  date_of_expiration: DateField.optional(),
  payment_methods: PaymentMethods.optional(),
  metadata: z.record(z.string(), z.unknown(), typed(MESSAGES.object)).optional(),
};

/** Body of `POST /checkout/preferences`, normalized on output (sample spellings rewritten). */
export const PreferenceRequest = z.looseObject(preferenceShape, typed('must be a JSON object')).superRefine((preference, context) => {
  if (preference.auto_return !== undefined && preference.back_urls?.success === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['back_urls', 'success'],
      message: 'is required when auto_return is set',
      params: { cause: 'required_properties' },
    });
  }
  const currencies = new Set(preference.items.map((item) => item.currency_id).filter((currency) => currency !== undefined));
  if (currencies.size > 1) {
    preference.items.forEach((item, index) => {
      if (item.currency_id !== undefined && item.currency_id !== preference.items[0]?.currency_id) {
        context.addIssue({
          code: 'custom',
          path: ['items', index, 'currency_id'],
          message: 'must be the same currency as items[0]',
          params: { cause: 'property_value' },
        });
      }
    });
  }
});
export type PreferenceRequest = z.output<typeof PreferenceRequest>;
export type PreferenceRequestInput = z.input<typeof PreferenceRequest>;

/** Sandbox extra on create/get with `X-Sandbox-Industry`: which recommended fields (2.5) the payload lacks. */
export const IndustryReport = z.object({
  industry: z.string(),
  label: z.string(),
  recommended: z.array(z.string()),
  missing: z.array(z.string()),
  present_count: z.number().int(),
  recommended_count: z.number().int(),
  /** present_count / recommended_count, rounded to 3 decimals; 1 when the industry recommends nothing. */
  completeness: z.number().min(0).max(1),
});
export type IndustryReport = z.infer<typeof IndustryReport>;

/**
 * What the platform answers to create and get (docs/decisions.md "Preference response"). Parsed leniently:
 * the real platform answers with empty strings for unset URLs, which the request schema would refuse.
 */
export const Preference = z.looseObject({
  id: z.string(),
  init_point: z.string(),
  sandbox_init_point: z.string(),
  date_created: z.string(),
  collector_id: z.number().int(),
  client_id: z.string(),
  site_id: z.string().optional(),
  operation_type: z.string().optional(),
  items: z.array(z.looseObject({ title: z.string(), quantity: z.number(), unit_price: z.number(), currency_id: z.string().optional() })),
  payer: z.looseObject({}).optional(),
  back_urls: z.looseObject({ success: z.string().optional(), pending: z.string().optional(), failure: z.string().optional() }).optional(),
  auto_return: z.string().optional(),
  notification_url: z.string().nullable().optional(),
  external_reference: z.string().optional(),
  expires: z.boolean().optional(),
  date_of_expiration: z.string().nullable().optional(),
  payment_methods: z.looseObject({}).optional(),
  shipments: z.looseObject({}).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  industry_report: IndustryReport.optional(),
});
export type Preference = z.infer<typeof Preference>;

/** `items[0].category_descriptor["event date"]` style: what a developer would type to reach the value. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (typeof segment === 'string' && /^[A-Za-z_$][\w$]*$/.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(String(segment))}]`;
  }
  return text;
}

interface IssueLike {
  code: string;
  path: ReadonlyArray<PropertyKey>;
  message: string;
  input?: unknown;
  params?: Record<string, unknown>;
}

/** Zod issues (parsed with `reportInput: true`) as the `cause` entries of the platform error body, one per offending path. */
export function issuesToCauses(issues: readonly IssueLike[], root = 'body'): ErrorCause[] {
  return issues.map((issue) => {
    const path = formatPath(issue.path);
    let code: ValidationCauseCode;
    if (issue.code === 'invalid_type') code = issue.input === undefined ? 'required_properties' : 'property_type';
    else if (issue.code === 'invalid_value') code = typeof issue.input === 'string' ? 'property_value' : 'property_type';
    else if (issue.code === 'invalid_union') code = 'property_type';
    else if (issue.code === 'custom') code = (issue.params?.['cause'] as ValidationCauseCode | undefined) ?? 'property_value';
    else code = 'property_value';
    const description = `${path === '' ? root : path} ${issue.message}`;
    // data.property as the print actions give it, so a client can point at the field without parsing text.
    return { code, description, data: { property: path === '' ? root : path } };
  });
}

function valueAt(root: unknown, path: string): unknown {
  let current: unknown = root;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const isPresent = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/**
 * Compares a preference with what an industry recommends (2.5), path by path. The payer may be in the
 * spec's spelling or in the platform's answer spelling (name, surname, identification.type): it is
 * read through its schema, which rewrites the latter.
 */
export function industryReport(
  industry: Industry,
  preference: { readonly items: readonly unknown[]; readonly payer?: unknown; readonly shipments?: unknown },
  labelLanguage: 'en' | 'es' = 'en',
): IndustryReport {
  const recommended: string[] = [];
  const missing: string[] = [];
  const check = (fullPath: string, value: unknown): void => {
    recommended.push(fullPath);
    if (!isPresent(value)) missing.push(fullPath);
  };
  preference.items.forEach((item, index) => {
    for (const path of industry.items) check(`items[${index}].${path}`, valueAt(item, path));
  });
  const payer = PreferencePayer.safeParse(preference.payer);
  const payerValue = payer.success ? payer.data : preference.payer;
  for (const path of industry.payer) check(`payer.${path}`, valueAt(payerValue, path));
  for (const path of industry.shipments) check(`shipments.${path}`, valueAt(preference.shipments, path));
  const present = recommended.length - missing.length;
  return {
    industry: industry.id satisfies IndustryId,
    label: industry.label[labelLanguage],
    recommended,
    missing,
    present_count: present,
    recommended_count: recommended.length,
    completeness: recommended.length === 0 ? 1 : Math.round((present / recommended.length) * 1000) / 1000,
  };
}
