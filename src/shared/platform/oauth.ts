import { z } from 'zod';

/**
 * OAuth of the platform (spec 2.1, 2.2, 5, 7.1, 8; docs/decisions.md "OAuth"). Shared by the sandbox,
 * which answers these shapes, and by the app's client, which builds requests with TokenRequest and
 * parses answers with TokenResponse. Decisions on what the spec leaves "not shown" are recorded in
 * docs/decisions.md (OAuth part).
 */

/** Spec 5.5: the only scope values. */
export const Scope = z.enum(['offline_access', 'write', 'read']);
export type Scope = z.infer<typeof Scope>;

/** Spec 2.1: the three grant flows. */
export const GrantType = z.enum(['authorization_code', 'refresh_token', 'client_credentials']);
export type GrantType = z.infer<typeof GrantType>;

/** Spec 2.2 / 5.4: fixed access token lifetime (180 days). */
export const ACCESS_TOKEN_LIFETIME_SECONDS = 15_552_000;
/** Spec 2.1 / 8: an authorization code is valid 10 minutes from generation. */
export const AUTHORIZATION_CODE_LIFETIME_SECONDS = 600;

/**
 * Spec 2.2 "space-separated scopes". One space between values, no repeats: anything else is
 * "malformed" (7.1 invalid_scope). Order is free on the way in; answers use read, write, offline_access.
 */
export const ScopeList = z
  .string()
  .regex(/^(offline_access|write|read)( (offline_access|write|read))*$/, { error: 'scope must be space-separated values of offline_access, write, read' })
  .refine((value) => new Set(value.split(' ')).size === value.split(' ').length, { error: 'scope must not repeat a value' });

/** Spec 2.1 "boolean-like text value": JSON true/false, or the text "true"/"false" in any letter case. */
export const TestTokenFlag = z.union([z.boolean(), z.string().regex(/^(true|false)$/i, { error: 'test_token must be true or false' })]);
export type TestTokenFlag = z.infer<typeof TestTokenFlag>;

export function isTestTokenRequested(flag: TestTokenFlag | undefined): boolean {
  return flag === true || (typeof flag === 'string' && flag.toLowerCase() === 'true');
}

/** RFC 7636 §4.1, docs/decisions.md: 43–128 characters of the unreserved set. */
export const CodeVerifier = z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/, { error: 'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~' });

/** docs/decisions.md: `S256` or `plain`. */
export const CodeChallengeMethod = z.enum(['S256', 'plain']);
export type CodeChallengeMethod = z.infer<typeof CodeChallengeMethod>;

/** RFC 7636 §4.2: a S256 challenge is 43 base64url characters; a plain one is a verifier. */
export const CodeChallenge = z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/, { error: 'code_challenge must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~' });

const NonEmpty = z.string().min(1);

const common = {
  client_id: NonEmpty,
  client_secret: NonEmpty,
  test_token: TestTokenFlag.optional(),
  /** Not in spec 2.1's table; accepted because 5.5 and 7.1 invalid_scope make a sent scope possible. */
  scope: ScopeList.optional(),
};

export const AuthorizationCodeTokenRequest = z.strictObject({
  grant_type: z.literal('authorization_code'),
  ...common,
  code: NonEmpty,
  /** Must be the exact redirect_uri of the authorization request (spec 2.1, RFC 6749 §4.1.3). */
  redirect_uri: NonEmpty,
  /** Required when the authorization request carried a code_challenge (PKCE). */
  code_verifier: CodeVerifier.optional(),
});

export const RefreshTokenRequest = z.strictObject({
  grant_type: z.literal('refresh_token'),
  ...common,
  refresh_token: NonEmpty,
});

export const ClientCredentialsTokenRequest = z.strictObject({
  grant_type: z.literal('client_credentials'),
  ...common,
});

/**
 * Body of `POST /oauth/token` (spec 2.1, 4.1). Strict: the platform answers an unsupported parameter
 * with invalid_request (7.1), so a client must not send extras.
 */
export const TokenRequest = z.discriminatedUnion('grant_type', [AuthorizationCodeTokenRequest, RefreshTokenRequest, ClientCredentialsTokenRequest]);
export type TokenRequest = z.infer<typeof TokenRequest>;

/** Every parameter name spec 2.1 shows, plus scope. */
export const TOKEN_REQUEST_PARAMETERS = [
  'client_id',
  'client_secret',
  'grant_type',
  'code',
  'code_verifier',
  'redirect_uri',
  'refresh_token',
  'test_token',
  'scope',
] as const;

/**
 * Spec 2.2: `{APP_USR|TEST}-{application id}-{MMddHH}-{opaque}-{user id}`. The sandbox's opaque part is
 * 32 hex digits; a client should treat everything after the date as opaque.
 */
export const AccessToken = z.string().regex(/^(APP_USR|TEST)-\d+-\d{6}-[0-9a-f]+-\d+$/, { error: 'not an access token of the form TYPE-APP-MMddHH-…-USER' });

/**
 * Spec 2.2 token response. `refresh_token` is optional because client_credentials gives no access to
 * a user's data and so nothing to refresh (RFC 6749 §4.4.3); the other two flows always carry it.
 * Unknown members are stripped, not rejected, so a platform that adds fields does not break the app.
 */
export const TokenResponse = z.object({
  access_token: z.string().min(1),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().positive(),
  scope: z.string(),
  user_id: z.number().int(),
  refresh_token: z.string().min(1).optional(),
  public_key: z.string().min(1),
  live_mode: z.boolean(),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

/**
 * Query of the authorization page (docs/decisions.md: `/authorization?client_id&response_type=code&
 * platform_id=mp&state&redirect_uri`, plus the PKCE pair and an optional scope). What the app puts on
 * the URL it opens in the system browser.
 */
export const AuthorizationRequest = z.object({
  client_id: NonEmpty,
  response_type: z.literal('code'),
  platform_id: z.literal('mp').optional(),
  state: z.string().optional(),
  redirect_uri: NonEmpty,
  scope: ScopeList.optional(),
  code_challenge: CodeChallenge.optional(),
  code_challenge_method: CodeChallengeMethod.optional(),
});
export type AuthorizationRequest = z.infer<typeof AuthorizationRequest>;

/** Error codes the authorization page puts on the redirect (RFC 6749 §4.1.2.1). */
export const AuthorizationErrorCode = z.enum([
  'invalid_request',
  'unauthorized_client',
  'access_denied',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
]);

/** The query the app's loopback listener receives back: a code, or an error, each with the state echoed. */
export const AuthorizationCallback = z.union([
  z.object({ code: NonEmpty, state: z.string().optional() }),
  z.object({ error: z.string().min(1), error_description: z.string().optional(), state: z.string().optional() }),
]);
export type AuthorizationCallback = z.infer<typeof AuthorizationCallback>;
