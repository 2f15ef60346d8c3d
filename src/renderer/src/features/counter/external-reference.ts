import { EXTERNAL_REFERENCE_MAX_CHARS, EXTERNAL_REFERENCE_PATTERN, ExternalReference } from '../../../../shared/platform/terminal-actions';

/** Letters and digits a person cannot confuse when reading a reference aloud (no 0/O, 1/I). */
const SUFFIX_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * A fresh reference for a print, `CTR-YYYYMMDD-HHMMSS-XXXX` in local time: sortable, readable over the
 * phone, and unique enough with four random characters for one shop's prints within a second.
 */
export function generateExternalReference(now: Date, randomBytes: Uint8Array): string {
  const date = `${now.getFullYear()}${twoDigits(now.getMonth() + 1)}${twoDigits(now.getDate())}`;
  const time = `${twoDigits(now.getHours())}${twoDigits(now.getMinutes())}${twoDigits(now.getSeconds())}`;
  let suffix = '';
  for (let index = 0; index < 4; index++) suffix += SUFFIX_ALPHABET[(randomBytes[index] ?? 0) % SUFFIX_ALPHABET.length];
  return `CTR-${date}-${time}-${suffix}`;
}

export type ExternalReferenceProblem = 'empty' | 'too_long' | 'characters';

/** Why the platform would refuse this reference (spec 8, platform-notes), or undefined when it would not. */
export function externalReferenceProblem(value: string): ExternalReferenceProblem | undefined {
  // The platform's own schema decides; the rest only names the reason for the cashier.
  if (ExternalReference.safeParse(value).success) return undefined;
  if (value.length === 0) return 'empty';
  if (value.length > EXTERNAL_REFERENCE_MAX_CHARS) return 'too_long';
  return EXTERNAL_REFERENCE_PATTERN.test(value) ? undefined : 'characters';
}
