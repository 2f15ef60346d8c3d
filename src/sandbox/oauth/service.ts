import { hash, randomUUID } from 'node:crypto';
import type { SeedApplication } from '../accounts';
import type { Principal, SandboxContext } from '../context';
import { SandboxError } from '../errors';
import { randomHex } from '../random-id';
import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  AUTHORIZATION_CODE_LIFETIME_SECONDS,
  GrantType,
  isTestTokenRequested,
  type Scope,
  type TokenResponse,
} from '../../shared/platform/oauth';
import { withQuery, type ValidAuthorization } from './authorize';
import { verifierMatches } from './pkce';
import { TokenBuckets, type RateLimit } from './rate-limit';
import { canonicalScopes, scopeText } from './scopes';
import { OAuthStore, type AccessRecord, type CodeRecord, type TokenRing } from './store';
import { adoptClientId, flowRequest, invalidRequest, missingCredential, readTokenParameters, tokenError, type TokenParameters } from './token-request';

const CODE_LIFETIME_MS = AUTHORIZATION_CODE_LIFETIME_SECONDS * 1000;
const ACCESS_LIFETIME_MS = ACCESS_TOKEN_LIFETIME_SECONDS * 1000;

const invalidGrant = (message: string): SandboxError => tokenError('invalid_grant', message);

/** Spec 2.2: the creation date segment, MMddHH. UTC, so a token minted at a given instant reads the same everywhere. */
export function tokenDateStamp(epochMs: number): string {
  const hour = Math.floor(epochMs / HOUR_MS);
  if (hour === stampHour) return stampText;
  const date = new Date(epochMs);
  stampText = [date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours()].map((part) => String(part).padStart(2, '0')).join('');
  stampHour = hour;
  return stampText;
}
const HOUR_MS = 60 * 60 * 1000;

// Every token of the same UTC hour carries the same stamp: written once per hour, not per token.
let stampHour = Number.NaN;
let stampText = '';

/**
 * A token's `{APP_USR|TEST}-{application id}-{MMddHH}-` and `-{user id}`, kept while they repeat (the
 * same application's tokens of one hour): two joins per token instead of five.
 */
function tokenHead(liveMode: boolean, clientId: string, stamp: string): string {
  if (liveMode !== headLive || clientId !== headClientId || stamp !== headStamp) {
    head = `${liveMode ? 'APP_USR' : 'TEST'}-${clientId}-${stamp}-`;
    headLive = liveMode;
    headClientId = clientId;
    headStamp = stamp;
  }
  return head;
}
let head = '';
let headLive = false;
let headClientId = '';
let headStamp = '';
function tokenTail(userId: number): string {
  if (userId !== tailUserId) {
    tail = `-${userId}`;
    tailUserId = userId;
  }
  return tail;
}
let tail = '';
let tailUserId = Number.NaN;

/** One-shot hashing to hex: no Hash object and no Buffer per check (a third of what createHash + digest() costs). */
function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}
/** The same digest as 32 one-byte characters ("binary" is latin1): half the characters for sameHex to compare. */
function sha256Latin1(text: string): string {
  return hash('sha256', text, 'binary');
}
/**
 * Compares digests so the time taken says nothing about the secret, not even its length: both are
 * digests of the same length, and every character is compared whatever the first difference.
 */
export function sameHex(expected: string, actual: string): boolean {
  if (expected.length !== actual.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index++) difference |= expected.charCodeAt(index) ^ actual.charCodeAt(index);
  return difference === 0;
}

/**
 * What the token endpoint needs of one application, worked out once and found with it: one search of
 * the seed per request instead of a WeakMap or Map lookup per need (secret, scopes, public key, ring).
 */
interface Client {
  readonly application: SeedApplication;
  /** The configured secret's hash, so checking one costs one hash, not two. */
  readonly secretHash: string;
  /**
   * What client_credentials grants when no scope is asked for: the application's scopes but
   * offline_access. Frozen, shared by its tokens (never changed in place), with its answer text.
   */
  readonly defaultScopes: readonly Scope[];
  readonly defaultScopeText: string;
  /** The public keys of the application's owner, whom client_credentials tokens act for. */
  readonly ownerLiveKey: string;
  readonly ownerTestKey: string;
  readonly ring: TokenRing;
}

function newClient(application: SeedApplication, ring: TokenRing): Client {
  const defaultScopes = Object.freeze(canonicalScopes(application.scopes.filter((scope) => scope !== 'offline_access')));
  return {
    application,
    secretHash: sha256Latin1(application.client_secret),
    defaultScopes,
    defaultScopeText: scopeText(defaultScopes),
    ownerLiveKey: publicKey(application.client_id, application.owner_user_id, true),
    ownerTestKey: publicKey(application.client_id, application.owner_user_id, false),
    ring,
  };
}

