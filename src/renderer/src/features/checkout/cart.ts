import { localeOf } from '../../lib/datetime';
import { formatAmount } from '../../lib/numbers';
import { catalogueLeaf, type CataloguePart, type FieldSpec, type Industry, type Label } from '../../../../shared/platform/industries';
import {
  formatPath,
  industryReport,
  MESSAGES,
  PreferenceRequest,
  type IndustryReport,
  type PreferenceRequestInput,
} from '../../../../shared/platform/preferences';
import type { CheckoutMessageKey } from './messages';

/**
 * The cart as the cashier types it, and how it becomes a 2.4/2.5 preference body. Pure: the form keeps
 * text per field, this module turns the text into typed values, checks the body with the platform's own
 * schema (so the form and the platform give the same reasons), and measures the industry data.
 */

/** How a field is typed and shown. The catalogue's types, plus the 2.4 members the catalogue leaves out. */
export type FieldKind = Exclude<FieldSpec['type'], 'object'> | 'email' | 'currency';

export interface FormField {
  readonly part: CataloguePart;
  /** Dotted path inside the part (inside one item for items). */
  readonly path: string;
  readonly kind: FieldKind;
  /** The field's own label, and the labels of the objects around it (Passenger › First name). */
  readonly labels: readonly Label[];
  readonly values?: readonly string[];
  readonly valueLabels?: Readonly<Record<string, Label>>;
  /** The industry recommends it (2.5): it counts in the completeness meter. */
  readonly recommended: boolean;
  /** The preference cannot be created without it. */
  readonly required: boolean;
}

export type FieldText = Readonly<Record<string, string>>;

export interface CartItemDraft {
  /** Stable across removals, for React keys and element ids. */
  readonly key: number;
  readonly values: FieldText;
}

export interface CartOptions {
  readonly externalReference: string;
  readonly backSuccess: string;
  readonly backPending: string;
  readonly backFailure: string;
  readonly autoReturn: boolean;
  readonly expires: boolean;
  /** `YYYY-MM-DDTHH:MM` as a datetime-local input gives it, in the cashier's time zone. */
  readonly expiresAt: string;
  /** Comma-separated payment method ids. */
  readonly excludedMethods: string;
  readonly excludedTypes: readonly string[];
  readonly installments: string;
  readonly defaultInstallments: string;
}

export interface CartDraft {
  readonly items: readonly CartItemDraft[];
  readonly payer: FieldText;
  readonly shipments: FieldText;
  readonly options: CartOptions;
}

/** Payment types a cashier may exclude (the platform's payment_type_id values seen at checkout). */
export const PAYMENT_TYPES = ['credit_card', 'debit_card', 'ticket', 'atm', 'bank_transfer'] as const;

export const DEFAULT_CURRENCY = 'ARS';

export function emptyItem(key: number): CartItemDraft {
  return { key, values: { quantity: '1', currency_id: DEFAULT_CURRENCY } };
}

export function emptyCart(): CartDraft {
  return {
    items: [emptyItem(1)],
    payer: {},
    shipments: {},
    options: {
      externalReference: '',
      backSuccess: '',
      backPending: '',
      backFailure: '',
      autoReturn: false,
      expires: false,
      expiresAt: '',
      excludedMethods: '',
      excludedTypes: [],
      installments: '',
      defaultInstallments: '',
    },
  };
}

const label = (en: string, es: string): Label => ({ en, es });

/** 2.4 members outside the 2.5 catalogue that every cart has. */
const EXTRA_FIELDS: Readonly<Record<string, { kind: FieldKind; label: Label }>> = {
  'items.currency_id': { kind: 'currency', label: label('Currency', 'Moneda') },
  'payer.email': { kind: 'email', label: label('E-mail', 'Correo electrónico') },
};

/** What every item shows whatever the industry (2.4 and the base fields of 2.5), in this order. */
const ITEM_BASE = ['title', 'quantity', 'unit_price', 'currency_id', 'id', 'category_id', 'picture_url'] as const;
const REQUIRED_ITEM_FIELDS = new Set(['title', 'quantity', 'unit_price']);

