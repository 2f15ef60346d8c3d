import { hash, randomUUID } from 'node:crypto';
import type { SeedApplication } from '../accounts';
import type { Principal, SandboxContext } from '../context';
import { SandboxError } from '../errors';
import { randomHex } from '../random-id';
import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  AUTHORIZATION_CODE_LIFETIME_SECONDS,
  CodeVerifier,
  GrantType,
  ScopeList,
  TestTokenFlag,
  TOKEN_REQUEST_PARAMETERS,
  TokenRequest,
  isTestTokenRequested,
  type Scope,
  type TokenResponse,
} from '../../shared/platform/oauth';
import { withQuery, type ValidAuthorization } from './authorize';
import { verifierMatches } from './pkce';
import { TokenBuckets, type RateLimit } from './rate-limit';
import { canonicalScopes, scopeText } from './scopes';
import { OAuthStore, type AccessRecord, type CodeRecord } from './store';

const CODE_LIFETIME_MS = AUTHORIZATION_CODE_LIFETIME_SECONDS * 1000;
const ACCESS_LIFETIME_MS = ACCESS_TOKEN_LIFETIME_SECONDS * 1000;

const KNOWN_PARAMETERS: ReadonlySet<string> = new Set(TOKEN_REQUEST_PARAMETERS);
const COMMON_PARAMETERS = ['client_id', 'client_secret', 'grant_type', 'test_token', 'scope'];
const PARAMETERS_OF: Record<GrantType, ReadonlySet<string>> = {
  authorization_code: new Set([...COMMON_PARAMETERS, 'code', 'redirect_uri', 'code_verifier']),
  refresh_token: new Set([...COMMON_PARAMETERS, 'refresh_token']),
  client_credentials: new Set(COMMON_PARAMETERS),
};

const tokenError = (code: string, message: string): SandboxError => new SandboxError(400, code, message);
const invalidRequest = (message: string): SandboxError => tokenError('invalid_request', message);
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

/** Hashes of the configured secrets, so checking one costs one hash, not two. */
const secretHashes = new WeakMap<SeedApplication, string>();
/** One-shot hashing to hex: no Hash object and no Buffer per check (a third of what createHash + digest() costs). */
function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}
/**
 * Compares hashes so the time taken says nothing about the secret, not even its length: both are 64 hex
 * digits, and every digit is compared whatever the first difference.
 */
function secretMatches(application: SeedApplication, given: string): boolean {
  let expected = secretHashes.get(application);
  if (expected === undefined) {
    expected = sha256Hex(application.client_secret);
    secretHashes.set(application, expected);
  }
  return sameHex(expected, sha256Hex(given));
}
export function sameHex(expected: string, actual: string): boolean {
  if (expected.length !== actual.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index++) difference |= expected.charCodeAt(index) ^ actual.charCodeAt(index);
  return difference === 0;
}

/**
 * What client_credentials grants when no scope is asked for: the application's scopes but
 * offline_access. One frozen list per application, shared by its tokens (never changed in place).
 */
