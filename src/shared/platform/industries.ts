/**
 * The industry data catalogue of spec 2.5, held once as data: which item, payer and shipment fields
 * exist, their types and UI labels, and which of them each of the 13 industries uses. The preference
 * validator (preferences.ts) builds its zod schemas from it and the app's checkout form renders from
 * it, so the two cannot drift. Pure TypeScript: no Node or DOM APIs.
 */

import type { Text } from '../i18n/text';

/** The types named in 2.5 ("Types: String, Integer, Float, Boolean, Date (ISO 8601 timestamp), Object, Enum"). */
export type FieldType = 'string' | 'integer' | 'float' | 'boolean' | 'date' | 'enum' | 'object';

/** A field's or an industry's name in every language: a Text of the shared catalogue (src/shared/i18n). */
export type Label = Text;

interface FieldBase {
  readonly label: Label;
  /**
   * Other spellings the spec's sample payloads use for this field (2.5, last paragraph). They are
   * accepted on input and rewritten to the documented key, so stored preferences carry one spelling.
   */
  readonly aliases?: readonly string[];
}

export interface ScalarField extends FieldBase {
  readonly type: 'string' | 'boolean' | 'date';
}

export interface NumberField extends FieldBase {
  readonly type: 'integer' | 'float';
  /** Inclusive lower bound, for the form's input and the validator. */
  readonly minimum?: number;
  /** Exclusive lower bound. */
  readonly exclusiveMinimum?: number;
  /** Also a string of digits, as the platform's reference types it (docs/decisions.md, "Industry field types"). */
  readonly digitString?: true;
}

export interface EnumField extends FieldBase {
  readonly type: 'enum';
  readonly values: readonly string[];
  readonly valueLabels?: Readonly<Record<string, Label>>;
  /** The values are suggestions: any non-empty string is accepted (docs/decisions.md, "Industry field types"). */
  readonly open?: true;
}

export interface ObjectField extends FieldBase {
  readonly type: 'object';
  readonly fields: FieldMap;
}

export type FieldSpec = ScalarField | NumberField | EnumField | ObjectField;
export type FieldMap = Readonly<Record<string, FieldSpec>>;

/** The TypeScript value a field holds once validated (every industry field is optional). */
export type FieldValue<F> = F extends { type: 'string' | 'date' }
  ? string
  : F extends { type: 'integer'; digitString: true }
    ? number | string
    : F extends { type: 'enum'; open: true }
      ? string
      : F extends { type: 'integer' | 'float' }
        ? number
        : F extends { type: 'boolean' }
          ? boolean
          : F extends { type: 'enum'; values: readonly (infer V)[] }
            ? V
            : F extends { type: 'object'; fields: infer C }
              ? ObjectValue<C>
              : never;

export type ObjectValue<C> = { [K in keyof C]?: FieldValue<C[K]> };

/** Dotted paths to the leaves of a field map, e.g. `category_descriptor.passenger.first_name`. */
export type LeafPath<C> = {
  [K in keyof C & string]: C[K] extends { type: 'object'; fields: infer S } ? `${K}.${LeafPath<S>}` : K;
}[keyof C & string];

const label = (en: string, es: string): Label => ({ en, es });

const PASSENGER_FIELDS = {
  first_name: { type: 'string', label: label('First name', 'Nombre') },
  last_name: { type: 'string', label: label('Last name', 'Apellido') },
  identification_type: { type: 'string', label: label('Identification type', 'Tipo de identificación'), aliases: ['type'] },
  identification_number: { type: 'string', label: label('Identification number', 'Número de identificación'), aliases: ['number'] },
} as const satisfies FieldMap;

const ROUTE_FIELDS = {
  departure: { type: 'string', label: label('Departure', 'Origen') },
  destination: { type: 'string', label: label('Destination (arrival)', 'Destino (llegada)') },
  departure_date_time: { type: 'date', label: label('Departure date and time', 'Fecha y hora de salida') },
  arrival_date_time: { type: 'date', label: label('Arrival date and time', 'Fecha y hora de llegada') },
  company: { type: 'string', label: label('Company', 'Empresa') },
} as const satisfies FieldMap;

