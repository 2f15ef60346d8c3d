import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountOfCents, itemsTotalCents, MAX_AMOUNT_CENTS, parseCashierAmount } from './amounts';

describe('amounts in cents', () => {
  it('reads what a cashier types, with a decimal point or comma, exactly', () => {
    expect(parseCashierAmount('24')).toEqual({ ok: true, cents: 2400 });
    expect(parseCashierAmount(' 24,5 ')).toEqual({ ok: true, cents: 2450 });
    expect(parseCashierAmount('0.07')).toEqual({ ok: true, cents: 7 });
    expect(parseCashierAmount('999999999.99')).toEqual({ ok: true, cents: MAX_AMOUNT_CENTS });
    expect(parseCashierAmount('1234567890')).toEqual({ ok: false, problem: 'too_large' });
    expect(parseCashierAmount('0,00')).toEqual({ ok: false, problem: 'zero' });
    for (const text of ['', 'abc', '1.234,50', '-3', '2.345', '1e3', '24.']) expect(parseCashierAmount(text), text).toEqual({ ok: false, problem: 'format' });
  });

  it('writes cents back as the platform’s decimal string, round trip for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }), (cents) => {
        expect(parseCashierAmount(amountOfCents(cents))).toEqual({ ok: true, cents });
      }),
    );
  });

  it('totals items exactly and stops at the largest payment, before any sum leaves the exact integers', () => {
    expect(itemsTotalCents([{ quantity: 3, unitPriceCents: 10 }])).toBe(30);
    const impossible = Array.from({ length: 100 }, () => ({ quantity: 999, unitPriceCents: MAX_AMOUNT_CENTS }));
    expect(itemsTotalCents(impossible)).toBe('too_large');
    expect(itemsTotalCents([{ quantity: 1, unitPriceCents: MAX_AMOUNT_CENTS }])).toBe(MAX_AMOUNT_CENTS);
    expect(
      itemsTotalCents([
        { quantity: 1, unitPriceCents: MAX_AMOUNT_CENTS },
        { quantity: 1, unitPriceCents: 1 },
      ]),
    ).toBe('too_large');
  });
});