function formField(part: CataloguePart, path: string, recommended: boolean): FormField {
  const extra = EXTRA_FIELDS[`${part}.${path}`];
  if (extra !== undefined) return { part, path, kind: extra.kind, labels: [extra.label], recommended, required: false };
  const leaf = catalogueLeaf(part, path);
  // The paths come from the catalogue itself, so this only fires if the catalogue is edited badly.
  if (leaf === undefined) throw new Error(`the catalogue has no field ${part}.${path}`);
  const { field } = leaf;
  return {
    part,
    path,
    kind: field.type,
    labels: leaf.labels,
    ...(field.type === 'enum' ? { values: field.values, ...(field.valueLabels === undefined ? {} : { valueLabels: field.valueLabels }) } : {}),
    recommended,
    required: part === 'items' && REQUIRED_ITEM_FIELDS.has(path),
  };
}

export interface CartFields {
  /** The base fields of an item; `itemIndustry` the ones the industry adds. */
  readonly item: readonly FormField[];
  readonly itemIndustry: readonly FormField[];
  readonly payer: readonly FormField[];
  readonly shipments: readonly FormField[];
}

/** The form an industry gets: the shared 2.4 fields plus the 2.5 leaves it uses, from the one catalogue. */
export function cartFields(industry: Industry): CartFields {
  const recommendedItem = new Set<string>(industry.items);
  const base = new Set<string>(ITEM_BASE);
  return {
    item: ITEM_BASE.map((path) => formField('items', path, recommendedItem.has(path))),
    itemIndustry: industry.items.filter((path) => !base.has(path)).map((path) => formField('items', path, true)),
    payer: [formField('payer', 'email', false), ...industry.payer.map((path) => formField('payer', path, true))],
    shipments: industry.shipments.map((path) => formField('shipments', path, true)),
  };
}

/** The key a field's problem is filed under: the path the schema reports, e.g. `items[0].quantity`. */
export function fieldKey(part: CataloguePart, path: string, itemIndex = 0): string {
  return formatPath(part === 'items' ? ['items', itemIndex, ...path.split('.')] : [part, ...path.split('.')]);
}

/** Digits with at most one decimal mark, or thousands groups of three ("1.234.567", "1,234") with an optional decimal part. */
const PLAIN_NUMBER = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/;
const GROUPED_NUMBER = /^[-+]?\d{1,3}(?<mark>[.,])\d{3}(\k<mark>\d{3})*([.,]\d*)?$/;

/**
 * A number as a cashier writes it, in either convention (docs/decisions.md "Sandbox mode across restarts
 * and the walkthrough's polish"): "1234,5" and "1234.5"; "1.234,50" and "1,234.50" (the mark that
 * comes last is the decimal one); "1.234.567" (a mark repeated only groups thousands). A single mark is
 * always the decimal one, so "1.5" stays one and a half.
 */
function numberFrom(text: string): number | undefined {
  const trimmed = text.trim();
  if (PLAIN_NUMBER.test(trimmed)) return Number(trimmed.replace(',', '.'));
  const grouped = GROUPED_NUMBER.exec(trimmed);
  if (grouped === null) return undefined;
  const groupMark = grouped.groups?.['mark'] ?? '.';
  const withoutGroups = trimmed.split(groupMark).join('');
  // What is left is at most one mark, the other one: the decimal one.
  if (/[.,].*[.,]/.test(withoutGroups)) return undefined;
  return Number(withoutGroups.replace(',', '.'));
}

const pad = (value: number): string => String(Math.trunc(Math.abs(value))).padStart(2, '0');

/** A datetime-local value (the cashier's zone) as ISO 8601 with that zone's offset, which 2.4/2.5 dates need. */
export function localDateTimeToIso(text: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (match === null) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(date.getTime())) return undefined;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${pad(second)}.000${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}

/**
 * The typed value for a field's text, or the text itself when it does not convert, so the platform's
 * schema reports why (e.g. "must be an integer"); undefined when the field is left empty.
 */
