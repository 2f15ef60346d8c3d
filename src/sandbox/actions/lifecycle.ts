import { z } from 'zod';
import { defineLifecycle } from '../../shared/lifecycle/kit';
import { ActionStatus } from '../../shared/platform/terminal-actions';
import { initialStatusOf, stepsOf, type Step } from '../lifecycle-steps';

/**
 * The life of a print action (spec 3, docs/decisions.md). One table holds every legal move; whatever
 * is not in it is refused, so no route or terminal can invent a transition.
 *
 *   (none) ──create──▶ created ──pickup──▶ on_terminal ──print_ok────▶ processed
 *                        │  │                  │       └─print_failed─▶ failed
 *                        │  └─cancel_terminal─▶│──cancel_terminal─────▶ canceled
 *                        └──cancel_api─────────────────────────────────▶ canceled
 *
 * `cancel_api` from on_terminal is the spec's "at_terminal: 409 cannot_cancel_order".
 */
/**
 * What can happen to an existing action:
 * - cancel_api: POST /terminals/v1/actions/{id}/cancel (spec 4.5);
 * - pickup: the terminal fetched the waiting action (by itself, or when its refresh button is pressed);
 * - cancel_terminal: the cashier cancelled on the terminal (spec 3, last row);
 * - print_ok: the terminal printed it;
 * - print_failed: bad data, an unsupported action or a device problem such as no paper (docs/decisions.md).
 */
export const ActionEvent = z.enum(['cancel_api', 'pickup', 'cancel_terminal', 'print_ok', 'print_failed']);
export type ActionEvent = z.infer<typeof ActionEvent>;

export const ACTION_LIFECYCLE = defineLifecycle<ActionStatus, ActionEvent>({
  name: 'print action',
  states: ActionStatus.options,
  events: ActionEvent.options,
  initial: ['created'],
  moves: [
    { from: 'created', on: 'cancel_api', to: 'canceled' },
    { from: 'created', on: 'pickup', to: 'on_terminal' },
    { from: 'created', on: 'cancel_terminal', to: 'canceled' },
    { from: 'on_terminal', on: 'cancel_terminal', to: 'canceled' },
    { from: 'on_terminal', on: 'print_ok', to: 'processed' },
    { from: 'on_terminal', on: 'print_failed', to: 'failed' },
  ],
});

/** The status a create puts a new action in (spec 3, first row). */
export const INITIAL_STATUS: ActionStatus = initialStatusOf(ACTION_LIFECYCLE);

export type TransitionResult = Step<ActionStatus, ActionEvent>;

/** Where `event` takes an action in `from`, or why it may not (the reason the 409 cannot_cancel_order carries). */
export const transition = stepsOf(ACTION_LIFECYCLE, (from, event) => {
  if (event === 'cancel_api' && from === 'on_terminal') {
    return 'The action is at the terminal (on_terminal); it can only be cancelled on the terminal.';
  }
  if (event === 'cancel_api') return `Only an action in status created can be cancelled; this one is ${from}.`;
  return `An action in status ${from} cannot take the event ${event}.`;
});

/** Statuses with no way out: every event is refused there. */
export const isFinal = (status: ActionStatus): boolean => ACTION_LIFECYCLE.isFinal(status);
