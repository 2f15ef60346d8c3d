import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformErrorBody } from '../../shared/platform/errors';
import { catalogueNodes, INDUSTRIES, industryLeaves, type CataloguePart, type FieldSpec, type FieldType } from '../../shared/platform/industries';
import { isIsoTimestamp, MESSAGES, Preference } from '../../shared/platform/preferences';
import { INDUSTRY_SAMPLES } from '../checkout/industry-samples';
import { setPath, startTestSandbox, type TestSandbox } from '../checkout/test-support';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => {
  await t.close();
});

const minimal = (): Record<string, unknown> => ({ items: [{ title: 'Mug', quantity: 1, unit_price: 10 }] });

async function create(body: unknown, headers: Record<string, string> = {}) {
  return t.call('POST', '/checkout/preferences', { body, headers });
}

/** The refusal, with each cause's data.property checked against its description and then left out. */
async function refused(body: unknown): Promise<{ cause: Array<{ code: string | number; description: string }> }> {
  const response = await create(body);
  expect(response.status, response.body).toBe(400);
  const error = PlatformErrorBody.parse(response.json());
  expect(error).toMatchObject({ error: 'bad_request', message: 'invalid preference', status: 400 });
  for (const cause of error.cause) {
    const property = (cause.data as { property?: string } | undefined)?.property ?? '';
    expect(cause.description === property || cause.description.startsWith(`${property} `), `${property} / ${cause.description}`).toBe(true);
  }
  return { cause: error.cause.map(({ code, description }) => ({ code, description })) };
}

describe('POST /checkout/preferences: every industry of spec 2.5', () => {
  it.each(INDUSTRIES.map((industry) => [industry.label.en, industry.id] as const))(
    'accepts the %s sample and finds nothing missing for it',
    async (_label, id) => {
      const response = await create(INDUSTRY_SAMPLES[id], { 'x-sandbox-industry': id });
      expect(response.status, response.body).toBe(201);
      const preference = Preference.parse(response.json());
      expect(preference.industry_report).toMatchObject({ industry: id, missing: [], completeness: 1 });
      expect(preference.industry_report?.recommended_count).toBe(industryLeaves(INDUSTRIES.find((industry) => industry.id === id) ?? INDUSTRIES[0]!).length);
    },
  );

  it('lists what an industry recommends but the payload lacks, with a completeness figure', async () => {
    const response = await create(
      { items: [{ id: 'TV', title: 'TV', quantity: 1, unit_price: 10 }], payer: { first_name: 'Ana' } },
      { 'x-sandbox-industry': 'Electro' },
    );
    const report = Preference.parse(response.json()).industry_report;
    expect(report?.missing).toContain('items[0].warranty');
    expect(report?.missing).toContain('items[0].category_id');
    expect(report?.missing).toContain('shipments.receiver_address.zip_code');
    expect(report?.missing).not.toContain('payer.first_name');
    // Electro: 6 item + 14 payer + 6 shipment fields; present: id, title, quantity, unit_price, first_name.
    expect(report).toMatchObject({ recommended_count: 26, present_count: 5, completeness: Math.round((5 / 26) * 1000) / 1000 });
  });

  it('takes the industry from ?industry= and by its name with an ampersand', async () => {
    const byQuery = await t.call('POST', '/checkout/preferences?industry=home%20%26%20deco', { body: minimal() });
    expect(Preference.parse(byQuery.json()).industry_report?.industry).toBe('home_and_deco');
    const withoutHeader = Preference.parse((await create(minimal())).json());
    expect(withoutHeader.industry_report).toBeUndefined();
  });

  it('refuses an unknown industry and names the valid ones', async () => {
    const response = await create(minimal(), { 'x-sandbox-industry': 'Pets' });
    expect(response.status).toBe(400);
    expect(PlatformErrorBody.parse(response.json()).cause[0]?.description).toContain('home_and_deco');
  });

  it('keeps each industry to the table of 2.5', () => {
    const byId = new Map(INDUSTRIES.map((industry) => [industry.id, industry]));
    expect(INDUSTRIES.map((industry) => industry.label.en)).toEqual([
      'Apparel',
      'Electro',
      'Entertainment',
      'Home & deco',
      'Applications and online platforms',
      'Retail',
      'Government and public services',
      'Tourism',
      'Hospitality',
      'Utilities',
      'Direct sale',
      'Automobiles and nautical',
      'Urban transport',
    ]);
    expect(byId.get('entertainment')?.payer.some((path) => path.startsWith('address.'))).toBe(false);
    expect(byId.get('automobiles_and_nautical')?.payer).not.toContain('is_prime_user');
    expect(byId.get('government_and_public_services')?.shipments).not.toContain('express_shipment');
    for (const industry of INDUSTRIES) {
      const floors = industry.shipments.includes('receiver_address.floor');
      expect(floors, industry.id).toBe(industry.id === 'direct_sale' || industry.id === 'automobiles_and_nautical');
      for (const base of ['id', 'title', 'category_id', 'quantity', 'unit_price'] as const) expect(industry.items).toContain(base);
    }
  });
});