/** The principal of each access token, built on its first use: a token's fields never change. */
const principals = new WeakMap<AccessRecord, Principal>();

/**
 * The platform's authorization server: consent → code → tokens, refresh, client_credentials, and the
 * bearer check every protected route uses (spec 2.1, 2.2, 5, 7.1, 8).
 */
export class OAuthService {
  readonly store = new OAuthStore();
  private readonly buckets: TokenBuckets;
  /** The last header authenticate() accepted and what it answered (see there). */
  private lastBearer: { header: string; generation: number; expiresAt: number; principal: Principal } | undefined;
  /** By the index of their application in the seed; rebuilt for an index whose application changed. */
  private readonly clients: (Client | undefined)[] = [];

  constructor(
    private readonly context: SandboxContext,
    rateLimit: RateLimit | null,
  ) {
    this.buckets = new TokenBuckets(rateLimit, context.clock);
  }

  private now(): number {
    return this.context.clock.now();
  }

  /** The seed's application of this client_id, with what the token endpoint keeps of it. */
  private clientOf(clientId: string): Client | undefined {
    const applications = this.context.seed.applications;
    for (let index = 0; index < applications.length; index++) {
      const application = applications[index];
      if (application === undefined || application.client_id !== clientId) continue;
      let client = this.clients[index];
      if (client?.application !== application) {
        client = newClient(application, this.store.clientCredentialRing(clientId));
        this.clients[index] = client;
      }
      return client;
    }
    return undefined;
  }

  // ---------------------------------------------------------------- authorization

  /** The user said yes: record (or widen) the grant and mint a single-use code bound to this request. */
  issueCode(authorization: ValidAuthorization, userId: number): { code: string; redirectTo: string } {
    const now = this.now();
    const clientId = authorization.application.client_id;
    const existing = this.store.grantOf(clientId, userId);
    const grant = existing ?? { id: randomUUID(), clientId, userId, scopes: [], grantedAt: now };
    grant.scopes = canonicalScopes([...grant.scopes, ...authorization.scopes]);
    this.store.putGrant(grant);

    const code = `TG-${randomHex(12)}-${userId}`;
    const record: CodeRecord = {
      code,
      clientId,
      userId,
      redirectUri: authorization.redirectUri,
      scopes: authorization.scopes,
      createdAt: now,
      grantId: grant.id,
      familyId: randomUUID(),
    };
    if (authorization.codeChallenge !== undefined) record.codeChallenge = authorization.codeChallenge;
    if (authorization.codeChallengeMethod !== undefined) record.codeChallengeMethod = authorization.codeChallengeMethod;
    this.store.codes.set(code, record);
    return { code, redirectTo: withQuery(authorization.redirectUri, { code, state: authorization.state }) };
  }

  /** The user said no (RFC 6749 §4.1.2.1 access_denied). */
  denialRedirect(authorization: ValidAuthorization): string {
    return withQuery(authorization.redirectUri, {
      error: 'access_denied',
      error_description: 'The user denied the authorization request.',
      state: authorization.state,
    });
  }

  // ---------------------------------------------------------------- token endpoint

