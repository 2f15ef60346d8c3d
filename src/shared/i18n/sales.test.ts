import { describe, expect, it } from 'vitest';
import { FAILURES } from './failures';
import { DECLINE_REASONS, SALE_FAILURES, SALE_STATUSES } from './sales';

/** Every text the Sell screen and the manager's sales can show, in both languages. */
const SALE_TEXTS = [
  ...Object.values(SALE_FAILURES),
  ...Object.values(DECLINE_REASONS),
  ...Object.values(SALE_STATUSES),
  ...(
    [
      'sale_not_found',
      'sale_not_cancelable',
      'sale_not_refundable',
      'refund_amount_exceeds',
      'amount_too_large',
      'sale_busy',
      'sales_unavailable',
      'cannot_refund_order',
    ] as const
  ).map((code) => FAILURES[code]),
];

describe('what a cashier reads about a sale', () => {
  it('never speaks of a print, in English or Spanish', () => {
    for (const text of SALE_TEXTS) {
      expect(text.en).not.toMatch(/print/i);
      expect(text.es).not.toMatch(/impres|imprim/i);
    }
  });
});
