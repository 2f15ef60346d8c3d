import { EXTERNAL_REFERENCE_MAX_CHARS, EXTERNAL_REFERENCE_PATTERN, ExternalReference } from '../platform/terminal-actions';

/** Letters and digits a person cannot confuse when reading a reference aloud (no 0/O, 1/I). */
const SUFFIX_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const SUFFIX_LENGTH = 6;

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * A fresh reference for a print, `CTR-YYYYMMDD-HHMMSS-XXXXXX` in local time (25 characters of spec 8's
 * `A-Z a-z 0-9 - _`, at most 64): sortable, readable over the phone, and with six random characters
 * (32^6, about a billion) unique enough for a store's counters within one second. The one generator
 * of the app: the Counter screen proposes one, and the print queue gives one to a print enqueued
 * without. `random` returns a number in [0, 1), like Math.random, so tests can fix it.
 */
export function newExternalReference(now: number, random: () => number): string {
  const at = new Date(now);
  const date = `${at.getFullYear()}${twoDigits(at.getMonth() + 1)}${twoDigits(at.getDate())}`;
  const time = `${twoDigits(at.getHours())}${twoDigits(at.getMinutes())}${twoDigits(at.getSeconds())}`;
  return `CTR-${date}-${time}-${referenceSuffix(SUFFIX_LENGTH, random)}`;
}

/** `length` characters a person cannot confuse, drawn with `random` (in [0, 1)); also the tail of a reprint's reference. */
export function referenceSuffix(length: number, random: () => number): string {
  let suffix = '';
  for (let index = 0; index < length; index++) {
    const pick = Math.min(SUFFIX_ALPHABET.length - 1, Math.max(0, Math.floor(random() * SUFFIX_ALPHABET.length)));
    suffix += SUFFIX_ALPHABET[pick];
  }
  return suffix;
}

export type ExternalReferenceProblem = 'empty' | 'too_long' | 'characters';

/** Why the platform would refuse this reference (spec 8), or undefined when it would not. */
export function externalReferenceProblem(value: string): ExternalReferenceProblem | undefined {
  // The platform's own schema decides; the rest only names the reason for the cashier.
  if (ExternalReference.safeParse(value).success) return undefined;
  if (value.length === 0) return 'empty';
  if (value.length > EXTERNAL_REFERENCE_MAX_CHARS) return 'too_long';
  return EXTERNAL_REFERENCE_PATTERN.test(value) ? undefined : 'characters';
}
