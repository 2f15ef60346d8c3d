const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CODES = Uint8Array.from(ALPHABET, (character) => character.charCodeAt(0));
const PAD = '='.charCodeAt(0);
/** Characters turned into a string per call: below engines' argument-count limits for fromCharCode. */
const CHUNK = 0x8000;

/** Length of the Base64 text of `byteCount` bytes, padding included: what the 1 MB content limit counts. */
export function base64Length(byteCount: number): number {
  return Math.ceil(byteCount / 3) * 4;
}

/**
 * Standard, padded Base64 (RFC 4648 §4) with no line breaks, which is what the platform's image content
 * takes. Written out rather than `btoa`, which only takes a binary string and would need one built first.
 */
export function encodeBase64(bytes: Uint8Array): string {
  const codes = new Uint8Array(base64Length(bytes.length));
  let out = 0;
  let index = 0;
  for (; index + 2 < bytes.length; index += 3) {
    const triple = ((bytes[index] ?? 0) << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
    codes[out++] = CODES[triple >>> 18] ?? PAD;
    codes[out++] = CODES[(triple >>> 12) & 63] ?? PAD;
    codes[out++] = CODES[(triple >>> 6) & 63] ?? PAD;
    codes[out++] = CODES[triple & 63] ?? PAD;
  }
  const rest = bytes.length - index;
  if (rest > 0) {
    const triple = ((bytes[index] ?? 0) << 16) | (rest === 2 ? (bytes[index + 1] ?? 0) << 8 : 0);
    codes[out++] = CODES[triple >>> 18] ?? PAD;
    codes[out++] = CODES[(triple >>> 12) & 63] ?? PAD;
    codes[out++] = rest === 2 ? (CODES[(triple >>> 6) & 63] ?? PAD) : PAD;
    codes[out] = PAD;
  }
  let text = '';
  for (let start = 0; start < codes.length; start += CHUNK) text += String.fromCharCode(...codes.subarray(start, start + CHUNK));
  return text;
}
