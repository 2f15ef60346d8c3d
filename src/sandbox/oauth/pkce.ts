import { createHash, timingSafeEqual } from 'node:crypto';
import type { CodeChallengeMethod } from '../../shared/platform/oauth';

/** RFC 7636 §4.6: does the verifier of the token request answer the challenge of the authorization request? */
export function verifierMatches(verifier: string, challenge: string, method: CodeChallengeMethod): boolean {
  const derived = method === 'S256' ? createHash('sha256').update(verifier, 'ascii').digest('base64url') : verifier;
  const a = Buffer.from(derived, 'ascii');
  const b = Buffer.from(challenge, 'ascii');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}
