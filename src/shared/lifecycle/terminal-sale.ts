import { defineLifecycle, type Move } from './kit';

/**
 * The life of a sale charged on a terminal: its status is the platform's point order's, and it only
 * moves forward, so a late or repeated answer (an old poll, a webhook after the poll) never moves a
 * sale back. A poll may skip `at_terminal` when the card was quicker than the poll.
 *
 *   created ──reported──▶ at_terminal ──reported──▶ processed ──refund_confirmed / reported──▶ refunded
 *     │  └──cancel_confirmed / reported──────────────────────────▶ canceled
 *     ├──refused (the create's 4xx: nothing exists on the platform)──▶ not_sent
 *     ├──reported──▶ failed (declined) | action_required | expired
 *     └──unconfirmed──▶ unconfirmed ──reported (found after all)──▶ at_terminal | processed | …
 *                            └──closed_by_person (not charged)──▶ canceled
 *
 * Two statuses are Counter's own, never the platform's: `not_sent` (the platform refused the create, so no
 * card was ever read: never shown as a decline) and `unconfirmed` (the create's answer never came, it is
 * too old to resend under its key, and looking the order up found nothing: a person decides, with the facts).
 */
export const TERMINAL_SALE_STATES = [
  'created',
  'unconfirmed',
  'at_terminal',
  'action_required',
  'processed',
  'not_sent',
  'failed',
  'expired',
  'canceled',
  'refunded',
] as const;
export type TerminalSaleState = (typeof TERMINAL_SALE_STATES)[number];
export const TERMINAL_SALE_EVENTS = [
  /** What the platform says of the order: a create's answer, a poll or a notification. */
  'reported',
  /** The platform refused the create itself (a 4xx): no order exists. */
  'refused',
  /** The platform answered our cancel with the order canceled. */
  'cancel_confirmed',
  /** The platform answered our refund with the order refunded. */
  'refund_confirmed',
  /** Never answered, too old to resend under its key, and not found by its reference. */
  'unconfirmed',
  /** A person checked the terminal and the payments and says the customer was not charged. */
  'closed_by_person',
] as const;
export type TerminalSaleEvent = (typeof TERMINAL_SALE_EVENTS)[number];

type SaleMove = Move<TerminalSaleState, TerminalSaleEvent>;
const reported = (from: TerminalSaleState, targets: readonly TerminalSaleState[]): SaleMove[] => targets.map((to) => ({ from, on: 'reported', to }));

export const TERMINAL_SALE_LIFECYCLE = defineLifecycle<TerminalSaleState, TerminalSaleEvent>({
  name: 'sale',
  states: TERMINAL_SALE_STATES,
  events: TERMINAL_SALE_EVENTS,
  initial: ['created'],
  moves: [
    ...reported('created', ['at_terminal', 'processed', 'failed', 'action_required', 'expired', 'canceled']),
    ...reported('at_terminal', ['processed', 'failed', 'action_required', 'expired', 'canceled']),
    ...reported('action_required', ['processed', 'failed', 'expired', 'canceled']),
    // A refund made on the platform itself (not through Counter) is learnt from its notification.
    ...reported('processed', ['refunded']),
    { from: 'created', on: 'refused', to: 'not_sent' },
    { from: 'created', on: 'unconfirmed', to: 'unconfirmed' },
    // Found after all (a later look-up, a notification): the platform's word is taken.
    ...reported('unconfirmed', ['at_terminal', 'processed', 'failed', 'action_required', 'expired', 'canceled']),
    { from: 'unconfirmed', on: 'closed_by_person', to: 'canceled' },
    // The Orders API cancels only an order the terminal has not picked up.
    { from: 'created', on: 'cancel_confirmed', to: 'canceled' },
    { from: 'processed', on: 'refund_confirmed', to: 'refunded' },
  ],
});

/**
 * Statuses after which the platform has nothing more to tell of a sale but a refund: the final ones, and
 * `processed`, which only a refund moves on (asked by Counter, or told by a notification).
 */
export const CLOSED_SALE_STATUSES: readonly TerminalSaleState[] = [...TERMINAL_SALE_LIFECYCLE.final, 'processed'];

/** Statuses Counter does no work on by itself: the closed ones, and `unconfirmed`, which waits for a person's decision. */
export const SETTLED_SALE_STATUSES: readonly TerminalSaleState[] = [...CLOSED_SALE_STATUSES, 'unconfirmed'];

/** The terminal has not picked the order up: the only time the cashier may cancel (Orders API cancel). */
export const isCancelableSale = (status: TerminalSaleState): boolean => TERMINAL_SALE_LIFECYCLE.eventsFrom(status).includes('cancel_confirmed');
