import { randomHex } from './random-id';

/**
 * The `x-request-id` of every answer: UUID-shaped like the platform's, unique within the process and, through a
 * random per-process prefix, across restarts. It only has to tell answers apart in a client's log (nothing
 * is authorised by it), so a counter replaces the 16 random bytes `randomUUID` spent per answer.
 */
export function requestIdSource(): () => string {
  const random = randomHex(10);
  // Version 4 and the RFC 9562 variant in their nibbles, so a client that checks the UUID layout accepts it.
  const prefix = `${random.slice(0, 8)}-${random.slice(8, 12)}-4${random.slice(12, 15)}-${'89ab'[Number.parseInt(random[15]!, 16) & 3]}${random.slice(16, 19)}-`;
  // Starts anywhere in the 48-bit counter so two processes with the same prefix (1 in 2^76) still differ.
  let next = Number.parseInt(randomHex(5), 16);
  return () => {
    const id = prefix + next.toString(16).padStart(12, '0');
    next = next === COUNTER_LIMIT ? 0 : next + 1;
    return id;
  };
}

const COUNTER_LIMIT = 2 ** 48 - 1;
