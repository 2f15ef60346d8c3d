import type { PrintStatus } from '../../../shared/ipc/channels/prints';

/**
 * The life of a print in the queue. One table holds every legal move; whatever is not in it is
 * refused, so a late or reordered answer can never move a print back (DESIGN.md: forward only).
 *
 *   queued ──send──▶ sending ──accepted──▶ created ──reported──▶ on_terminal ──reported──▶ processed | failed | canceled
 *     │                │ │                    │ └──cancel_confirmed (spec 4.5)──────────────────────────▶ canceled
 *     └─cancel_locally─┴─┼──────────────────────────────────────────────────────────────────────────────▶ canceled
 *                        └─refused (4xx) / unconfirmed (spec 8) ─────────────────────────────────────────▶ failed
 *   sending ──set_aside──▶ needs_attention ──try_again──▶ sending           (the one way back: see TRY_AGAIN)
 *                              ├─accepted (the give-up's resend, same key)──▶ created | on_terminal | …
 *                              └─given_up (a 4xx: nothing under its key) / unconfirmed ──────────────────────▶ failed
 *
 * A create answer may already carry a later status (an idempotent replay of an action that moved on,
 * spec 7.2), and a status read may skip one (a pickup and print between two polls): those are
 * `accepted` and `reported` moves straight to the later status.
 */
export type PrintEvent =
  /** The dispatcher hands the print's create to the platform (spec 4.1). */
  | 'send'
  /** Cancelled before anything of it can exist on the platform. */
  | 'cancel_locally'
  /** The platform answered the create with the action. */
  | 'accepted'
  /** A definitive refusal of the create (a 4xx that is not "busy"). */
  | 'refused'
  /** Never confirmed within the idempotency key's 24 h (spec 8): a resend could print twice. */
  | 'unconfirmed'
  /** A status read said so (spec 4.3). */
  | 'reported'
  /** POST …/cancel succeeded (spec 4.5). */
  | 'cancel_confirmed'
  /** The platform kept answering 404 for the action. */
  | 'gone'
  /** Its creates kept failing transiently (QueuePolicy.setAside): it stops holding its terminal's lane. */
  | 'set_aside'
  /** The cashier put it back in its lane, with the same key. */
  | 'try_again'
  /** The cashier gave it up and a resend of its create with the same key was refused: nothing of it is on the platform. */
  | 'given_up';

export interface PrintTransition {
  readonly from: PrintStatus;
  readonly event: PrintEvent;
  readonly to: PrintStatus;
}

const PLATFORM_LATER: Record<'sending' | 'created' | 'on_terminal', readonly PrintStatus[]> = {
  sending: ['created', 'on_terminal', 'processed', 'failed', 'canceled'],
  created: ['on_terminal', 'processed', 'failed', 'canceled'],
  on_terminal: ['processed', 'failed', 'canceled'],
};

/**
 * The only move to an earlier status, and only on the cashier's word: `needs_attention` and `sending`
 * both mean "a create is out, its outcome unknown", so going back claims nothing the platform said, and
 * the print keeps its one key (DESIGN.md). No platform answer can cause it.
 */
export const TRY_AGAIN: PrintTransition = { from: 'needs_attention', event: 'try_again', to: 'sending' };

export const PRINT_TRANSITIONS: readonly PrintTransition[] = [
  { from: 'queued', event: 'send', to: 'sending' },
  { from: 'queued', event: 'cancel_locally', to: 'canceled' },
  // Only once no request of it can still arrive: every create it sent was answered with a refusal.
  { from: 'sending', event: 'cancel_locally', to: 'canceled' },
  { from: 'sending', event: 'refused', to: 'failed' },
  { from: 'sending', event: 'unconfirmed', to: 'failed' },
  ...PLATFORM_LATER.sending.map((to) => ({ from: 'sending' as const, event: 'accepted' as const, to })),
  ...PLATFORM_LATER.created.map((to) => ({ from: 'created' as const, event: 'reported' as const, to })),
  ...PLATFORM_LATER.on_terminal.map((to) => ({ from: 'on_terminal' as const, event: 'reported' as const, to })),
  { from: 'created', event: 'cancel_confirmed', to: 'canceled' },
  // A pickup read just before the cancel reached the platform, which still found it `created`.
  { from: 'on_terminal', event: 'cancel_confirmed', to: 'canceled' },
  { from: 'created', event: 'gone', to: 'failed' },
  { from: 'on_terminal', event: 'gone', to: 'failed' },
  { from: 'sending', event: 'set_aside', to: 'needs_attention' },
  TRY_AGAIN,
  // Giving up resends the create with the same key (spec 8): its answer is the action as the platform has it.
  ...PLATFORM_LATER.sending.map((to) => ({ from: 'needs_attention' as const, event: 'accepted' as const, to })),
  { from: 'needs_attention', event: 'given_up', to: 'failed' },
  { from: 'needs_attention', event: 'unconfirmed', to: 'failed' },
];

/** How far along a status is: every row of the table but TRY_AGAIN goes up this order. */
export const PRINT_STATUS_ORDER: readonly PrintStatus[] = ['queued', 'sending', 'needs_attention', 'created', 'on_terminal', 'processed', 'failed', 'canceled'];

export type MoveCheck = { ok: true } | { ok: false; reason: string };

export function checkMove(from: PrintStatus, event: PrintEvent, to: PrintStatus): MoveCheck {
  if (PRINT_TRANSITIONS.some((row) => row.from === from && row.event === event && row.to === to)) return { ok: true };
  return { ok: false, reason: `a print in ${from} cannot move to ${to} on ${event}` };
}

/** Statuses with no way out. */
export function isFinalInLifecycle(status: PrintStatus): boolean {
  return !PRINT_TRANSITIONS.some((row) => row.from === status);
}
