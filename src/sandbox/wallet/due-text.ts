import { createIsoTime } from '../iso-time';

/**
 * `isoTime` of a card token's due date, with a cache of its own. A token writes its creation (now) and its
 * due date (a week later) one after the other, so through one formatter each pushed the other's second out
 * and both were written in full by `toISOString` at every token (about 1 µs), and so was the next payment's date.
 */
export const dueText = createIsoTime();