const defaultClientScopes = new WeakMap<SeedApplication, readonly Scope[]>();
function clientCredentialScopes(application: SeedApplication): Scope[] {
  let scopes = defaultClientScopes.get(application);
  if (scopes === undefined) {
    scopes = Object.freeze(canonicalScopes(application.scopes.filter((scope) => scope !== 'offline_access')));
    defaultClientScopes.set(application, scopes);
  }
  return scopes as Scope[];
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

  constructor(
    private readonly context: SandboxContext,
    rateLimit: RateLimit | null,
  ) {
    this.buckets = new TokenBuckets(rateLimit, context.clock);
  }

  private now(): number {
    return this.context.clock.now();
  }

  findApplication(clientId: string): SeedApplication | undefined {
    return this.context.seed.applications.find((application) => application.client_id === clientId);
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
    const params = readParameters(body);
    const secretIsAccessToken = this.adoptClientOfAccessTokenSecret(params);
    for (const name of ['grant_type', 'client_id', 'client_secret']) {
      if (!params.has(name) || params.get(name) === '') throw invalidRequest(`Missing required parameter "${name}".`);
    }
    const clientId = String(params.get('client_id'));
    const application = this.findApplication(clientId);
    if (application !== undefined) {
      // Counted before the secret is checked, so the limit also slows down guessing a secret.
      const taken = this.buckets.take(clientId);
      if (!taken.allowed) {
        throw new SandboxError(429, 'local_rate_limited', `Too many token requests for application ${clientId}; retry in ${taken.retryAfterSeconds} s.`, [], {
          'retry-after': String(taken.retryAfterSeconds),
        });
      }
    }
    if (application === undefined || (!secretIsAccessToken && !secretMatches(application, String(params.get('client_secret'))))) {
      throw tokenError('invalid_client', 'Invalid client_id or client_secret.');
    }

    const grantTypeText = String(params.get('grant_type'));
    const grantType = GrantType.safeParse(grantTypeText);
    if (!grantType.success) {
      // Worded as the platform words it (spec 7.1): the text names two flows even though the third,
      // client_credentials, is accepted too. See docs/decisions.md.
      throw tokenError('unsupported_grant_type', `Unsupported grant_type "${grantTypeText}": grant_type must be authorization_code or refresh_token.`);
    }
    const allowed = PARAMETERS_OF[grantType.data];
    for (const name of params.keys()) {
      if (!allowed.has(name)) throw invalidRequest(`Parameter "${name}" is not supported with grant_type=${grantType.data}.`);
    }
    const required = grantType.data === 'authorization_code' ? ['code', 'redirect_uri'] : grantType.data === 'refresh_token' ? ['refresh_token'] : [];
    for (const name of required) {
      if (!params.has(name) || params.get(name) === '') throw invalidRequest(`Missing required parameter "${name}" for grant_type=${grantType.data}.`);
    }
    if (params.has('test_token') && !TestTokenFlag.safeParse(params.get('test_token')).success) {
      throw invalidRequest('test_token must be true or false.');
    }
    if (params.has('code_verifier') && !CodeVerifier.safeParse(params.get('code_verifier')).success) {
      throw invalidRequest('code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.1).');
    }
    let requestedScopes: Scope[] | undefined;
    if (params.has('scope')) {
      const parsed = ScopeList.safeParse(params.get('scope'));
      if (!parsed.success)
        throw tokenError(
          'invalid_scope',
          `Invalid scope "${String(params.get('scope'))}": allowed values are offline_access, write, read, separated by one space.`,
        );
      requestedScopes = canonicalScopes(parsed.data.split(' ') as Scope[]);
      const beyond = requestedScopes.filter((scope) => !application.scopes.includes(scope));
      if (beyond.length > 0) throw tokenError('unauthorized_client', `Application ${clientId} is not allowed the scope ${beyond.join(' ')}.`);
    }

    // Everything the checks above let through is a valid spec 2.1 request; parse it into its type.
    const request = TokenRequest.safeParse(Object.fromEntries(params));
    if (!request.success) throw invalidRequest(`Malformed token request: ${request.error.issues.map((issue) => issue.message).join('; ')}`);
    const testMode = isTestTokenRequested(request.data.test_token);

    switch (request.data.grant_type) {
      case 'client_credentials':
        return this.clientCredentials(application, requestedScopes, testMode);
      case 'authorization_code':
        return this.authorizationCode(application, request.data.code, request.data.redirect_uri, request.data.code_verifier, requestedScopes, testMode);
      case 'refresh_token':
        return this.refresh(application, request.data.refresh_token, requestedScopes, testMode);
    }
  }

  /**
   * The Go and Python SDKs send the caller's access token as client_secret and no client_id; the
   * platform takes the application from that token. Sets client_id to it and says whether it did.
   */
  private adoptClientOfAccessTokenSecret(params: Map<string, string | boolean>): boolean {
    const clientId = params.get('client_id');
    const secret = params.get('client_secret');
    if ((clientId !== undefined && clientId !== '') || typeof secret !== 'string') return false;
    const record = this.store.accessTokens.get(secret);
    if (record === undefined || this.now() >= record.expiresAt) return false;
    params.set('client_id', record.clientId);
    return true;
  }

  private clientCredentials(application: SeedApplication, requested: Scope[] | undefined, testMode: boolean): TokenResponse {
    // No user takes part (spec 2.1), so nothing can be refreshed: offline_access has no meaning here.
    if (requested?.includes('offline_access') === true) {
      throw tokenError('invalid_scope', 'offline_access cannot be granted with client_credentials: this flow has no refresh token.');
    }
    const scopes = requested ?? clientCredentialScopes(application);
    if (scopes.length === 0) throw tokenError('unauthorized_client', `Application ${application.client_id} has no scope that client_credentials can grant.`);
    // The token acts for the application's owner: that is whose terminals and actions it reaches.
    const access = this.mintAccess(application, application.owner_user_id, scopes, !testMode, 'client_credentials');
    return this.response(access, undefined);
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
  ): AccessRecord {
    const now = this.now();
    const prefix = liveMode ? 'APP_USR' : 'TEST';
    const token = `${prefix}-${application.client_id}-${tokenDateStamp(now)}-${randomHex(16)}-${userId}`;
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
    this.store.addAccessToken(record);
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

/**
 * The request body as a name → value map, rejecting what cannot be a spec 2.1 request: a body that is
 * not an object, an unknown name, a repeated name (a form field given twice parses to an array; so
 * does a JSON array) and values that are not text (test_token may also be a JSON boolean).
 */
function readParameters(body: unknown): Map<string, string | boolean> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidRequest('Malformed request: the body must be a JSON object (or an application/x-www-form-urlencoded form) of the token parameters.');
  }
  const params = new Map<string, string | boolean>();
  for (const [name, value] of Object.entries(body)) {
    if (!KNOWN_PARAMETERS.has(name)) throw invalidRequest(`Unsupported parameter "${name}".`);
    if (Array.isArray(value)) throw invalidRequest(`Parameter "${name}" is duplicated: send it once.`);
    if (typeof value === 'string' || (name === 'test_token' && typeof value === 'boolean')) {
      params.set(name, value);
      continue;
    }
    throw invalidRequest(`Parameter "${name}" must be a string.`);
  }
  return params;
}