  /**
   * `POST /oauth/token` (spec 4.1). Checks run in a fixed order so each 7.1 row has one cause:
   * shape of the request (invalid_request) → rate (429) → client credentials (invalid_client) →
   * grant_type (unsupported_grant_type) → parameters of that flow (invalid_request) → scope
   * (invalid_scope / unauthorized_client) → the code or refresh token itself (invalid_grant, forbidden,
   * unauthorized_client).
   */
  token(body: unknown): TokenResponse {
    const params = readTokenParameters(body);
    const secretIsAccessToken = this.adoptClientOfAccessTokenSecret(params);
    const missing = missingCredential(params);
    if (missing !== undefined) throw invalidRequest(`Missing required parameter "${missing}".`);
    // Present and non-empty: missingCredential said so.
    const clientId = params.client_id ?? '';
    const client = this.clientOf(clientId);
    if (client !== undefined) {
      // Counted before the secret is checked, so the limit also slows down guessing a secret. Keyed by the
      // seed's own text of the id (equal to the request's), whose hash is already known.
      const taken = this.buckets.take(client.application.client_id);
      if (!taken.allowed) {
        throw new SandboxError(429, 'local_rate_limited', `Too many token requests for application ${clientId}; retry in ${taken.retryAfterSeconds} s.`, [], {
          'retry-after': String(taken.retryAfterSeconds),
        });
      }
    }
    if (client === undefined || (!secretIsAccessToken && !sameHex(client.secretHash, sha256Latin1(params.client_secret ?? '')))) {
      throw tokenError('invalid_client', 'Invalid client_id or client_secret.');
    }
    const application = client.application;

    const grantTypeText = params.grant_type ?? '';
    const grantType = GrantType.safeParse(grantTypeText);
    if (!grantType.success) {
      // Worded as the platform words it (spec 7.1): the text names two flows even though the third,
      // client_credentials, is accepted too. See docs/decisions.md.
      throw tokenError('unsupported_grant_type', `Unsupported grant_type "${grantTypeText}": grant_type must be authorization_code or refresh_token.`);
    }
    // Everything flowRequest lets through is a valid token request, parsed into its type.
    const request = flowRequest(params, grantType.data);
    let requestedScopes: Scope[] | undefined;
    if (request.scope !== undefined) {
      requestedScopes = canonicalScopes(request.scope.split(' ') as Scope[]);
      const beyond = requestedScopes.filter((scope) => !application.scopes.includes(scope));
      if (beyond.length > 0) throw tokenError('unauthorized_client', `Application ${clientId} is not allowed the scope ${beyond.join(' ')}.`);
    }
    const testMode = isTestTokenRequested(request.test_token);

    switch (request.grant_type) {
      case 'client_credentials':
        return this.clientCredentials(client, requestedScopes, testMode);
      case 'authorization_code':
        return this.authorizationCode(application, request.code, request.redirect_uri, request.code_verifier, requestedScopes, testMode);
      case 'refresh_token':
        return this.refresh(application, request.refresh_token, requestedScopes, testMode);
    }
  }

  /**
   * The Go and Python SDKs send the caller's access token as client_secret and no client_id; the
   * platform takes the application from that token. Sets client_id to it and says whether it did.
   */
  private adoptClientOfAccessTokenSecret(params: TokenParameters): boolean {
    const clientId = params.client_id;
    const secret = params.client_secret;
    if ((clientId !== undefined && clientId !== '') || secret === undefined) return false;
    const record = this.store.accessTokens.get(secret);
    if (record === undefined || this.now() >= record.expiresAt) return false;
    adoptClientId(params, record.clientId);
    return true;
  }

  private clientCredentials(client: Client, requested: Scope[] | undefined, testMode: boolean): TokenResponse {
    // No user takes part (spec 2.1), so nothing can be refreshed: offline_access has no meaning here.
    if (requested?.includes('offline_access') === true) {
      throw tokenError('invalid_scope', 'offline_access cannot be granted with client_credentials: this flow has no refresh token.');
    }
    const application = client.application;
    const scopes = requested ?? (client.defaultScopes as Scope[]);
    if (scopes.length === 0) throw tokenError('unauthorized_client', `Application ${application.client_id} has no scope that client_credentials can grant.`);
    // The token acts for the application's owner: that is whose terminals and actions it reaches.
    const access = this.mintAccess(application, application.owner_user_id, scopes, !testMode, 'client_credentials', undefined, undefined, client.ring);
    return {
      access_token: access.token,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      scope: requested === undefined ? client.defaultScopeText : scopeText(scopes),
      user_id: access.userId,
      public_key: testMode ? client.ownerTestKey : client.ownerLiveKey,
      live_mode: access.liveMode,
    };
  }

  private authorizationCode(
    application: SeedApplication,
    code: string,
    redirectUri: string,
    verifier: string | undefined,
    requested: Scope[] | undefined,
    testMode: boolean,
  ): TokenResponse {
    const now = this.now();
    const record = this.store.codes.get(code);
    if (record === undefined) {
      if (this.store.refreshTokens.has(code)) throw invalidGrant('The value sent as code is a refresh_token: exchange it with grant_type=refresh_token.');
      if (this.store.accessTokens.has(code)) throw invalidGrant('The value sent as code is an access token, not an authorization code.');
      throw invalidGrant('The authorization code is invalid.');
    }
    if (record.clientId !== application.client_id) throw invalidGrant('The authorization code was issued to another application.');
    if (record.usedAt !== undefined) {
      // RFC 6749 §4.1.2: a second use means the code leaked; whatever it produced is revoked.
      this.store.revokeFamily(record.familyId, now);
      throw invalidGrant('The authorization code has already been used; the tokens issued from it are now revoked.');
    }
    if (now >= record.createdAt + CODE_LIFETIME_MS) throw invalidGrant('The authorization code has expired: codes are valid 10 minutes from generation.');
    this.checkGrant(record.clientId, record.userId, record.grantId, 'authorization code');
    if (redirectUri !== record.redirectUri) throw invalidGrant('redirect_uri differs from the one of the authorization request.');
    if (record.codeChallenge !== undefined && record.codeChallengeMethod !== undefined) {
      if (verifier === undefined) throw invalidRequest('Missing required parameter "code_verifier": the authorization request carried a code_challenge.');
      if (!verifierMatches(verifier, record.codeChallenge, record.codeChallengeMethod)) throw invalidGrant('code_verifier does not match the code_challenge.');
    } else if (verifier !== undefined) {
      // RFC 9700 §2.1.1: accepting a verifier for a code issued without a challenge allows a PKCE downgrade.
      throw invalidGrant('code_verifier was sent but the authorization request carried no code_challenge.');
    }
    const scopes = this.narrow(record.scopes, requested);
    record.usedAt = now;
    return this.mintPair(application, record.userId, scopes, !testMode, 'authorization_code', record.grantId, record.familyId);
  }