/** 2.5 "Item fields (array items)". `event_date` lives inside category_descriptor, as the request shape has it. */
export const ITEM_FIELDS = {
  id: { type: 'string', label: label('Code', 'Código') },
  title: { type: 'string', label: label('Name', 'Nombre') },
  type: { type: 'string', label: label('Type', 'Tipo') },
  description: { type: 'string', label: label('Description', 'Descripción') },
  picture_url: { type: 'string', label: label('Picture URL', 'URL de la imagen') },
  category_id: { type: 'string', label: label('Category', 'Categoría') },
  quantity: { type: 'integer', label: label('Quantity', 'Cantidad'), minimum: 1 },
  unit_price: { type: 'float', label: label('Unit price', 'Precio unitario'), exclusiveMinimum: 0 },
  warranty: { type: 'boolean', label: label('Has a guarantee', 'Tiene garantía') },
  category_descriptor: {
    type: 'object',
    label: label('Category description', 'Descripción de la categoría'),
    fields: {
      event_date: { type: 'date', label: label('Event date', 'Fecha del evento') },
      passenger: { type: 'object', label: label('Passenger', 'Pasajero'), fields: PASSENGER_FIELDS },
      route: { type: 'object', label: label('Route', 'Ruta'), fields: ROUTE_FIELDS },
    },
  },
} as const satisfies FieldMap;

export const AUTHENTICATION_TYPES = ['Gmail', 'Facebook', 'Native web', 'Other'] as const;

/** 2.5 "Buyer fields (object payer)". */
export const PAYER_FIELDS = {
  first_name: { type: 'string', label: label('First name', 'Nombre'), aliases: ['name'] },
  last_name: { type: 'string', label: label('Last name', 'Apellido'), aliases: ['surname'] },
  identification: {
    type: 'object',
    label: label('Identification', 'Identificación'),
    fields: {
      identification_type: { type: 'string', label: label('Identification type', 'Tipo de identificación'), aliases: ['type'] },
      identification_number: { type: 'string', label: label('Identification number', 'Número de identificación'), aliases: ['number'] },
    },
  },
  phone: {
    type: 'object',
    label: label('Phone', 'Teléfono'),
    fields: {
      area_code: { type: 'integer', label: label('Area code', 'Código de área'), digitString: true },
      number: { type: 'integer', label: label('Number', 'Número'), digitString: true },
    },
  },
  address: {
    type: 'object',
    label: label('Address', 'Dirección'),
    fields: {
      zip_code: { type: 'string', label: label('Zip code', 'Código postal') },
      street_name: { type: 'string', label: label('Street', 'Calle') },
      street_number: { type: 'integer', label: label('Street number', 'Número'), digitString: true },
    },
  },
  authentication_type: {
    type: 'enum',
    label: label('Sign-up method', 'Tipo de autenticación'),
    values: AUTHENTICATION_TYPES,
    open: true,
    valueLabels: {
      Gmail: label('Gmail', 'Gmail'),
      Facebook: label('Facebook', 'Facebook'),
      'Native web': label('Native web', 'Web nativa'),
      Other: label('Other', 'Otro'),
    },
  },
  registration_date: { type: 'date', label: label('Registration date', 'Fecha de registro'), aliases: ['registration date'] },
  is_prime_user: { type: 'boolean', label: label('Prime user', 'Usuario prime') },
  is_first_purchase_online: { type: 'boolean', label: label('First online purchase', 'Primera compra online') },
  last_purchase: { type: 'date', label: label('Last purchase', 'Última compra') },
} as const satisfies FieldMap;

/** 2.5 "Shipment fields (object shipments)". floor and apartment only count for two industries. */
export const SHIPMENT_FIELDS = {
  receiver_address: {
    type: 'object',
    label: label('Delivery address', 'Dirección de entrega'),
    fields: {
      zip_code: { type: 'string', label: label('Zip code', 'Código postal') },
      state_name: { type: 'string', label: label('Province', 'Provincia') },
      city_name: { type: 'string', label: label('City', 'Ciudad') },
      street_number: { type: 'integer', label: label('Street number', 'Número'), digitString: true },
      floor: { type: 'string', label: label('Floor', 'Piso') },
      apartment: { type: 'string', label: label('Apartment', 'Departamento') },
    },
  },
  express_shipment: { type: 'boolean', label: label('Express shipment', 'Envío express') },
  local_pickup: { type: 'boolean', label: label('Picked up at a branch', 'Retiro en sucursal') },
} as const satisfies FieldMap;

export type ItemPath = LeafPath<typeof ITEM_FIELDS>;
export type PayerPath = LeafPath<typeof PAYER_FIELDS>;
export type ShipmentPath = LeafPath<typeof SHIPMENT_FIELDS>;

