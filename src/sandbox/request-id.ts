import { randomHex } from './random-id';

/**
 * The `x-request-id` of every answer: UUID-shaped like the platform's, unique within the process and, through a
 * random per-process prefix, across restarts. It only has to tell answers apart in a client's log (nothing
 * is authorised by it), so a counter replaces the 16 random bytes `randomUUID` spent per answer.
 */
export function requestIdSource(): () => string {
  let prefix = randomPrefix();
  let next = 0;
  return () => {
    // Seven hex digits of a counter kept below 2^28, a small integer for V8: a larger one is a heap number,
    // and writing that in hex went through a floating-point path that cost more than the random bytes did.
    const id = prefix + next.toString(16).padStart(7, '0');
    next++;
    if (next === COUNTER_LIMIT) {
      prefix = randomPrefix();
      next = 0;
    }
    return id;
  };
}

const COUNTER_LIMIT = 2 ** 28;

/** 25 random hex digits laid out as a UUID v4's first 29 characters (version and variant nibbles set). */
function randomPrefix(): string {
  const random = randomHex(13);
  const variant = '89ab'[Number.parseInt(random[15]!, 16) & 3]!;
  return `${random.slice(0, 8)}-${random.slice(8, 12)}-4${random.slice(12, 15)}-${variant}${random.slice(16, 19)}-${random.slice(19, 24)}`;
}
