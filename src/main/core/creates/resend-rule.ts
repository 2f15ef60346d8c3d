/**
 * The one rule for every create that costs money or paper (a print action, a point order): a create
 * whose answer never came may be sent again only under the SAME idempotency key, and only while the
 * platform still remembers that key, so a resend returns what the first one made instead of making a
 * second. Past that, Counter looks the first one up where the platform allows it (an order by its
 * external reference) and adopts what it finds; where it cannot, a person decides, with the facts.
 */

/** How long the platform answers a repeated key with what it first made (spec 7.2 and 8: 24 hours). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60_000;

/**
 * Resends stop an hour before the window closes: the counter's clock and the platform's may differ, and
 * a request sent at 23:59 may arrive after the key is forgotten.
 */
export const RESEND_CUTOFF_MS = IDEMPOTENCY_WINDOW_MS - 60 * 60_000;

export type ResendVerdict = 'resend' | 'look_up' | 'ask_person';

export interface UnansweredCreate {
  /** When its first request left (or, where that was not kept, when its key was made); null: never sent. */
  firstSentAt: number | null;
  now: number;
  /** Whether the platform lets Counter find what a create made by its reference, and whether that was done already. */
  lookUp: 'possible' | 'done' | 'impossible';
  /** Where tests move the cut-off; never later than RESEND_CUTOFF_MS. */
  cutoffMs?: number;
}

/** What to do with a create whose answer never came. */
export function resendVerdict(create: UnansweredCreate): ResendVerdict {
  const cutoff = Math.min(create.cutoffMs ?? RESEND_CUTOFF_MS, RESEND_CUTOFF_MS);
  if (create.firstSentAt === null || create.now - create.firstSentAt < cutoff) return 'resend';
  return create.lookUp === 'possible' ? 'look_up' : 'ask_person';
}
