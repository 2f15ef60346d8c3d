import { describe, expect, it } from 'vitest';
import { findIndustry, type Industry } from '../../../../shared/platform/industries';
import { cartFields, checkCart, emptyCart, localDateTimeToIso, reportPathLabel, valueOf, type CartDraft } from './cart';

const industry = (id: string): Industry => {
  const found = findIndustry(id);
  if (found === undefined) throw new Error(id);
  return found;
};

function cart(change: Partial<CartDraft>): CartDraft {
  return { ...emptyCart(), ...change };
}

describe('the checkout cart', () => {
  it('offers each industry its own fields from the catalogue', () => {
    const paths = (id: string) => {
      const fields = cartFields(industry(id));
      return {
        item: fields.itemIndustry.map((field) => field.path),
        payer: fields.payer.map((field) => field.path),
        shipments: fields.shipments.map((field) => field.path),
      };
    };
    expect(paths('electro').item).toEqual(['warranty']);
    expect(paths('entertainment').item).toEqual(['category_descriptor.event_date']);
    expect(paths('entertainment').payer).not.toContain('address.zip_code');
    expect(paths('tourism').item).toEqual(expect.arrayContaining(['category_descriptor.passenger.first_name', 'category_descriptor.route.departure']));
    expect(paths('direct_sale').shipments).toEqual(expect.arrayContaining(['receiver_address.floor', 'receiver_address.apartment', 'local_pickup']));
    expect(paths('retail').shipments).not.toContain('receiver_address.floor');
    expect(paths('automobiles_and_nautical').payer).not.toContain('is_prime_user');
    expect(paths('utilities').shipments).toEqual([]);
  });

  it('types what the cashier typed, and reports the platform schema’s reasons by field', () => {
    const electro = industry('electro');
    const fields = cartFields(electro);
    const draft = cart({
      items: [{ key: 1, values: { title: 'TV', quantity: '2.5', unit_price: '1500,50', currency_id: 'ars', warranty: 'true' } }],
      payer: { email: 'not-an-email', 'phone.area_code': '11', 'phone.number': 'abc' },
      shipments: { 'receiver_address.street_number': '1234', local_pickup: 'false' },
    });
    const check = checkCart(draft, fields, electro, 'en');
    expect(check.body.items[0]).toMatchObject({ title: 'TV', unit_price: 1500.5, currency_id: 'ARS', warranty: true });
    expect(check.body.shipments).toMatchObject({ mode: 'not_specified', local_pickup: false, receiver_address: { street_number: 1234 } });
    expect(Object.fromEntries([...check.problems].map(([key, problem]) => [key, problem.key]))).toEqual({
      'items[0].quantity': 'problem.integer',
      'payer.email': 'problem.email',
      'payer.phone.number': 'problem.integer',
    });
  });

  it('asks for the required item fields and a success URL for auto return', () => {
    const retail = industry('retail');
    const draft = cart({ options: { ...emptyCart().options, autoReturn: true } });
    const check = checkCart(draft, cartFields(retail), retail, 'en');
    expect(check.problems.get('items[0].title')?.key).toBe('problem.required');
    expect(check.problems.get('items[0].unit_price')?.key).toBe('problem.required');
    // The schema checks the preference as a whole once its members are valid.
    const filled = cart({
      items: [{ key: 1, values: { title: 'Mug', quantity: '1', unit_price: '10' } }],
      options: { ...emptyCart().options, autoReturn: true },
    });
    expect(checkCart(filled, cartFields(retail), retail, 'en').problems.get('back_urls.success')?.key).toBe('problem.autoReturn');
  });

  it('measures the industry data with the shared industry report', () => {
    const electro = industry('electro');
    const empty = checkCart(cart({ items: [{ key: 1, values: { title: 'TV', quantity: '1', unit_price: '10' } }] }), cartFields(electro), electro, 'en');
    expect(empty.report).toMatchObject({ present_count: 3, recommended_count: 26 });
    expect(empty.total).toBe(10);
    const more = checkCart(
      cart({ items: [{ key: 1, values: { title: 'TV', quantity: '1', unit_price: '10', warranty: 'true', id: 'SKU', category_id: 'electronics' } }] }),
      cartFields(electro),
      electro,
      'en',
    );
    expect(more.report.present_count).toBe(6);
    expect(reportPathLabel('items[0].warranty', 'en', 'Item {number}')).toBe('Item 1 · Has a guarantee');
    expect(reportPathLabel('shipments.receiver_address.zip_code', 'es', 'Artículo {number}')).toBe('Dirección de entrega › Código postal');
  });

  it('writes local date-times with their offset, as 2.5 dates need', () => {
    const iso = localDateTimeToIso('2026-03-20T21:00');
    expect(iso).toMatch(/^2026-03-20T21:00:00\.000[+-]\d{2}:\d{2}$/);
    expect(Date.parse(iso ?? '')).toBe(new Date(2026, 2, 20, 21, 0).getTime());
    expect(localDateTimeToIso('tomorrow')).toBeUndefined();
  });
});

describe('numbers as a cashier writes them', () => {
  it('accepts the decimal comma and thousands separators of either convention', () => {
    expect(valueOf('float', '1.234,50')).toBe(1234.5);
    expect(valueOf('float', '1,234.50')).toBe(1234.5);
    expect(valueOf('float', '1.234.567')).toBe(1_234_567);
    expect(valueOf('float', '650000')).toBe(650_000);
    expect(valueOf('float', '2,5')).toBe(2.5);
    expect(valueOf('float', '1.5')).toBe(1.5);
  });

  it('leaves text that is no number as typed, so the schema names the problem', () => {
    expect(valueOf('float', '1.23.4')).toBe('1.23.4');
    expect(valueOf('float', '1.234,5.6')).toBe('1.234,5.6');
    expect(valueOf('float', '12a')).toBe('12a');
  });
});
