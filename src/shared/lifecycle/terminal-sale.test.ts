import { describe, expect, it } from 'vitest';
import { OrderStatus } from '../platform/orders';
import { isCancelableSale, SETTLED_SALE_STATUSES, TERMINAL_SALE_LIFECYCLE, type TerminalSaleState } from './terminal-sale';

describe('terminal sale lifecycle table', () => {
  it('has a state for every status the platform gives an order, and only moves forward', () => {
    expect(OrderStatus.options.filter((status) => !TERMINAL_SALE_LIFECYCLE.states.includes(status))).toEqual([]);
    expect(TERMINAL_SALE_LIFECYCLE.states.filter((status) => !(OrderStatus.options as readonly string[]).includes(status))).toEqual([
      'unconfirmed',
      'not_sent',
    ]);
    const rank = (status: TerminalSaleState): number => TERMINAL_SALE_LIFECYCLE.states.indexOf(status);
    const backwards = TERMINAL_SALE_LIFECYCLE.moves.filter((move) => rank(move.to) <= rank(move.from));
    expect(backwards).toEqual([]);
  });

  it('derives what is final, settled and cancelable from the table', () => {
    expect(TERMINAL_SALE_LIFECYCLE.final).toEqual(['not_sent', 'failed', 'expired', 'canceled', 'refunded']);
    expect([...SETTLED_SALE_STATUSES].sort()).toEqual(['canceled', 'expired', 'failed', 'not_sent', 'processed', 'refunded', 'unconfirmed']);
    expect(TERMINAL_SALE_LIFECYCLE.states.filter(isCancelableSale)).toEqual(['created']);
  });

  it('refuses an old answer that would move a sale back, and a refusal once the terminal has the order', () => {
    expect(TERMINAL_SALE_LIFECYCLE.allows('processed', 'reported', 'at_terminal')).toBe(false);
    expect(TERMINAL_SALE_LIFECYCLE.allows('canceled', 'reported', 'created')).toBe(false);
    expect(TERMINAL_SALE_LIFECYCLE.allows('at_terminal', 'refused', 'not_sent')).toBe(false);
    // A refused create never reads a card: it is never a decline.
    expect(TERMINAL_SALE_LIFECYCLE.targets('created', 'refused')).toEqual(['not_sent']);
    expect(TERMINAL_SALE_LIFECYCLE.allows('created', 'reported', 'processed')).toBe(true);
  });
});
