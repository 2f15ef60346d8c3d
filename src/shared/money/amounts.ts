import { amountCents, AMOUNT_PATTERN, formatCents } from '../platform/orders';

/**
 * Money as Counter handles it from the form to the wire: integers of the currency's hundredths
 * ("cents"), never floating point, converted from and to the platform's decimal strings ("24.50") only at
 * the edges. The platform's amounts have at most 9 whole digits (AMOUNT_PATTERN), so every amount and
 * every total Counter accepts stays far inside JavaScript's exact integers.
 */
export const MAX_AMOUNT_CENTS = 99_999_999_999;

export type AmountProblem = 'format' | 'zero' | 'too_large';
export type ParsedAmount = { ok: true; cents: number } | { ok: false; problem: AmountProblem };

/** What a cashier types ("24", "24.5", "24,50", "1.234,50" is not accepted: no thousands separators) as cents. */
export function parseCashierAmount(text: string): ParsedAmount {
  const value = text.trim().replace(',', '.');
  const whole = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (whole === null) return { ok: false, problem: 'format' };
  const digits = (whole[1] ?? '').replace(/^0+(?=\d)/, '');
  if (digits.length > 9) return { ok: false, problem: 'too_large' };
  const cents = amountCents(`${digits}.${whole[2] ?? '0'}`);
  if (cents === 0) return { ok: false, problem: 'zero' };
  return { ok: true, cents };
}

/** The platform's decimal string of an amount in cents ("24.50"). */
export const amountOfCents = (cents: number): string => formatCents(cents);

/** The cents of one of the platform's decimal strings, exactly. */
export function centsOfAmount(amount: string): number {
  if (!AMOUNT_PATTERN.test(amount)) throw new RangeError(`not an amount: ${amount}`);
  return amountCents(amount);
}

/**
 * The total of items in cents, or 'too_large' as soon as it passes what one payment may be: checked
 * after every line, so no sum ever leaves the exact integers however many items and quantities.
 */
export function itemsTotalCents(items: ReadonlyArray<{ quantity: number; unitPriceCents: number }>): number | 'too_large' {
  let total = 0;
  for (const item of items) {
    if (item.unitPriceCents > MAX_AMOUNT_CENTS || item.quantity > MAX_AMOUNT_CENTS) return 'too_large';
    total += item.unitPriceCents * item.quantity;
    if (total > MAX_AMOUNT_CENTS) return 'too_large';
  }
  return total;
}