/** Wrong values for each catalogue type, with the cause the sandbox must give. */
const WRONG: Readonly<Record<FieldType, ReadonlyArray<{ value: unknown; code: string; message: string }>>> = {
  string: [{ value: 42, code: 'property_type', message: MESSAGES.string }],
  integer: [
    { value: 2.5, code: 'property_type', message: MESSAGES.integer },
    { value: '3', code: 'property_type', message: MESSAGES.integer },
  ],
  float: [{ value: '12.50', code: 'property_type', message: MESSAGES.float }],
  boolean: [{ value: 'true', code: 'property_type', message: MESSAGES.boolean }],
  date: [
    { value: '15/01/2026', code: 'property_type', message: MESSAGES.date },
    { value: 1_768_478_400_000, code: 'property_type', message: MESSAGES.date },
    { value: '2026-01-15T09:30:00', code: 'property_type', message: MESSAGES.date },
    { value: '2030-01-15T25:00:00.000-03:00', code: 'property_type', message: MESSAGES.date },
    { value: '2030-02-30T10:00:00.000-03:00', code: 'property_type', message: MESSAGES.date },
    { value: '2031-02-29T10:00:00.000-03:00', code: 'property_type', message: MESSAGES.date },
  ],
  enum: [
    { value: 'Twitter', code: 'property_value', message: MESSAGES.enumOf(['Gmail', 'Facebook', 'Native web', 'Other']) },
    { value: 3, code: 'property_type', message: MESSAGES.enumOf(['Gmail', 'Facebook', 'Native web', 'Other']) },
  ],
  object: [
    { value: 'yes', code: 'property_type', message: MESSAGES.object },
    { value: [], code: 'property_type', message: MESSAGES.object },
  ],
};

/** Fields the platform's reference types more loosely than the seed: digits as a string, a free-text sign-up method. */
const DIGIT_STRING_WRONG = [
  { value: 2.5, code: 'property_type', message: MESSAGES.digits },
  { value: '12a', code: 'property_value', message: MESSAGES.digits },
] as const;
const OPEN_ENUM_WRONG = [{ value: 3, code: 'property_type', message: MESSAGES.string }] as const;
const wrongFor = (field: FieldSpec): ReadonlyArray<{ value: unknown; code: string; message: string }> =>
  field.type === 'integer' && field.digitString === true
    ? DIGIT_STRING_WRONG
    : field.type === 'enum' && field.open === true
      ? OPEN_ENUM_WRONG
      : WRONG[field.type];

const bodyPath = (part: CataloguePart, path: string): Array<string | number> =>
  part === 'items' ? ['items', 0, ...path.split('.')] : [part, ...path.split('.')];
const shownPath = (part: CataloguePart, path: string): string => (part === 'items' ? `items[0].${path}` : `${part}.${path}`);

const wrongCases = (['items', 'payer', 'shipments'] as const).flatMap((part) =>
  catalogueNodes(part).flatMap((node) => wrongFor(node.field).map((wrong) => ({ part, path: node.path, type: node.field.type, ...wrong }))),
);

