import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paymentMethodMissing, PaymentCreateRequest } from '../../shared/platform/payments';
import { plainPaymentBody } from './create-body';

/** Values near each member's edges, valid and not, so both sides of every check are drawn. */
const edgy = fc.oneof(
  { arbitrary: fc.constantFrom(undefined, null, '', 'visa', 0, -0, 1, 1.5, -1, 2 ** 53, 2 ** 53 - 1, Number.NaN, Infinity, true, false, [], {}), weight: 6 },
  { arbitrary: fc.constantFrom('123', 'https://example.com/ipn', 'a@b.co', 'bad@', 'x y@b.co'), weight: 2 },
  { arbitrary: fc.jsonValue(), weight: 1 },
);

const validPayer = fc.record({ email: fc.constantFrom('bench@example.com', 'a@b.co'), extra: fc.jsonValue() }, { requiredKeys: ['email'] });

/** Valid bodies of every usual shape: the hand check's ground. */
const valid = fc.record(
  {
    transaction_amount: fc.double({ min: Number.MIN_VALUE, max: 1e9, noNaN: true }),
    installments: fc.integer({ min: 1, max: 48 }),
    token: fc.string(),
    payment_method_id: fc.constantFrom('visa', 'master', 'pix'),
    description: fc.string(),
    external_reference: fc.string(),
    capture: fc.boolean(),
    other: fc.jsonValue(),
    payer: validPayer,
  },
  { requiredKeys: ['transaction_amount', 'payer'] },
);

const MEMBERS = [
  'transaction_amount',
  'installments',
  'token',
  'payment_method_id',
  'description',
  'external_reference',
  'capture',
  'issuer_id',
  'notification_url',
  'metadata',
  'additional_info',
  'payer',
] as const;

/** A valid body with a member or two (or the payer's e-mail or identification) set to an edge value, valid or not. */
const body = fc.oneof(
  valid,
  fc.tuple(valid, fc.array(fc.tuple(fc.constantFrom(...MEMBERS), edgy), { minLength: 1, maxLength: 2 })).map(([base, changes]) => {
    const changed: Record<string, unknown> = { ...base };
    for (const [member, value] of changes) changed[member] = value;
    return changed;
  }),
  fc
    .tuple(valid, fc.constantFrom('email', 'identification'), fc.oneof(edgy, fc.constantFrom({ type: 'DNI', number: '1' }, 'a@b', 'a b@c.d', 'a@b.c')))
    .map(([base, member, value]) => ({ ...base, payer: { ...base.payer, [member]: value } })),
  edgy,
);

describe('the create body checked by hand', () => {
  it('takes only what the schema takes, with the same values, and leaves the rest to it', () => {
    fc.assert(
      fc.property(body, (drawn) => {
        // As drawn (null prototypes, undefined members), and as the JSON parser would hand it over.
        for (const input of [drawn, JSON.parse(JSON.stringify(drawn) ?? 'null') as unknown]) {
          const plain = plainPaymentBody(input);
          if (plain === undefined) continue;
          const parsed = PaymentCreateRequest.safeParse(input);
          expect(parsed.success).toBe(true);
          expect(paymentMethodMissing(input)).toBe(false);
          if (input === drawn) expect(plain).toEqual(parsed.data);
          else expect(plain).toStrictEqual(parsed.data);
        }
      }),
      { numRuns: 10_000 },
    );
  });

  it('takes the usual card payment', () => {
    const usual = { transaction_amount: 100, installments: 1, token: 'abc', payer: { email: 'bench@example.com' } };
    expect(plainPaymentBody(usual)).toBe(usual);
    expect(plainPaymentBody({ ...usual, payment_method_id: 'visa', description: 'x', capture: false, external_reference: 'r' })).toBeDefined();
  });
});
