import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPayment, type NewPayment } from './payment';
import { approvedPayment } from './testing';
import { paymentAnswer } from './view';

const DAY = 86_400_000;
/** From year 0000 to 9999 and a little past each end, where dates are written with six digits and a sign. */
const instant = fc.oneof(
  fc.integer({ min: -62_167_219_200_000 - 30 * DAY, max: 253_402_300_799_999 }),
  fc.integer({ min: 1_700_000_000_000, max: 1_700_000_000_000 + 3 * DAY }),
  fc.constantFrom(253_402_300_799_999 - 14 * DAY, 253_402_300_799_999 - 14 * DAY + 1, -62_167_219_200_000, -62_167_219_200_001),
  fc.double({ min: 1_700_000_000_000, max: 1_800_000_000_000, noNaN: true }),
  fc.double({ min: -30 * DAY, max: 0, noNaN: true }),
);

const FIXED_MEMBERS = [
  'id',
  'date_created',
  'date_approved',
  'date_last_updated',
  'money_release_date',
  'operation_type',
  'payment_method_id',
  'payment_type_id',
  'status',
  'status_detail',
  'currency_id',
  'description',
  'live_mode',
  'collector_id',
  'payer',
  'metadata',
  'order',
  'external_reference',
  'transaction_amount',
  'transaction_amount_refunded',
  'installments',
  'issuer_id',
  'notification_url',
  'transaction_details',
];

const newPayment = fc.record({
  collectorId: fc.integer({ min: 1, max: 99_999 }),
  amount: fc.double({ min: 0.01, max: 1e7, noNaN: true }),
  currency: fc.constantFrom('ARS', 'BRL'),
  status: fc.constantFrom('approved', 'pending', 'rejected', 'authorized' as const),
  statusDetail: fc.string(),
  paymentMethodId: fc.constantFrom('visa', 'master', 'pix', 'rapipago', 'account_money'),
  description: fc.option(fc.string()),
  payerEmail: fc.constantFrom('', 'bench@example.com'),
  identification: fc.option(fc.record({ type: fc.string(), number: fc.string() }), { nil: undefined }),
  order: fc.option(fc.record({ id: fc.integer(), type: fc.constant('mercadopago') })),
  externalReference: fc.option(fc.string()),
  installments: fc.integer({ min: 1, max: 24 }),
  issuerId: fc.option(fc.integer({ min: 1, max: 999 })),
  notificationUrl: fc.option(fc.constant('https://example.com/ipn')),
  liveMode: fc.boolean(),
  metadata: fc.dictionary(fc.string(), fc.jsonValue()),
  pointOfInteraction: fc.option(fc.constantFrom('OPENPLATFORM', 'PSP_TRANSFER'), { nil: undefined }),
  additionalInfo: fc.option(fc.dictionary(fc.string(), fc.jsonValue()), { nil: undefined }),
  transactionData: fc.option(fc.record({ qr_code: fc.option(fc.string()), qr_code_base64: fc.constant(null), ticket_url: fc.string() }), { nil: undefined }),
  card: fc.option(
    fc.record(
      {
        first_six_digits: fc.constant('450995'),
        last_four_digits: fc.constant('3704'),
        cardholder: fc.constant({ name: 'APRO', identification: { type: 'DNI', number: '1' } }),
      },
      { requiredKeys: ['first_six_digits', 'last_four_digits'] },
    ),
    { nil: undefined },
  ),
}) as fc.Arbitrary<NewPayment>;

describe("a new payment's dates", () => {
  it('are what toISOString writes, today and two weeks later, for any instant in any order', () => {
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 12 }), newPayment, (instants, input) => {
        for (const now of instants) {
          const payment = buildPayment(1, now, { ...input, status: 'approved' });
          expect(payment.date_created).toBe(new Date(now).toISOString());
          expect(payment.money_release_date).toBe(new Date(now + 14 * DAY).toISOString());
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('a new payment', () => {
  it('has its optional members after the fixed ones, in the order they always had', () => {
    fc.assert(
      fc.property(newPayment, instant, (input, now) => {
        const members = Object.keys(buildPayment(1, now, input));
        const optional = ['point_of_interaction', 'additional_info', 'card', 'authorization_code'].filter((member) => members.includes(member));
        expect(members.slice(0, FIXED_MEMBERS.length)).toEqual(FIXED_MEMBERS);
        expect(members.slice(FIXED_MEMBERS.length)).toEqual(optional);
        expect(members.includes('point_of_interaction')).toBe(input.transactionData !== undefined || input.pointOfInteraction !== undefined);
        expect(members.includes('card')).toBe(input.card !== undefined);
      }),
      { numRuns: 500 },
    );
  });

  it('releases the money of an approved payment two weeks after it', () => {
    const now = Date.UTC(2026, 10, 28, 12);
    const payment = buildPayment(1, now, approvedPayment());
    expect(paymentAnswer(payment, now + 14 * DAY - 1)).toMatchObject({ money_release_status: 'pending', order: {} });
    expect(paymentAnswer(payment, now + 14 * DAY)).toMatchObject({ money_release_status: 'released' });
    expect(paymentAnswer({ ...payment, money_release_date: `${payment.money_release_date ?? ''}` }, now + 14 * DAY - 1).money_release_status).toBe('pending');
    expect(payment.order).toBeNull();
  });
});
