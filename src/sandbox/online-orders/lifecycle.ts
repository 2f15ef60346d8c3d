import { z } from 'zod';
import { defineLifecycle } from '../../shared/lifecycle/kit';
import { initialStatusOf, stepsOf, type Step } from '../lifecycle-steps';
import { OnlineOrderStatus } from './schemas';

/**
 * The life of an online order (docs "Order status", Orders API). One table holds every legal move; whatever is
 * not in it is refused with a 409, whichever route asked.
 *
 *   (none) ─create─▶ created ─approve───────▶ processed ─refund_total─▶ refunded
 *                      │  ├─authorize─────▶ action_required (waiting_capture) ─capture─▶ processed
 *                      │  ├─await_payment─▶ action_required (waiting_transfer)
 *                      │  ├─hold──────────▶ processing (in_process)
 *                      │  └─decline───────▶ failed
 *                      └─cancel──────────▶ canceled ◀─cancel─ action_required
 *
 * `approve`, `authorize`, `await_payment`, `hold` and `decline` are the card's (or the method's) answer when the
 * order is processed: at creation in automatic mode, on `POST …/process` in manual mode. A partial refund keeps
 * the order processed (status_detail partially_refunded).
 */
export const OnlineOrderEvent = z.enum(['approve', 'authorize', 'await_payment', 'hold', 'decline', 'capture', 'cancel', 'refund_partial', 'refund_total']);
export type OnlineOrderEvent = z.infer<typeof OnlineOrderEvent>;

export const ONLINE_ORDER_LIFECYCLE = defineLifecycle<OnlineOrderStatus, OnlineOrderEvent>({
  name: 'online order',
  states: OnlineOrderStatus.options,
  events: OnlineOrderEvent.options,
  initial: ['created'],
  moves: [
    { from: 'created', on: 'approve', to: 'processed' },
    { from: 'created', on: 'authorize', to: 'action_required' },
    { from: 'created', on: 'await_payment', to: 'action_required' },
    { from: 'created', on: 'hold', to: 'processing' },
    { from: 'created', on: 'decline', to: 'failed' },
    { from: 'created', on: 'cancel', to: 'canceled' },
    { from: 'action_required', on: 'capture', to: 'processed' },
    { from: 'action_required', on: 'cancel', to: 'canceled' },
    { from: 'processed', on: 'refund_partial', to: 'processed' },
    { from: 'processed', on: 'refund_total', to: 'refunded' },
  ],
});

export const INITIAL_ONLINE_STATUS: OnlineOrderStatus = initialStatusOf(ONLINE_ORDER_LIFECYCLE);

/** The events by which processing answers: the outcome of the charge. */
export const OUTCOME_EVENTS = ['approve', 'authorize', 'await_payment', 'hold', 'decline'] as const satisfies readonly OnlineOrderEvent[];
export type OutcomeEvent = (typeof OUTCOME_EVENTS)[number];

export type OnlineTransitionResult = Step<OnlineOrderStatus, OnlineOrderEvent>;

export const onlineTransition = stepsOf(ONLINE_ORDER_LIFECYCLE, (from, event) => {
  if ((OUTCOME_EVENTS as readonly string[]).includes(event)) return `Only an order in status created can be processed; this one is ${from}.`;
  if (event === 'capture') return `Only an authorized order (action_required, waiting_capture) can be captured; this one is ${from}.`;
  if (event === 'cancel') return `Only an order not yet processed (created, or action_required) can be canceled; this one is ${from}.`;
  return `Only a processed order can be refunded; this one is ${from}.`;
});
