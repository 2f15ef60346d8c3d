import type { OrderStatus } from '../platform/orders';
import { defineLifecycle, type Move } from './kit';

/**
 * The life of a sale charged on a terminal: its status is the platform's point order's, and it only
 * moves forward, so a late or repeated answer (an old poll, a webhook after the poll) never moves a
 * sale back. A poll may skip `at_terminal` when the card was quicker than the poll.
 *
 *   created ──reported──▶ at_terminal ──reported──▶ processed ──refund_confirmed / reported──▶ refunded
 *     │  └──cancel_confirmed / reported──────────────────────────▶ canceled
 *     ├──refused (the create's 4xx: nothing exists on the platform)──▶ failed
 *     └──reported──▶ failed | action_required | expired
 */
export type TerminalSaleState = OrderStatus;
export const TERMINAL_SALE_EVENTS = [
  /** What the platform says of the order: a create's answer, a poll or a notification. */
  'reported',
  /** The platform refused the create itself (a 4xx): no order exists. */
  'refused',
  /** The platform answered our cancel with the order canceled. */
  'cancel_confirmed',
  /** The platform answered our refund with the order refunded. */
  'refund_confirmed',
] as const;
export type TerminalSaleEvent = (typeof TERMINAL_SALE_EVENTS)[number];

type SaleMove = Move<TerminalSaleState, TerminalSaleEvent>;
const reported = (from: TerminalSaleState, targets: readonly TerminalSaleState[]): SaleMove[] => targets.map((to) => ({ from, on: 'reported', to }));

export const TERMINAL_SALE_LIFECYCLE = defineLifecycle<TerminalSaleState, TerminalSaleEvent>({
  name: 'sale',
  // The platform's order statuses (shared/platform/orders.ts), in the order a sale goes through them.
  states: ['created', 'at_terminal', 'action_required', 'processed', 'failed', 'expired', 'canceled', 'refunded'],
  events: TERMINAL_SALE_EVENTS,
  initial: ['created'],
  moves: [
    ...reported('created', ['at_terminal', 'processed', 'failed', 'action_required', 'expired', 'canceled']),
    ...reported('at_terminal', ['processed', 'failed', 'action_required', 'expired', 'canceled']),
    ...reported('action_required', ['processed', 'failed', 'expired', 'canceled']),
    // A refund made on the platform itself (not through Counter) is learnt from its notification.
    ...reported('processed', ['refunded']),
    { from: 'created', on: 'refused', to: 'failed' },
    // The Orders API cancels only an order the terminal has not picked up.
    { from: 'created', on: 'cancel_confirmed', to: 'canceled' },
    { from: 'processed', on: 'refund_confirmed', to: 'refunded' },
  ],
});

/**
 * Statuses no poll can change any more: the final ones, and `processed`, which only a refund moves on
 * (and a refund is asked by Counter, or told by a notification).
 */
export const SETTLED_SALE_STATUSES: readonly TerminalSaleState[] = [...TERMINAL_SALE_LIFECYCLE.final, 'processed'];

/** The terminal has not picked the order up: the only time the cashier may cancel (Orders API cancel). */
export const isCancelableSale = (status: TerminalSaleState): boolean => TERMINAL_SALE_LIFECYCLE.eventsFrom(status).includes('cancel_confirmed');
