/**
 * The value-level scrubber every log line goes through before it is written: pino's `redact` only
 * knows paths, and a secret can hide in any string (an error's message with a URL, a header echoed
 * in a detail). Keys that name a secret lose their value; strings lose whatever looks like a token, a
 * bearer header, a sign-in code in a URL, or a card number.
 */

export const REDACTED = '[redacted]';

/** Field names whose value is never written, whatever it looks like. */
const SECRET_KEY =
  /(^|[_.-])(authorization|auth|token|access_?token|refresh_?token|id_?token|secret|client_?secret|password|passwd|pass|pin|pin_?code|cvv|cvc|security_?code|card_?number|pan|code_?verifier|cookie|set-cookie|signature|x-signature|api_?key|private_?key)$/i;

/** Strings that are secrets wherever they appear. Order matters: the longest shapes first. */
const SECRET_PATTERNS: ReadonlyArray<[RegExp, string]> = [
  // A bearer header or its value.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  // The platform's access and refresh tokens, and the sandbox's own secrets (APP_USR-…, TEST-…, TG-…, SBX-…).
  [/\b(APP_USR|TEST|TG|SBX)-[A-Za-z0-9_-]{6,}/g, REDACTED],
  // Sign-in codes, verifiers, tokens and secrets in a URL's query or a form body.
  [/([?&;](?:code|code_verifier|access_token|refresh_token|client_secret|token|state|password|pin)=)[^&#\s"']*/gi, `$1${REDACTED}`],
  // key=value and "key": "value" pairs inside free text (an error message quoting a body).
  [
    /("?(?:access_token|refresh_token|client_secret|code_verifier|password|pin|security_code|card_number|authorization)"?\s*[:=]\s*"?)[^"\s,&}]+/gi,
    `$1${REDACTED}`,
  ],
];

/** 13 to 19 digits, possibly grouped by spaces or dashes: checked with Luhn before it is hidden. */
const CARD_CANDIDATE = /\b\d(?:[ -]?\d){12,18}\b/g;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index--) {
    let digit = digits.charCodeAt(index) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

export function scrubText(text: string, extra: Iterable<string> = []): string {
  let out = text;
  for (const secret of extra) if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return out.replace(CARD_CANDIDATE, (match) => {
    const digits = match.replace(/[ -]/g, '');
    return luhnValid(digits) ? '[card]' : match;
  });
}

export function isSecretKey(key: string): boolean {
  // applicationSecret, accessToken: camelCase names are read as snake_case ones.
  return SECRET_KEY.test(key.replace(/([a-z0-9])([A-Z])/g, '$1_$2'));
}

const MAX_DEPTH = 8;

/** A copy of `value` safe to write: secret keys emptied, strings scrubbed, errors flattened, cycles cut. */
export function scrubValue(value: unknown, extra: ReadonlySet<string> = new Set(), depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value, extra);
  if (value === null || typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' ? String(typeof value) : value;
  if (seen.has(value)) return '[cycle]';
  if (depth >= MAX_DEPTH) return '[nested]';
  seen.add(value);
  if (value instanceof Error) {
    return { name: value.name, message: scrubText(value.message, extra), stack: value.stack === undefined ? undefined : scrubText(value.stack, extra) };
  }
  if (Array.isArray(value)) return value.slice(0, 100).map((entry) => scrubValue(entry, extra, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) out[key] = isSecretKey(key) ? REDACTED : scrubValue(entry, extra, depth + 1, seen);
  return out;
}
