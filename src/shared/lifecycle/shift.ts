import { defineLifecycle } from './kit';

/**
 * The life of a shift at a counter: a person opens it, sells, and closes it with a Z report. A closed
 * shift never opens again (its Z is final); the next shift is a new one.
 *
 *   open ──close (the Z report is written with it)──▶ closed
 */
export const SHIFT_STATES = ['open', 'closed'] as const;
export type ShiftState = (typeof SHIFT_STATES)[number];
export const SHIFT_EVENTS = ['close'] as const;
export type ShiftEvent = (typeof SHIFT_EVENTS)[number];

export const SHIFT_LIFECYCLE = defineLifecycle<ShiftState, ShiftEvent>({
  name: 'shift',
  states: SHIFT_STATES,
  events: SHIFT_EVENTS,
  initial: ['open'],
  moves: [{ from: 'open', on: 'close', to: 'closed' }],
});