export function valueOf(kind: FieldKind, text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  switch (kind) {
    case 'integer':
    case 'float':
      return numberFrom(text) ?? text;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : text;
    case 'date':
      return localDateTimeToIso(text) ?? text;
    case 'currency':
      return text.trim().toUpperCase();
    case 'email':
      return text.trim();
    case 'string':
    case 'enum':
      return text;
  }
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let current = target;
  for (const [index, key] of keys.entries()) {
    if (index === keys.length - 1) {
      current[key] = value;
      return;
    }
    const next = current[key];
    if (typeof next !== 'object' || next === null) current[key] = {};
    current = current[key] as Record<string, unknown>;
  }
}

function partBody(fields: readonly FormField[], text: FieldText): Record<string, unknown> | undefined {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = valueOf(field.kind, text[field.path]);
    if (value !== undefined) setPath(body, field.path, value);
  }
  return Object.keys(body).length === 0 ? undefined : body;
}

const numberOrText = (text: string): unknown => (text.trim() === '' ? null : (numberFrom(text) ?? text));

/** The preference body exactly as it will be sent (main adds notification_url and, if empty, the reference). */
export function buildPreference(draft: CartDraft, fields: CartFields): PreferenceRequestInput {
  const itemFields = [...fields.item, ...fields.itemIndustry];
  const items = draft.items.map((item) => partBody(itemFields, item.values) ?? {});
  const payer = partBody(fields.payer, draft.payer);
  const shipments = partBody(fields.shipments, draft.shipments);
  const { options } = draft;
  const backUrls = Object.fromEntries(
    (
      [
        ['success', options.backSuccess],
        ['pending', options.backPending],
        ['failure', options.backFailure],
      ] as const
    )
      .filter(([, url]) => url.trim() !== '')
      .map(([name, url]) => [name, url.trim()]),
  );
  const excludedMethods = options.excludedMethods
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  const body: Record<string, unknown> = {
    items,
    ...(payer === undefined ? {} : { payer }),
    // 2.4: shipments carries `mode` ("not_specified" is the value seen) besides the industry fields.
    ...(shipments === undefined ? {} : { shipments: { mode: 'not_specified', ...shipments } }),
    ...(Object.keys(backUrls).length === 0 ? {} : { back_urls: backUrls }),
    ...(options.autoReturn ? { auto_return: 'approved' } : {}),
    ...(options.externalReference.trim() === '' ? {} : { external_reference: options.externalReference.trim() }),
    ...(options.expires ? { expires: true, date_of_expiration: localDateTimeToIso(options.expiresAt) ?? options.expiresAt } : {}),
    payment_methods: {
      excluded_payment_methods: excludedMethods.map((id) => ({ id })),
      excluded_payment_types: options.excludedTypes.map((id) => ({ id })),
      installments: numberOrText(options.installments),
      default_installments: numberOrText(options.defaultInstallments),
      default_payment_method_id: null,
    },
  };
  return body as PreferenceRequestInput;
}

/** A problem as the schema words it, as a message key with its values, so it reads in the cashier's language. */
export interface Problem {
  readonly key: CheckoutMessageKey;
  readonly values?: Readonly<Record<string, string>>;
  /** The schema's own words, when no message of ours says the same. */
  readonly text?: string;
}

const EXACT_PROBLEMS: ReadonlyArray<[string, CheckoutMessageKey]> = [
  [MESSAGES.required, 'problem.required'],
  [MESSAGES.string, 'problem.string'],
  [MESSAGES.integer, 'problem.integer'],
  [MESSAGES.digits, 'problem.integer'],
  [MESSAGES.float, 'problem.float'],
  [MESSAGES.boolean, 'problem.boolean'],
  [MESSAGES.date, 'problem.date'],
  [MESSAGES.url, 'problem.url'],
  [MESSAGES.currency, 'problem.currency'],
  [MESSAGES.email, 'problem.email'],
  ['must contain at least one item', 'problem.oneItem'],
  ['is required when auto_return is set', 'problem.autoReturn'],
  ['must be the same currency as items[0]', 'problem.sameCurrency'],
];

