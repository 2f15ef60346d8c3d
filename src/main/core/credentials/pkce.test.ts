import { describe, expect, it } from 'vitest';
import { CodeVerifier } from '../../../shared/platform/oauth';
import { codeChallengeS256, createCodeVerifier, createState, sameSecret } from './pkce';
import { refreshDueAt, tokenTypeMarker } from './credentials-service';

describe('PKCE and token helpers', () => {
  it('computes the S256 challenge of RFC 7636 appendix B', () => {
    expect(codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('makes verifiers the platform accepts and states that do not repeat', () => {
    const verifier = createCodeVerifier();
    expect(CodeVerifier.safeParse(verifier).success).toBe(true);
    expect(createState()).not.toBe(createState());
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abc', 'abd')).toBe(false);
    expect(sameSecret('abc', 'abcd')).toBe(false);
  });

  it('reads the type marker of spec 2.2 and renews a tenth of the lifetime early, at most a day', () => {
    expect(tokenTypeMarker('APP_USR-4815162342-011512-abc-1001')).toBe('APP_USR');
    expect(tokenTypeMarker('TEST-4815162342-011512-abc-1001')).toBe('TEST');
    expect(tokenTypeMarker('opaque')).toBe('unknown');
    const base = { accessToken: 'a', refreshToken: null, grant: 'client_credentials' as const, clientId: '1', userId: 1, scopes: [], liveMode: true };
    expect(refreshDueAt({ ...base, obtainedAt: 0, expiresAt: 3_600_000 })).toBe(3_240_000);
    expect(refreshDueAt({ ...base, obtainedAt: 0, expiresAt: 15_552_000_000 })).toBe(15_552_000_000 - 86_400_000);
  });
});