export type IndustryId =
  | 'apparel'
  | 'electro'
  | 'entertainment'
  | 'home_and_deco'
  | 'applications_and_online_platforms'
  | 'retail'
  | 'government_and_public_services'
  | 'tourism'
  | 'hospitality'
  | 'utilities'
  | 'direct_sale'
  | 'automobiles_and_nautical'
  | 'urban_transport';

export interface Industry {
  readonly id: IndustryId;
  readonly label: Label;
  /** Leaf paths inside each element of `items`. */
  readonly items: readonly ItemPath[];
  /** Leaf paths inside `payer`. */
  readonly payer: readonly PayerPath[];
  /** Leaf paths inside `shipments`. */
  readonly shipments: readonly ShipmentPath[];
}

const BASE_ITEM = ['id', 'title', 'category_id', 'quantity', 'unit_price'] as const satisfies readonly ItemPath[];
const EVENT_DATE = ['category_descriptor.event_date'] as const satisfies readonly ItemPath[];
const PASSENGER = [
  'category_descriptor.passenger.first_name',
  'category_descriptor.passenger.last_name',
  'category_descriptor.passenger.identification_type',
  'category_descriptor.passenger.identification_number',
] as const satisfies readonly ItemPath[];
const ROUTE = [
  'category_descriptor.route.departure',
  'category_descriptor.route.destination',
  'category_descriptor.route.departure_date_time',
  'category_descriptor.route.arrival_date_time',
  'category_descriptor.route.company',
] as const satisfies readonly ItemPath[];

const FULL_PAYER = [
  'first_name',
  'last_name',
  'identification.identification_type',
  'identification.identification_number',
  'phone.area_code',
  'phone.number',
  'address.zip_code',
  'address.street_name',
  'address.street_number',
  'authentication_type',
  'registration_date',
  'is_prime_user',
  'is_first_purchase_online',
  'last_purchase',
] as const satisfies readonly PayerPath[];
const PAYER_WITHOUT_ADDRESS = FULL_PAYER.filter((path) => !path.startsWith('address.'));
const PAYER_WITHOUT_PRIME = FULL_PAYER.filter((path) => path !== 'is_prime_user');

const RECEIVER_ADDRESS = [
  'receiver_address.zip_code',
  'receiver_address.state_name',
  'receiver_address.city_name',
  'receiver_address.street_number',
] as const satisfies readonly ShipmentPath[];
const RECEIVER_ADDRESS_WITH_FLOOR = [...RECEIVER_ADDRESS, 'receiver_address.floor', 'receiver_address.apartment'] as const satisfies readonly ShipmentPath[];

/** 2.5 "Per-industry differences", row by row, in the spec's order. */
export const INDUSTRIES: readonly Industry[] = [
  {
    id: 'apparel',
    label: label('Apparel', 'Indumentaria'),
    items: [...BASE_ITEM, 'type', 'description', 'picture_url'],
    payer: FULL_PAYER,
    shipments: [...RECEIVER_ADDRESS, 'express_shipment'],
  },
  {
    id: 'electro',
    label: label('Electro', 'Electrónica'),
    items: [...BASE_ITEM, 'warranty'],
    payer: FULL_PAYER,
    shipments: ['local_pickup', ...RECEIVER_ADDRESS, 'express_shipment'],
  },
  {
    id: 'entertainment',
    label: label('Entertainment', 'Entretenimiento'),
    items: [...BASE_ITEM, ...EVENT_DATE],
    payer: PAYER_WITHOUT_ADDRESS,
    shipments: [...RECEIVER_ADDRESS, 'express_shipment'],
  },
  {
    id: 'home_and_deco',
    label: label('Home & deco', 'Hogar y deco'),
    items: [...BASE_ITEM, 'description', 'warranty'],
    payer: FULL_PAYER,
    shipments: [...RECEIVER_ADDRESS, 'express_shipment'],
  },
  {
    id: 'applications_and_online_platforms',
    label: label('Applications and online platforms', 'Aplicaciones y plataformas online'),
    items: [...BASE_ITEM],
    payer: FULL_PAYER,
    shipments: [],
  },
  {
    id: 'retail',
    label: label('Retail', 'Comercio minorista'),
    items: [...BASE_ITEM, 'description', 'picture_url'],
    payer: FULL_PAYER,
    shipments: [...RECEIVER_ADDRESS, 'express_shipment'],
  },
  {
    id: 'government_and_public_services',
    label: label('Government and public services', 'Gobierno y servicios públicos'),
    items: [...BASE_ITEM, 'description', ...EVENT_DATE],
    payer: FULL_PAYER,
    shipments: [...RECEIVER_ADDRESS],
  },
  {
    id: 'tourism',
    label: label('Tourism', 'Turismo'),
    items: [...BASE_ITEM, 'description', ...PASSENGER, ...ROUTE],
    payer: FULL_PAYER,
    shipments: [],
  },
  {
    id: 'hospitality',
    label: label('Hospitality', 'Hotelería'),
    items: [...BASE_ITEM, ...EVENT_DATE, ...PASSENGER],
    payer: FULL_PAYER,
    shipments: [],
  },
  {
    id: 'utilities',
    label: label('Utilities', 'Servicios públicos domiciliarios'),
    items: [...BASE_ITEM],
    payer: FULL_PAYER,
    shipments: [],
  },
  {
    id: 'direct_sale',
    label: label('Direct sale', 'Venta directa'),
    items: [...BASE_ITEM, 'description'],
    payer: FULL_PAYER,
    shipments: [...RECEIVER_ADDRESS_WITH_FLOOR, 'local_pickup'],
  },
  {
    id: 'automobiles_and_nautical',
    label: label('Automobiles and nautical', 'Automotriz y náutica'),
    items: [...BASE_ITEM, 'description'],
    payer: PAYER_WITHOUT_PRIME,
    shipments: [...RECEIVER_ADDRESS_WITH_FLOOR, 'local_pickup'],
  },
  {
    id: 'urban_transport',
    label: label('Urban transport', 'Transporte urbano'),
    items: [...BASE_ITEM, 'description'],
    payer: FULL_PAYER,
    shipments: [],
  },
];