  private refresh(application: SeedApplication, refreshToken: string, requested: Scope[] | undefined, testMode: boolean): TokenResponse {
    const now = this.now();
    const record = this.store.refreshTokens.get(refreshToken);
    if (record === undefined) {
      if (this.store.codes.has(refreshToken))
        throw invalidGrant('The value sent as refresh_token is an authorization code: exchange it with grant_type=authorization_code.');
      if (this.store.accessTokens.has(refreshToken)) throw invalidGrant('The value sent as refresh_token is an access token.');
      throw invalidGrant('The refresh_token is invalid.');
    }
    if (record.clientId !== application.client_id) throw invalidGrant('The refresh_token was issued to another application.');
    if (record.revoked !== undefined) throw invalidGrant('The refresh_token has been revoked.');
    if (record.usedAt !== undefined) throw invalidGrant('The refresh_token has already been used: refresh tokens are single-use.');
    this.checkGrant(record.clientId, record.userId, record.grantId, 'refresh_token');
    if (!record.scopes.includes('offline_access')) {
      throw tokenError('unauthorized_client', 'The grant does not include offline_access, which refreshing requires.');
    }
    if (record.liveMode === testMode) {
      throw tokenError(
        'forbidden',
        record.liveMode
          ? 'A live refresh_token cannot be exchanged for TEST credentials.'
          : 'A TEST refresh_token cannot be exchanged for live credentials: send test_token=true.',
      );
    }
    const scopes = this.narrow(record.scopes, requested);
    record.usedAt = now;
    // The access token issued with this refresh token stops working (it is being replaced).
    this.store.deleteAccessToken(record.accessToken);
    return this.mintPair(application, record.userId, scopes, record.liveMode, 'refresh_token', record.grantId, record.familyId);
  }

  /** The user must still allow the application (spec 7.1 unauthorized_client: "no grant with the user"). */
  private checkGrant(clientId: string, userId: number, grantId: string, what: string): void {
    const grant = this.store.grantOf(clientId, userId);
    if (grant === undefined)
      throw tokenError('unauthorized_client', `Application ${clientId} has no grant with user ${userId}: the user revoked it or never gave it.`);
    if (grant.id !== grantId) throw invalidGrant(`The ${what} has been revoked: it belongs to an earlier grant of this user.`);
  }

  /** RFC 6749 §6: a token request may narrow the scope, never widen it. */
  private narrow(granted: Scope[], requested: Scope[] | undefined): Scope[] {
    if (requested === undefined) return granted;
    const beyond = requested.filter((scope) => !granted.includes(scope));
    if (beyond.length > 0) throw tokenError('invalid_scope', `The scope ${beyond.join(' ')} was not granted by the user.`);
    return requested;
  }

  private mintPair(
    application: SeedApplication,
    userId: number,
    scopes: Scope[],
    liveMode: boolean,
    grantType: 'authorization_code' | 'refresh_token',
    grantId: string,
    familyId: string,
  ): TokenResponse {
    const access = this.mintAccess(application, userId, scopes, liveMode, grantType, grantId, familyId);
    const refreshToken = `TG-${randomHex(12)}-${userId}`;
    this.store.refreshTokens.set(refreshToken, {
      token: refreshToken,
      clientId: application.client_id,
      userId,
      scopes,
      liveMode,
      issuedAt: access.issuedAt,
      grantId,
      familyId,
      accessToken: access.token,
    });
    return this.response(access, refreshToken);
  }

