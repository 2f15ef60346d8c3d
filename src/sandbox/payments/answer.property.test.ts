import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Payment } from '../../shared/platform/payments';
import { buildPayment, type NewPayment } from './payment';
import { paymentAnswer, paymentAnswerJson } from './view';

const DAY = 86_400_000;
/** From year 0000 to 9999 and a little past each end, where dates are written with six digits and a sign. */
const instant = fc.oneof(
  fc.integer({ min: -62_167_219_200_000 - 30 * DAY, max: 253_402_300_799_999 }),
  fc.integer({ min: 1_700_000_000_000, max: 1_700_000_000_000 + 3 * DAY }),
  fc.constantFrom(253_402_300_799_999 - 14 * DAY, 253_402_300_799_999 - 14 * DAY + 1, -62_167_219_200_000, -62_167_219_200_001),
  fc.double({ min: 1_700_000_000_000, max: 1_800_000_000_000, noNaN: true }),
  fc.double({ min: -30 * DAY, max: 0, noNaN: true }),
);

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

/** What happens to a payment after it is made, or what a loaded state may hold beside it. */
const change = fc.oneof(
  fc.record({
    member: fc.constantFrom('captured', 'refunds', 'point_of_interaction', 'binary_mode', 'order', 'toJSON_', '7', '12', 'x1'),
    value: fc.jsonValue(),
  }),
  fc.record({ member: fc.string(), value: fc.jsonValue() }),
  fc.record({ member: fc.constant('order'), value: fc.constantFrom(undefined, null, {}, { id: 1, type: 'mercadopago' }) }),
  fc.record({ member: fc.constant('-order'), value: fc.constant(null) }),
);

function changed(payment: Payment, changes: ReadonlyArray<{ member: string; value: unknown }>): Payment {
  const record = payment as Record<string, unknown>;
  for (const { member, value } of changes) {
    if (member === '-order') delete record['order'];
    else if (member === 'toJSON_') record['toJSON'] = () => value;
    else record[member] = value;
  }
  return payment;
}

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

describe("a payment's answer as text", () => {
  it('is paymentAnswer written by JSON.stringify, for any payment however it changed, and leaves the payment as it was', () => {
    fc.assert(
      fc.property(
        newPayment,
        fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }),
        fc.array(change, { maxLength: 3 }),
        fc.integer({ min: -20 * DAY, max: 20 * DAY }),
        (input, created, changes, later) => {
          const payment = changed(buildPayment(1_310_000_001, created, input), changes);
          const [before, members, order] = [JSON.stringify(payment), Object.keys(payment), payment.order];
          expect(paymentAnswerJson(payment, created + later)).toBe(JSON.stringify(paymentAnswer(payment, created + later)));
          expect([JSON.stringify(payment), Object.keys(payment), payment.order]).toEqual([before, members, order]);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('releases the money of an approved payment two weeks after it', () => {
    const now = Date.UTC(2026, 10, 28, 12);
    const payment = buildPayment(1, now, {
      collectorId: 1001,
      amount: 10,
      currency: 'ARS',
      status: 'approved',
      statusDetail: 'accredited',
      paymentMethodId: 'visa',
      description: null,
      payerEmail: '',
      order: null,
      externalReference: null,
      installments: 1,
      issuerId: null,
      notificationUrl: null,
      liveMode: false,
      metadata: {},
    });
    expect(JSON.parse(paymentAnswerJson(payment, now + 14 * DAY - 1))).toMatchObject({ money_release_status: 'pending', order: {} });
    expect(JSON.parse(paymentAnswerJson(payment, now + 14 * DAY))).toMatchObject({ money_release_status: 'released' });
    expect(payment.order).toBeNull();
  });
});
