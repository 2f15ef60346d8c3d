import { z } from 'zod';
import { CodeChallengeMethod, GrantType, Scope } from '../../shared/platform/oauth';

/**
 * Everything the OAuth module remembers: grants (which user allowed which application what), codes,
 * access and refresh tokens. Plain records so the state saves as JSON (`--state FILE`); the schemas
 * double as the check on a loaded file.
 */

const Scopes = z.array(Scope);

export const GrantRecord = z.object({
  /** Changes when a revoked grant is given again, so tokens of the old grant stay dead. */
  id: z.string(),
  clientId: z.string(),
  userId: z.number().int(),
  scopes: Scopes,
  grantedAt: z.number(),
});
export type GrantRecord = z.infer<typeof GrantRecord>;

export const CodeRecord = z.object({
  code: z.string(),
  clientId: z.string(),
  userId: z.number().int(),
  redirectUri: z.string(),
  scopes: Scopes,
  codeChallenge: z.string().optional(),
  codeChallengeMethod: CodeChallengeMethod.optional(),
  createdAt: z.number(),
  grantId: z.string(),
  /** Tokens issued from this code share it, so a replayed code can revoke them (RFC 6749 §4.1.2). */
  familyId: z.string(),
  usedAt: z.number().optional(),
});
export type CodeRecord = z.infer<typeof CodeRecord>;

export const AccessRecord = z.object({
  token: z.string(),
  clientId: z.string(),
  userId: z.number().int(),
  scopes: Scopes,
  liveMode: z.boolean(),
  grantType: GrantType,
  issuedAt: z.number(),
  expiresAt: z.number(),
  grantId: z.string().optional(),
  familyId: z.string().optional(),
});
export type AccessRecord = z.infer<typeof AccessRecord>;

export const RevocationReason = z.enum(['code_replayed', 'manual']);

export const RefreshRecord = z.object({
  token: z.string(),
  clientId: z.string(),
  userId: z.number().int(),
  scopes: Scopes,
  liveMode: z.boolean(),
  issuedAt: z.number(),
  grantId: z.string(),
  familyId: z.string(),
  /** The access token issued with it, which stops working once this is exchanged. */
  accessToken: z.string(),
  usedAt: z.number().optional(),
  revoked: RevocationReason.optional(),
  revokedAt: z.number().optional(),
});
export type RefreshRecord = z.infer<typeof RefreshRecord>;

export const OAuthState = z.object({
  version: z.literal(1),
  grants: z.array(GrantRecord),
  codes: z.array(CodeRecord),
  accessTokens: z.array(AccessRecord),
  refreshTokens: z.array(RefreshRecord),
});
export type OAuthState = z.infer<typeof OAuthState>;

/**
 * client_credentials mints a new token on every call (as the real platform does); the oldest of an
 * application's tokens are forgotten past this many, so a load test or a long-running sandbox does
 * not grow its state without bound.
 */
export const CLIENT_CREDENTIALS_TOKENS_PER_CLIENT = 1000;
/** Used codes and used/revoked refresh tokens are kept this long to tell "reused" from "unknown". */
const TOMBSTONE_MS = 24 * 60 * 60 * 1000;

/** An application's client_credentials tokens in the order issued; `next` is the slot the next one takes once full. */
export interface TokenRing {
  readonly tokens: string[];
  next: number;
}

export class OAuthStore {
  readonly grants = new Map<string, GrantRecord>();
  readonly codes = new Map<string, CodeRecord>();
  readonly accessTokens = new Map<string, AccessRecord>();
  readonly refreshTokens = new Map<string, RefreshRecord>();
  /**
   * Per application, its client_credentials tokens in the order issued, as a ring: the slot a new token
   * takes held the oldest, which is forgotten. A Set did the same but paid, on every token, a scan over
   * the holes its deletions leave at its front (a tenth of the token endpoint's work).
   */
  private readonly clientCredentialTokens = new Map<string, TokenRing>();
  private deletions = 0;

  /**
   * Changes whenever an access token may have gone (deleted, forgotten, cleared): what was learnt of a
   * token while it stays the same still holds. Every removal from accessTokens goes through this class.
   */
  get generation(): number {
    return this.deletions;
  }

  static grantKey(clientId: string, userId: number): string {
    return `${clientId}:${userId}`;
  }

  grantOf(clientId: string, userId: number): GrantRecord | undefined {
    return this.grants.get(OAuthStore.grantKey(clientId, userId));
  }

  putGrant(grant: GrantRecord): void {
    this.grants.set(OAuthStore.grantKey(grant.clientId, grant.userId), grant);
  }