  private mintAccess(
    application: SeedApplication,
    userId: number,
    scopes: Scope[],
    liveMode: boolean,
    grantType: GrantType,
    grantId?: string,
    familyId?: string,
    ring?: TokenRing,
  ): AccessRecord {
    const now = this.now();
    const token = tokenHead(liveMode, application.client_id, tokenDateStamp(now)) + randomHex(16) + tokenTail(userId);
    const record: AccessRecord = {
      token,
      clientId: application.client_id,
      userId,
      scopes,
      liveMode,
      grantType,
      issuedAt: now,
      expiresAt: now + ACCESS_LIFETIME_MS,
    };
    if (grantId !== undefined) record.grantId = grantId;
    if (familyId !== undefined) record.familyId = familyId;
    this.store.addAccessToken(record, ring);
    return record;
  }

  private response(access: AccessRecord, refreshToken: string | undefined): TokenResponse {
    const response: TokenResponse = {
      access_token: access.token,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
      scope: scopeText(access.scopes),
      user_id: access.userId,
      public_key: publicKey(access.clientId, access.userId, access.liveMode),
      live_mode: access.liveMode,
    };
    if (refreshToken !== undefined) response.refresh_token = refreshToken;
    return response;
  }

  // ---------------------------------------------------------------- resource side

  /** Spec 5.1: the bearer check of every protected route. Any failure is 401 `unauthorized`. */
  authenticate(header: string | undefined): Principal {
    const last = this.lastBearer;
    // A client sends the same header request after request: while no token has gone from the store since,
    // and the token has not expired, the answer is the one it had.
    if (last !== undefined && header === last.header && last.generation === this.store.generation && this.now() < last.expiresAt) return last.principal;
    if (header === undefined || header.trim() === '') throw unauthorized('Missing access token: send the header Authorization: Bearer <ACCESS_TOKEN>.');
    const match = /^Bearer +(\S+) *$/i.exec(header);
    const token = match?.[1];
    if (token === undefined) throw unauthorized('Malformed Authorization header: expected "Bearer <ACCESS_TOKEN>".');
    const record = this.store.accessTokens.get(token);
    if (record === undefined) throw unauthorized('Invalid access token: unknown or revoked.');
    if (this.now() >= record.expiresAt) {
      this.store.deleteAccessToken(token);
      throw unauthorized('The access token has expired.');
    }
    let principal = principals.get(record);
    if (principal === undefined) {
      principal = Object.freeze({
        userId: record.userId,
        clientId: record.clientId,
        scopes: Object.freeze([...record.scopes]),
        accessToken: record.token,
        liveMode: record.liveMode,
      });
      principals.set(record, principal);
    }
    this.lastBearer = { header, generation: this.store.generation, expiresAt: record.expiresAt, principal };
    return principal;
  }

  // ---------------------------------------------------------------- control

  revokeGrants(userId: number, clientId: string | undefined): { revoked_grants: number; revoked_access_tokens: number } {
    const result = this.store.revokeGrants(userId, clientId);
    return { revoked_grants: result.grants, revoked_access_tokens: result.tokens };
  }

  /** Revokes one access or refresh token (RFC 7009 semantics: a refresh token takes its access token with it). */
  revokeToken(token: string): 'access_token' | 'refresh_token' | undefined {
    if (this.store.accessTokens.has(token)) {
      this.store.deleteAccessToken(token);
      return 'access_token';
    }
    const refresh = this.store.refreshTokens.get(token);
    if (refresh === undefined) return undefined;
    if (refresh.revoked === undefined) {
      refresh.revoked = 'manual';
      refresh.revokedAt = this.now();
    }
    this.store.deleteAccessToken(refresh.accessToken);
    return 'refresh_token';
  }

  prune(): void {
    this.store.prune(this.now(), CODE_LIFETIME_MS);
  }

  resetTransient(): void {
    this.buckets.reset();
  }
}

function unauthorized(message: string): SandboxError {
  return new SandboxError(401, 'unauthorized', message);
}

/**
 * A stable public key per application, user and mode, shaped like the platform's
 * (`APP_USR-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`). Derived, not stored: the same pair always gets the same key.
 */
const publicKeys = new Map<string, string>();
function publicKey(clientId: string, userId: number, liveMode: boolean): string {
  const key = `${clientId}:${userId}:${liveMode ? 'live' : 'test'}`;
  const known = publicKeys.get(key);
  if (known !== undefined) return known;
  const hex = sha256Hex(`public-key:${clientId}:${userId}:${liveMode ? 'live' : 'test'}`);
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  const value = `${liveMode ? 'APP_USR' : 'TEST'}-${uuid}`;
  if (publicKeys.size < 10_000) publicKeys.set(key, value);
  return value;
}
