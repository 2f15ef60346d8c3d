import { z } from 'zod';
import { defineLifecycle } from '../../shared/lifecycle/kit';
import { OrderStatus } from '../../shared/platform/orders';
import { initialStatusOf, stepsOf, type Step } from '../lifecycle-steps';

/**
 * The life of a point order (docs "Status of an order and a transaction", Point). One table holds every
 * legal move; whatever is not in it is refused, so neither the API nor the virtual terminal can invent one.
 *
 *   (none) ─create─▶ created ─pickup─▶ at_terminal ─approve──────▶ processed ─refund_total─▶ refunded
 *                      │  │                 │  │  └─decline──────▶ failed
 *                      │  │                 │  ├─cancel_terminal─▶ canceled
 *                      │  │                 │  ├─stall (40 s)────▶ action_required ─approve/decline─▶ processed/failed
 *                      │  └─expire──────────┴──┴─expire─────────▶ expired
 *                      └─cancel_api─────────────────────────────▶ canceled
 *
 * A partial refund keeps the order processed (status_detail partially_refunded): `refund_partial` is a
 * processed → processed row, so it is refused everywhere else like any other event.
 */
export const OrderEvent = z.enum(['pickup', 'cancel_api', 'cancel_terminal', 'approve', 'decline', 'stall', 'expire', 'refund_partial', 'refund_total']);
export type OrderEvent = z.infer<typeof OrderEvent>;

export const ORDER_LIFECYCLE = defineLifecycle<OrderStatus, OrderEvent>({
  name: 'point order',
  states: OrderStatus.options,
  events: OrderEvent.options,
  initial: ['created'],
  moves: [
    { from: 'created', on: 'pickup', to: 'at_terminal' },
    { from: 'created', on: 'cancel_api', to: 'canceled' },
    { from: 'created', on: 'expire', to: 'expired' },
    { from: 'at_terminal', on: 'cancel_terminal', to: 'canceled' },
    { from: 'at_terminal', on: 'approve', to: 'processed' },
    { from: 'at_terminal', on: 'decline', to: 'failed' },
    { from: 'at_terminal', on: 'stall', to: 'action_required' },
    { from: 'at_terminal', on: 'expire', to: 'expired' },
    // docs/decisions.md "Point orders": the check on the terminal resolves an action_required order.
    { from: 'action_required', on: 'approve', to: 'processed' },
    { from: 'action_required', on: 'decline', to: 'failed' },
    { from: 'processed', on: 'refund_partial', to: 'processed' },
    { from: 'processed', on: 'refund_total', to: 'refunded' },
  ],
});

export const INITIAL_ORDER_STATUS: OrderStatus = initialStatusOf(ORDER_LIFECYCLE);

/** Events that come after the payment's outcome: they give money back, they never make the terminal charge again. */
const REFUND_EVENTS: ReadonlySet<OrderEvent> = new Set(['refund_partial', 'refund_total']);

/**
 * Statuses in which the terminal still owes the order an outcome, so the order occupies the terminal:
 * those with a way out other than a refund.
 */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ORDER_LIFECYCLE.states.filter((status) =>
  ORDER_LIFECYCLE.eventsFrom(status).some((event) => !REFUND_EVENTS.has(event)),
);

/** Statuses in which a card on the terminal's reader decides the order (the terminal page's Approved and Declined buttons). */
export const CHARGING_ORDER_STATUSES: readonly OrderStatus[] = ORDER_LIFECYCLE.states.filter((status) =>
  ORDER_LIFECYCLE.eventsFrom(status).includes('approve'),
);

export type OrderTransitionResult = Step<OrderStatus, OrderEvent>;

/** Where `event` takes an order in `from`, or why it may not (the reason a 409 carries). */
export const orderTransition = stepsOf(ORDER_LIFECYCLE, (from, event) => {
  if (event === 'cancel_api' && from === 'at_terminal') return 'The order is at the terminal (at_terminal); it can only be cancelled on the terminal.';
  if (event === 'cancel_api') return `Only an order in status created can be cancelled; this one is ${from}.`;
  if (REFUND_EVENTS.has(event)) return `Only a processed order can be refunded; this one is ${from}.`;
  return `An order in status ${from} cannot take the event ${event}.`;
});

/** Statuses with no way out. */
export const isFinalOrderStatus = (status: OrderStatus): boolean => ORDER_LIFECYCLE.isFinal(status);

/** Whether the terminal still owes the order an outcome: the order occupies the terminal. */
export const isOpenOrderStatus = (status: OrderStatus): boolean => OPEN_ORDER_STATUSES.includes(status);
