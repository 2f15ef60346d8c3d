import { defineLifecycle, type Move } from './kit';

/**
 * The life of a print in Counter's queue. One table holds every legal move; whatever is not in it is
 * refused, so a late or reordered answer can never move a print back (forward only).
 *
 *   queued ──send──▶ sending ──accepted──▶ created ──reported──▶ on_terminal ──reported──▶ processed | failed | canceled
 *     │                │ │                    │ └──cancel_confirmed (spec 4.5)──────────────────────────▶ canceled
 *     └─cancel_locally─┴─┼──────────────────────────────────────────────────────────────────────────────▶ canceled
 *                        └─refused (4xx) / unconfirmed (spec 8) ─────────────────────────────────────────▶ failed
 *   sending ──set_aside──▶ needs_attention ──try_again──▶ sending           (the one way back: see TRY_AGAIN)
 *                              ├─accepted (the give-up's resend, same key)──▶ created | on_terminal | …
 *                              └─given_up (a 4xx: nothing under its key) / unconfirmed ──────────────────────▶ failed
 *
 * `queued` lives only in Counter; `sending` means a create is out and its outcome unknown; from
 * `created` on, the statuses are the platform's (spec 3). `needs_attention`: its creates kept failing
 * transiently, so it was set aside to stop holding its terminal's lane; its outcome is as unknown as
 * in `sending`. A create answer may already carry a later status (an idempotent replay of an action
 * that moved on, spec 7.2), and a status read may skip one (a pickup and print between two polls):
 * those are `accepted` and `reported` moves straight to the later status.
 */
export const PRINT_STATES = ['queued', 'sending', 'needs_attention', 'created', 'on_terminal', 'processed', 'failed', 'canceled'] as const;
export type PrintState = (typeof PRINT_STATES)[number];

export const PRINT_EVENTS = [
  /** The dispatcher hands the print's create to the platform (spec 4.3). */
  'send',
  /** Cancelled before anything of it can exist on the platform. */
  'cancel_locally',
  /** The platform answered the create with the action. */
  'accepted',
  /** A definitive refusal of the create (a 4xx that is not "busy"). */
  'refused',
  /** Never confirmed within the idempotency key's 24 h (spec 8): a resend could print twice. */
  'unconfirmed',
  /** A status read said so (spec 4.4). */
  'reported',
  /** POST …/cancel succeeded (spec 4.5). */
  'cancel_confirmed',
  /** The platform kept answering 404 for the action. */
  'gone',
  /** Its creates kept failing transiently: it stops holding its terminal's lane. */
  'set_aside',
  /** The cashier put it back in its lane, with the same key. */
  'try_again',
  /** The cashier gave it up and a resend of its create with the same key was refused: nothing of it is on the platform. */
  'given_up',
] as const;
export type PrintEvent = (typeof PRINT_EVENTS)[number];

type PrintMove = Move<PrintState, PrintEvent>;

const PLATFORM_LATER: Record<'sending' | 'created' | 'on_terminal', readonly PrintState[]> = {
  sending: ['created', 'on_terminal', 'processed', 'failed', 'canceled'],
  created: ['on_terminal', 'processed', 'failed', 'canceled'],
  on_terminal: ['processed', 'failed', 'canceled'],
};
const later = (from: PrintState, on: PrintEvent, targets: readonly PrintState[]): PrintMove[] => targets.map((to) => ({ from, on, to }));

/**
 * The only move to an earlier status, and only on the cashier's word: `needs_attention` and `sending`
 * both mean "a create is out, its outcome unknown", so going back claims nothing the platform said, and
 * the print keeps its one key. No platform answer can cause it.
 */
export const TRY_AGAIN: PrintMove = { from: 'needs_attention', on: 'try_again', to: 'sending' };

export const PRINT_LIFECYCLE = defineLifecycle<PrintState, PrintEvent>({
  name: 'print',
  states: PRINT_STATES,
  events: PRINT_EVENTS,
  initial: ['queued'],
  moves: [
    { from: 'queued', on: 'send', to: 'sending' },
    { from: 'queued', on: 'cancel_locally', to: 'canceled' },
    // Only once no request of it can still arrive: every create it sent was answered with a refusal.
    { from: 'sending', on: 'cancel_locally', to: 'canceled' },
    { from: 'sending', on: 'refused', to: 'failed' },
    { from: 'sending', on: 'unconfirmed', to: 'failed' },
    ...later('sending', 'accepted', PLATFORM_LATER.sending),
    ...later('created', 'reported', PLATFORM_LATER.created),
    ...later('on_terminal', 'reported', PLATFORM_LATER.on_terminal),
    { from: 'created', on: 'cancel_confirmed', to: 'canceled' },
    // A pickup read just before the cancel reached the platform, which still found it `created`.
    { from: 'on_terminal', on: 'cancel_confirmed', to: 'canceled' },
    { from: 'created', on: 'gone', to: 'failed' },
    { from: 'on_terminal', on: 'gone', to: 'failed' },
    { from: 'sending', on: 'set_aside', to: 'needs_attention' },
    TRY_AGAIN,
    // Giving up resends the create with the same key (spec 8): its answer is the action as the platform has it.
    ...later('needs_attention', 'accepted', PLATFORM_LATER.sending),
    { from: 'needs_attention', on: 'given_up', to: 'failed' },
    { from: 'needs_attention', on: 'unconfirmed', to: 'failed' },
  ],
});

/** Statuses a print can no longer leave. */
export const FINAL_PRINT_STATUSES: readonly PrintState[] = PRINT_LIFECYCLE.final;
/** Statuses of a print still on its way (what the counter and the queue screens follow). */
export const UNFINISHED_PRINT_STATUSES: readonly PrintState[] = PRINT_LIFECYCLE.unfinished;
export const isFinalPrintStatus = (status: PrintState): boolean => PRINT_LIFECYCLE.isFinal(status);

/** Statuses from which the cashier may ask a cancel: before the terminal has it (spec 4.5), or before anything of it is sent. */
export const CANCELABLE_PRINT_STATUSES: readonly PrintState[] = PRINT_LIFECYCLE.states.filter(
  (status) => PRINT_LIFECYCLE.eventsFrom(status).some((on) => on === 'cancel_locally' || on === 'cancel_confirmed') && status !== 'on_terminal',
);