  /**
   * The ring of an application's client_credentials tokens. The same object for as long as this store
   * lives (clear() empties it in place), so the token endpoint keeps it with the application instead of
   * looking it up on every token.
   */
  clientCredentialRing(clientId: string): TokenRing {
    let ring = this.clientCredentialTokens.get(clientId);
    if (ring === undefined) {
      ring = { tokens: [], next: 0 };
      this.clientCredentialTokens.set(clientId, ring);
    }
    return ring;
  }

  /** `ring`: the record's application's clientCredentialRing, when the caller holds it. */
  addAccessToken(record: AccessRecord, ring?: TokenRing): void {
    this.accessTokens.set(record.token, record);
    if (record.grantType !== 'client_credentials') return;
    const target = ring ?? this.clientCredentialRing(record.clientId);
    if (target.tokens.length < CLIENT_CREDENTIALS_TOKENS_PER_CLIENT) {
      target.tokens.push(record.token);
      return;
    }
    // Bounded: the oldest slot's token is forgotten (unless it already went: revoked, expired, pruned). A slot only
    // ever names a client_credentials token (each token's text is drawn afresh), so one delete does it.
    const oldest = target.tokens[target.next];
    if (oldest !== undefined && this.accessTokens.delete(oldest)) this.deletions++;
    target.tokens[target.next] = record.token;
    target.next = (target.next + 1) % CLIENT_CREDENTIALS_TOKENS_PER_CLIENT;
  }

  /** A deleted client_credentials token keeps its ring slot until a newer token takes it; it names nothing meanwhile. */
  deleteAccessToken(token: string): void {
    this.accessTokens.delete(token);
    this.deletions++;
  }

  /** RFC 6749 §4.1.2: a replayed code revokes every token issued from it. */
  revokeFamily(familyId: string, now: number): number {
    let revoked = 0;
    for (const [token, record] of this.accessTokens) {
      if (record.familyId === familyId) {
        this.deleteAccessToken(token);
        revoked++;
      }
    }
    for (const record of this.refreshTokens.values()) {
      if (record.familyId === familyId && record.revoked === undefined && record.usedAt === undefined) {
        record.revoked = 'code_replayed';
        record.revokedAt = now;
        revoked++;
      }
    }
    return revoked;
  }

  /**
   * The user withdraws consent: grants go, and so do the access tokens issued under them. Codes and
   * refresh tokens stay as records so exchanging them says "no grant" (unauthorized_client) rather
   * than "unknown". Tokens of client_credentials are not part of any grant and keep working.
   */
  revokeGrants(userId: number, clientId: string | undefined): { grants: number; tokens: number } {
    let grants = 0;
    let tokens = 0;
    const revokedGrantIds = new Set<string>();
    for (const [key, grant] of this.grants) {
      if (grant.userId !== userId || (clientId !== undefined && grant.clientId !== clientId)) continue;
      this.grants.delete(key);
      revokedGrantIds.add(grant.id);
      grants++;
    }
    for (const [token, record] of this.accessTokens) {
      if (record.grantId !== undefined && revokedGrantIds.has(record.grantId)) {
        this.deleteAccessToken(token);
        tokens++;
      }
    }
    return { grants, tokens };
  }

  /** Drops what can no longer matter: expired access tokens, long-expired codes, old tombstones. */
  prune(now: number, codeLifetimeMs: number): void {
    for (const [token, record] of this.accessTokens) if (record.expiresAt <= now) this.deleteAccessToken(token);
    for (const [code, record] of this.codes) if (record.createdAt + codeLifetimeMs + TOMBSTONE_MS <= now) this.codes.delete(code);
    for (const [token, record] of this.refreshTokens) {
      const settledAt = record.usedAt ?? record.revokedAt;
      if (settledAt !== undefined && settledAt + TOMBSTONE_MS <= now) this.refreshTokens.delete(token);
    }
  }

  clear(): void {
    this.grants.clear();
    this.codes.clear();
    this.accessTokens.clear();
    this.refreshTokens.clear();
    this.deletions++;
    // Emptied, not dropped: the token endpoint holds on to them (clientCredentialRing).
    for (const ring of this.clientCredentialTokens.values()) {
      ring.tokens.length = 0;
      ring.next = 0;
    }
  }

  save(): OAuthState {
    return {
      version: 1,
      grants: [...this.grants.values()],
      codes: [...this.codes.values()],
      accessTokens: [...this.accessTokens.values()],
      refreshTokens: [...this.refreshTokens.values()],
    };
  }

  load(data: unknown): void {
    const parsed = OAuthState.safeParse(data);
    if (!parsed.success) throw new Error(`the saved OAuth state is not valid: ${z.prettifyError(parsed.error)}`);
    this.clear();
    for (const grant of parsed.data.grants) this.putGrant(grant);
    for (const code of parsed.data.codes) this.codes.set(code.code, code);
    for (const token of parsed.data.accessTokens) this.addAccessToken(token);
    for (const token of parsed.data.refreshTokens) this.refreshTokens.set(token.token, token);
  }
}