export function problemOf(message: string): Problem {
  const exact = EXACT_PROBLEMS.find(([text]) => text === message);
  if (exact !== undefined) return { key: exact[1] };
  const enumeration = /^must be one of: (.*)$/.exec(message);
  if (enumeration !== null) return { key: 'problem.enum', values: { values: enumeration[1] ?? '' } };
  const atLeast = /^must be at least (.*)$/.exec(message);
  if (atLeast !== null) return { key: 'problem.atLeast', values: { value: atLeast[1] ?? '' } };
  const greater = /^must be greater than (.*)$/.exec(message);
  if (greater !== null) return { key: 'problem.greaterThan', values: { value: greater[1] ?? '' } };
  return { key: 'problem.string', text: message };
}

export interface CartCheck {
  readonly body: PreferenceRequestInput;
  /** Problems by field key (`items[0].quantity`, `payer.phone.number`, `back_urls.success`…). */
  readonly problems: ReadonlyMap<string, Problem>;
  readonly report: IndustryReport;
  readonly total: number;
}

/** Checks the cart with the platform's preference schema and measures it against the industry (2.5). */
export function checkCart(draft: CartDraft, fields: CartFields, industry: Industry, language: 'en' | 'es'): CartCheck {
  const body = buildPreference(draft, fields);
  const parsed = PreferenceRequest.safeParse(body, { reportInput: true });
  const problems = new Map<string, Problem>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = formatPath(issue.path);
      const missing = issue.code === 'invalid_type' && issue.input === undefined;
      if (!problems.has(key)) problems.set(key, missing ? { key: 'problem.required' } : problemOf(issue.message));
    }
  }
  const items = (body.items as ReadonlyArray<Record<string, unknown>>) ?? [];
  const total = items.reduce((sum, item) => {
    const quantity = typeof item['quantity'] === 'number' ? item['quantity'] : 0;
    const price = typeof item['unit_price'] === 'number' ? item['unit_price'] : 0;
    return sum + quantity * price;
  }, 0);
  const report = industryReport(industry, { items, payer: body.payer, shipments: body.shipments }, language);
  return { body, problems, report, total: Math.round(total * 100) / 100 };
}

/**
 * A field's name for the cashier: its catalogue labels, outermost first, without what adds nothing —
 * category_descriptor (how the request nests event_date, passenger and route) and a group whose name the
 * field's own name repeats ("Identification › Identification type" reads "Identification type").
 */
export function displayLabel(path: string, labels: readonly Label[], language: 'en' | 'es'): string {
  const segments = path.split('.');
  const texts = labels.map((entry) => entry[language]);
  return texts
    .filter((text, index) => {
      if (segments[index] === 'category_descriptor') return false;
      const inner = texts[index + 1];
      return inner === undefined || !inner.toLocaleLowerCase(language).includes(text.toLocaleLowerCase(language));
    })
    .join(' › ');
}

/** The label a path of the report has in the catalogue, e.g. `items[0].warranty` → "Item 1 · Has a guarantee". */
export function reportPathLabel(path: string, language: 'en' | 'es', itemWord: string): string {
  const match = /^(items)\[(\d+)\]\.(.+)$|^(payer|shipments)\.(.+)$/.exec(path);
  if (match === null) return path;
  const part = (match[1] ?? match[4]) as CataloguePart;
  const leafPath = match[3] ?? match[5] ?? '';
  const leaf = catalogueLeaf(part, leafPath);
  const names = leaf === undefined ? '' : displayLabel(leafPath, leaf.labels, language);
  if (part === 'items') return `${itemWord.replace('{number}', String(Number(match[2]) + 1))} · ${names || leafPath}`;
  return names || leafPath;
}

/** An amount as a cashier reads it, in the sale's currency when it has a valid one. */
export function formatMoney(amount: number, currency: string | null, language: string): string {
  if (currency !== null && /^[A-Z]{3}$/.test(currency)) {
    try {
      return new Intl.NumberFormat(localeOf(language === 'es' ? 'es' : 'en'), { style: 'currency', currency, useGrouping: 'always' }).format(amount);
    } catch {
      // An unknown code falls through to the plain number.
    }
  }
  return formatAmount(amount, language === 'es' ? 'es' : 'en');
}
