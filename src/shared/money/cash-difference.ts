/** The counted cash against the expected: over (more in the drawer than the day says), short, or even. */
export interface CashDifference {
  expectedCents: number;
  countedCents: number;
  /** Counted minus expected: positive over, negative short. */
  differenceCents: number;
  kind: 'over' | 'short' | 'even';
}

/**
 * Null when the cash was not counted. A count where no cash was expected (no float, no cash taken)
 * compares with zero: cash in a drawer the day knows nothing of is over.
 */
export function cashDifference(expectedCents: number | null, countedCents: number | null): CashDifference | null {
  if (countedCents === null) return null;
  const expected = expectedCents ?? 0;
  const differenceCents = countedCents - expected;
  return { expectedCents: expected, countedCents, differenceCents, kind: differenceCents > 0 ? 'over' : differenceCents < 0 ? 'short' : 'even' };
}