/** "Home & deco", "home_and_deco" and "HOME-AND-DECO" all name the same industry. */
export function industryKey(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

export function findIndustry(text: string): Industry | undefined {
  const key = industryKey(text);
  return INDUSTRIES.find((industry) => industry.id === key);
}

export type CataloguePart = 'items' | 'payer' | 'shipments';

export interface CatalogueLeaf {
  readonly part: CataloguePart;
  /** Dotted path inside the part (inside one element for items). */
  readonly path: string;
  readonly field: Exclude<FieldSpec, ObjectField>;
  /** Labels of the enclosing objects then the field, outermost first, e.g. Passenger › First name. */
  readonly labels: readonly Label[];
}

export interface CatalogueNode {
  readonly part: CataloguePart;
  readonly path: string;
  readonly field: FieldSpec;
}

const PART_FIELDS: Readonly<Record<CataloguePart, FieldMap>> = { items: ITEM_FIELDS, payer: PAYER_FIELDS, shipments: SHIPMENT_FIELDS };

export function partFields(part: CataloguePart): FieldMap {
  return PART_FIELDS[part];
}

/** Every field of the catalogue, objects included, depth first. */
export function catalogueNodes(part: CataloguePart): CatalogueNode[] {
  const nodes: CatalogueNode[] = [];
  const walk = (fields: FieldMap, prefix: string): void => {
    for (const [key, field] of Object.entries(fields)) {
      const path = prefix === '' ? key : `${prefix}.${key}`;
      nodes.push({ part, path, field });
      if (field.type === 'object') walk(field.fields, path);
    }
  };
  walk(PART_FIELDS[part], '');
  return nodes;
}

/** Resolves a leaf path of a part to its field and labels; undefined when the catalogue has no such leaf. */
export function catalogueLeaf(part: CataloguePart, path: string): CatalogueLeaf | undefined {
  let fields: FieldMap | undefined = PART_FIELDS[part];
  const labels: Label[] = [];
  const keys = path.split('.');
  for (const [index, key] of keys.entries()) {
    const field: FieldSpec | undefined = fields?.[key];
    if (field === undefined) return undefined;
    labels.push(field.label);
    if (index === keys.length - 1) return field.type === 'object' ? undefined : { part, path, field, labels };
    fields = field.type === 'object' ? field.fields : undefined;
  }
  return undefined;
}

/** The leaves an industry uses, resolved with types and labels: what a form renders for it. */
export function industryLeaves(industry: Industry): CatalogueLeaf[] {
  const resolve = (part: CataloguePart, paths: readonly string[]): CatalogueLeaf[] =>
    paths.map((path) => {
      const leaf = catalogueLeaf(part, path);
      // The paths are typed against the catalogue, so this only fires if the catalogue itself is edited badly.
      if (leaf === undefined) throw new Error(`industry ${industry.id} names unknown field ${part}.${path}`);
      return leaf;
    });
  return [...resolve('items', industry.items), ...resolve('payer', industry.payer), ...resolve('shipments', industry.shipments)];
}
