import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 7636 §4.1: 32 random bytes give a 43-character base64url verifier, the minimum length allowed. */
export function createCodeVerifier(): string {
  return randomBytes(48).toString('base64url');
}

/** RFC 7636 §4.2, S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export function codeChallengeS256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** An unguessable `state`, tying the redirect to the sign-in that asked for it (RFC 6749 §10.12). */
export function createState(): string {
  return randomBytes(24).toString('base64url');
}

/** Compares in constant time, so a forged redirect cannot learn the state one character at a time. */
export function sameSecret(expected: string, received: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}
