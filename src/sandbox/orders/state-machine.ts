import { z } from 'zod';
import type { OrderStatus } from '../../shared/platform/orders';

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

export const INITIAL_ORDER_STATUS: OrderStatus = 'created';

export interface OrderTransition {
  readonly from: OrderStatus;
  readonly event: OrderEvent;
  readonly to: OrderStatus;
}

export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { from: 'created', event: 'pickup', to: 'at_terminal' },
  { from: 'created', event: 'cancel_api', to: 'canceled' },
  { from: 'created', event: 'expire', to: 'expired' },
  { from: 'at_terminal', event: 'cancel_terminal', to: 'canceled' },
  { from: 'at_terminal', event: 'approve', to: 'processed' },
  { from: 'at_terminal', event: 'decline', to: 'failed' },
  { from: 'at_terminal', event: 'stall', to: 'action_required' },
  { from: 'at_terminal', event: 'expire', to: 'expired' },
  // docs/decisions.md "Point orders": the check on the terminal resolves an action_required order.
  { from: 'action_required', event: 'approve', to: 'processed' },
  { from: 'action_required', event: 'decline', to: 'failed' },
  { from: 'processed', event: 'refund_partial', to: 'processed' },
  { from: 'processed', event: 'refund_total', to: 'refunded' },
];

export type OrderTransitionResult = { ok: true; to: OrderStatus } | { ok: false; from: OrderStatus; event: OrderEvent; reason: string };

export function orderTransition(from: OrderStatus, event: OrderEvent): OrderTransitionResult {
  const row = ORDER_TRANSITIONS.find((candidate) => candidate.from === from && candidate.event === event);
  if (row !== undefined) return { ok: true, to: row.to };
  return { ok: false, from, event, reason: refusalReason(from, event) };
}

function refusalReason(from: OrderStatus, event: OrderEvent): string {
  if (event === 'cancel_api' && from === 'at_terminal') return 'The order is at the terminal (at_terminal); it can only be cancelled on the terminal.';
  if (event === 'cancel_api') return `Only an order in status created can be cancelled; this one is ${from}.`;
  if (event === 'refund_partial' || event === 'refund_total') return `Only a processed order can be refunded; this one is ${from}.`;
  return `An order in status ${from} cannot take the event ${event}.`;
}

/** Statuses with no way out. */
export function isFinalOrderStatus(status: OrderStatus): boolean {
  return !ORDER_TRANSITIONS.some((row) => row.from === status);
}

/** Statuses in which the terminal still owes the order an outcome: the order occupies the terminal. */
export function isOpenOrderStatus(status: OrderStatus): boolean {
  return status === 'created' || status === 'at_terminal' || status === 'action_required';
}
