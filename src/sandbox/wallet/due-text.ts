/**
 * `isoTime` of a card token's due date, from a cache of its own. isoTime keeps the text of one second; a
 * token writes its creation (now) and its due date (a week later) one after the other, so through isoTime
 * each pushed the other's second out and both were written in full by `toISOString` at every token (about
 * 1 µs), and so was the next payment's date. Written the same way as isoTime, from the due second's prefix.
 */
let cachedSecond = Number.NaN;
let cachedPrefix = '';

export function dueText(epochMs: number): string {
  const second = Math.floor(epochMs / 1000);
  if (second !== cachedSecond) {
    const text = new Date(second * 1000).toISOString();
    // Years outside 0000–9999 are written with six digits and a sign: rare enough to format in full.
    if (text.length !== 24) return new Date(epochMs).toISOString();
    cachedPrefix = text.slice(0, 20);
    cachedSecond = second;
  }
  const millis = epochMs - second * 1000;
  return `${cachedPrefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}