describe('POST /checkout/preferences: every field is checked by its type (generated from the catalogue)', () => {
  it('covers every node of the catalogue', () => {
    expect(new Set(wrongCases.map((c) => `${c.part}.${c.path}`)).size).toBe(
      catalogueNodes('items').length + catalogueNodes('payer').length + catalogueNodes('shipments').length,
    );
  });

  it.each(wrongCases.map((c) => [shownPath(c.part, c.path), c.type, JSON.stringify(c.value), c] as const))(
    '%s (%s) refuses %s, naming the path',
    async (_path, _type, _value, c) => {
      const body = minimal();
      setPath(body, bodyPath(c.part, c.path), c.value);
      const response = await create(body);
      expect(response.status).toBe(400);
      expect(PlatformErrorBody.parse(response.json()).cause).toEqual([
        { code: c.code, description: `${shownPath(c.part, c.path)} ${c.message}`, data: { property: shownPath(c.part, c.path) } },
      ]);
    },
  );

  it("accepts the official SDKs' example industry data: phone and street numbers as strings, authentication_type MOBILE", async () => {
    const response = await create({
      ...minimal(),
      payer: { phone: { area_code: '011', number: '987654321' }, address: { street_number: '123' }, authentication_type: 'MOBILE' },
      shipments: { receiver_address: { street_number: '1234' } },
    });
    expect(response.status, response.body).toBe(201);
    expect(Preference.parse(response.json()).payer).toMatchObject({ phone: { area_code: '011', number: '987654321' }, authentication_type: 'MOBILE' });
    expect((await create({ ...minimal(), payer: { phone: { area_code: 11, number: 987654321 }, address: { street_number: 123 } } })).status).toBe(201);
  });

  it('accepts a leap day and the last day of each month (2.5 Date)', () => {
    for (const value of ['2028-02-29T10:00:00.000-03:00', '2030-04-30T23:59:59Z', '2030-12-31T00:00:00+00:00']) expect(isIsoTimestamp(value), value).toBe(true);
  });

  it('names every offending path at once, not only the first', async () => {
    const body = minimal();
    const leaves = (['items', 'payer', 'shipments'] as const).flatMap((part) =>
      catalogueNodes(part)
        .filter((node) => node.field.type !== 'object')
        .map((node) => ({ part, node })),
    );
    for (const { part, node } of leaves) setPath(body, bodyPath(part, node.path), wrongFor(node.field)[0]?.value);
    const error = await refused(body);
    expect(error.cause).toHaveLength(leaves.length);
    expect(error.cause.map((cause) => cause.description.split(' ')[0])).toEqual(
      expect.arrayContaining(leaves.map(({ part, node }) => shownPath(part, node.path))),
    );
  });

  it('checks the 2.4 shape too: items, URLs, currencies, nullable payment method fields', async () => {
    const error = await refused({
      items: [
        { title: 'A', quantity: 0, unit_price: 5, currency_id: 'ARS' },
        { quantity: 1, unit_price: -1, currency_id: 'usd' },
      ],
      back_urls: { success: 'not a url' },
      notification_url: 'ftp://shop.example/ipn',
      auto_return: 'always',
      expires: 'no',
      date_of_expiration: 'tomorrow',
      payment_methods: { excluded_payment_methods: [{ id: 7 }], default_installments: 'six', installments: null },
      payer: { email: 'not-an-email' },
    });
    expect(error.cause).toEqual(
      expect.arrayContaining([
        { code: 'property_value', description: 'items[0].quantity must be at least 1' },
        { code: 'required_properties', description: 'items[1].title is required' },
        { code: 'property_value', description: 'items[1].unit_price must be greater than 0' },
        { code: 'property_value', description: `items[1].currency_id ${MESSAGES.currency}` },
        { code: 'property_value', description: `back_urls.success ${MESSAGES.url}` },
        { code: 'property_value', description: `notification_url ${MESSAGES.url}` },
        { code: 'property_value', description: 'auto_return must be one of: approved, all' },
        { code: 'property_type', description: `expires ${MESSAGES.boolean}` },
        { code: 'property_type', description: `date_of_expiration ${MESSAGES.date}` },
        { code: 'property_type', description: `payment_methods.excluded_payment_methods[0].id ${MESSAGES.string}` },
        { code: 'property_type', description: `payment_methods.default_installments ${MESSAGES.integer}` },
        { code: 'property_value', description: `payer.email ${MESSAGES.email}` },
      ]),
    );
    expect(error.cause).toHaveLength(12);
  });

  it('requires items, and back_urls.success when auto_return is set', async () => {
    expect((await refused({})).cause).toEqual([{ code: 'required_properties', description: 'items is required' }]);
    expect((await refused({ items: [] })).cause).toEqual([{ code: 'property_value', description: 'items must contain at least one item' }]);
    expect((await refused([])).cause).toEqual([{ code: 'property_type', description: 'body must be a JSON object' }]);
    expect((await refused(undefined)).cause).toEqual([{ code: 'required_properties', description: 'body is required' }]);
    expect((await refused({ ...minimal(), auto_return: 'approved' })).cause).toEqual([
      { code: 'required_properties', description: 'back_urls.success is required when auto_return is set' },
    ]);
  });

  it('refuses items in different currencies', async () => {
    const error = await refused({
      items: [
        { title: 'A', quantity: 1, unit_price: 1, currency_id: 'ARS' },
        { title: 'B', quantity: 1, unit_price: 1, currency_id: 'USD' },
      ],
    });
    expect(error.cause).toEqual([{ code: 'property_value', description: 'items[1].currency_id must be the same currency as items[0]' }]);
  });

  it('needs a bearer token', async () => {
    const response = await t.call('POST', '/checkout/preferences', { body: minimal(), token: null });
    expect(response.status).toBe(401);
  });
});

