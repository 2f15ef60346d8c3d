import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt's cost: N = 2^15, r = 10 (40 MiB per hash), p = 2. About 0.19 s of CPU per PIN on the counter's
 * machine (bench/pin): a sign-in stays under 250 ms, and trying all 10,000 four-digit PINs costs over 30
 * minutes of CPU (r = 8 was 0.155 s, 26 minutes). Kept with every hash, so a later cost change still
 * verifies the PINs set before it.
 */
export const PIN_COST = { N: 2 ** 15, r: 10, p: 2 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;

export interface PinCost {
  N: number;
  r: number;
  p: number;
}

function derive(pin: string, salt: Buffer, cost: PinCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    // The callback form runs on libuv's pool: main keeps answering while a PIN is hashed.
    scrypt(pin, salt, KEY_BYTES, options, (error, key) => (error === null ? resolve(key) : reject(error)));
  });
}

/** `scrypt$N$r$p$salt$key`, salt and key in base64url: nothing in it gives the PIN back. */
export async function hashPin(pin: string, cost: PinCost = PIN_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(pin, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Compares in constant time; a malformed stored hash is simply a mismatch. */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || key === undefined) return false;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every((value) => Number.isInteger(value) && value > 0)) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(pin, Buffer.from(salt, 'base64url'), cost);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