describe('the spellings of the spec samples', () => {
  it('accepts name/surname, "registration date" and passenger type/number; answers the payer as the official SDKs read it', async () => {
    const response = await create({
      items: [{ title: 'Flight', quantity: 1, unit_price: 100, category_descriptor: { passenger: { first_name: 'Ana', type: 'DNI', number: '30123456' } } }],
      payer: { name: 'Ana', surname: 'Gómez', 'registration date': '2023-03-10T12:00:00.000-03:00', identification: { type: 'DNI', number: '30123456' } },
    });
    expect(response.status, response.body).toBe(201);
    const id = Preference.parse(response.json()).id;
    const stored = (await t.call('GET', `/checkout/preferences/${id}`)).json<Record<string, unknown>>();
    expect(stored['payer']).toEqual({
      name: 'Ana',
      surname: 'Gómez',
      registration_date: '2023-03-10T12:00:00.000-03:00',
      identification: { type: 'DNI', number: '30123456' },
    });
    expect(stored['items']).toEqual([
      {
        title: 'Flight',
        quantity: 1,
        unit_price: 100,
        id: '',
        category_id: '',
        currency_id: 'ARS',
        description: '',
        category_descriptor: { passenger: { first_name: 'Ana', identification_type: 'DNI', identification_number: '30123456' } },
      },
    ]);
  });

  it('names the key the caller sent when a sample spelling has the wrong type', async () => {
    const error = await refused({ ...minimal(), payer: { name: 7, 'registration date': 'last year' } });
    expect(error.cause).toEqual([
      { code: 'property_type', description: `payer.name ${MESSAGES.string}` },
      { code: 'property_type', description: `payer["registration date"] ${MESSAGES.date}` },
    ]);
  });

  it('refuses both spellings with different values', async () => {
    const error = await refused({ ...minimal(), payer: { name: 'Ana', first_name: 'Eva' } });
    expect(error.cause).toEqual([{ code: 'property_value', description: 'payer.name conflicts with first_name; send one of them' }]);
  });

  it('counts a sample spelling as present in the industry report', async () => {
    const response = await create({ ...minimal(), payer: { name: 'Ana', surname: 'Gómez' } }, { 'x-sandbox-industry': 'utilities' });
    const report = Preference.parse(response.json()).industry_report;
    expect(report?.missing).not.toContain('payer.first_name');
    expect(report?.missing).not.toContain('payer.last_name');
  });
});

describe('the preference answer and GET /checkout/preferences/{id}', () => {
  it('answers a full preference: id {collector_id}-{uuid}, init points on this sandbox, the stored body', async () => {
    const sample = INDUSTRY_SAMPLES.retail;
    const response = await create(sample);
    expect(response.status).toBe(201);
    const preference = Preference.parse(response.json());
    expect(preference.id).toMatch(/^1001-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(preference).toMatchObject({
      collector_id: 1001,
      client_id: '4815162342',
      site_id: 'MLA',
      operation_type: 'regular_payment',
      date_created: new Date(t.clock.now()).toISOString(),
      init_point: `http://localhost/checkout/pay/${preference.id}`,
      sandbox_init_point: `http://localhost/checkout/pay/${preference.id}?sandbox=true`,
      external_reference: 'ORDER-1042',
      auto_return: 'approved',
      back_urls: sample['back_urls'],
      shipments: sample['shipments'],
      payment_methods: sample['payment_methods'],
    });
    const read = await t.call('GET', `/checkout/preferences/${preference.id}`);
    expect(read.status).toBe(200);
    expect(read.json()).toEqual(response.json());
  });

  it('does not let a body override the assigned fields', async () => {
    const preference = Preference.parse((await create({ ...minimal(), id: 'mine', collector_id: 2002, client_id: 'x' })).json());
    expect(preference).toMatchObject({ collector_id: 1001, client_id: '4815162342' });
    expect(preference.id).not.toBe('mine');
  });

  it("hides another account's preference behind a 404", async () => {
    const preference = Preference.parse((await create(minimal())).json());
    const other = await t.call('GET', `/checkout/preferences/${preference.id}`, { token: t.otherToken });
    expect(other.status).toBe(404);
    expect(PlatformErrorBody.parse(other.json()).error).toBe('not_found');
    expect((await t.call('GET', '/checkout/preferences/1001-nope')).status).toBe(404);
  });
});
