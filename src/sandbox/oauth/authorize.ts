import type { SeedApplication, SeedData } from '../accounts';
import { CodeChallenge, CodeChallengeMethod, ScopeList, type Scope } from '../../shared/platform/oauth';
import { canonicalScopes } from './scopes';

/**
 * Checks of an authorization request (docs/decisions.md authorization URL; RFC 6749 §4.1.1, §4.1.2.1;
 * RFC 7636 §4.3). Shared by the consent page and by the `/__sandbox/oauth/authorize` shortcut so both
 * accept exactly the same requests.
 */

export interface ValidAuthorization {
  application: SeedApplication;
  redirectUri: string;
  state?: string;
  scopes: Scope[];
  codeChallenge?: string;
  codeChallengeMethod?: CodeChallengeMethod;
}

export interface AuthorizationProblem {
  /** An RFC 6749 §4.1.2.1 code, or invalid_client when the application itself is unknown. */
  code: string;
  description: string;
  /**
   * Where the error may be reported by redirect. Absent when the client or the redirect_uri is not
   * trustworthy: RFC 6749 §4.1.2.1 forbids redirecting to an unverified URI (an open redirector).
   */
  redirect?: { uri: string; state?: string };
}

export type AuthorizationCheck = { ok: true; value: ValidAuthorization } | { ok: false; problem: AuthorizationProblem };

const LOOPBACK_REDIRECT = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(?::(\d{1,5}))?([/?][^#]*)?$/;

/**
 * Exact string match, except that for a loopback http URI the port is ignored (RFC 8252 §7.3): the
 * desktop app listens on a random free port each time, and registering every port is impossible. The
 * host must still be the same literal (127.0.0.1 ≠ localhost) and everything after the port identical.
 */
export function redirectUriMatches(requested: string, registered: string): boolean {
  if (requested.includes('#')) return false; // RFC 6749 §3.1.2: no fragment
  if (requested === registered) return isAbsoluteUrl(requested);
  const a = LOOPBACK_REDIRECT.exec(requested);
  const b = LOOPBACK_REDIRECT.exec(registered);
  if (a === null || b === null) return false;
  if (a[2] !== undefined && Number(a[2]) > 65_535) return false;
  return a[1] === b[1] && (a[3] ?? '') === (b[3] ?? '');
}

/**
 * How redirect_uri is compared. Lenient (default): RFC 8252 §7.3, any port on a loopback URI. Strict:
 * spec 2.1 and 7.1 (invalid_grant) read literally, the exact string registered, so a desktop app must
 * listen on the registered port. `redirectUris` replaces an application's registered URIs by client_id.
 */
export interface RedirectPolicy {
  strict: boolean;
  redirectUris: Record<string, string[]>;
}

export const LENIENT_REDIRECTS: RedirectPolicy = { strict: false, redirectUris: {} };

export function registeredRedirectUris(application: SeedApplication, policy: RedirectPolicy): string[] {
  return policy.redirectUris[application.client_id] ?? application.redirect_uris;
}

export function isRegisteredRedirectUri(application: SeedApplication, requested: string, policy: RedirectPolicy = LENIENT_REDIRECTS): boolean {
  const matches = policy.strict
    ? (registered: string) => requested === registered && !requested.includes('#') && isAbsoluteUrl(requested)
    : (registered: string) => redirectUriMatches(requested, registered);
  return registeredRedirectUris(application, policy).some(matches);
}

function isAbsoluteUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** `uri` with the parameters added to its query, keeping any query it already has. */
export function withQuery(uri: string, parameters: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

type Param = { present: false } | { present: true; duplicated: true; reason: string } | { present: true; duplicated: false; value: string };

function param(params: Record<string, unknown>, name: string): Param {
  const value = params[name];
  if (value === undefined) return { present: false };
  if (typeof value === 'string') return { present: true, duplicated: false, value };
  // Repeated in the query (?a=1&a=2 parses to an array), or not text at all (JSON shortcut): ambiguous either way.
  return { present: true, duplicated: true, reason: Array.isArray(value) ? `${name} must be given once.` : `${name} must be a string.` };
}

export function checkAuthorizationRequest(params: Record<string, unknown>, seed: SeedData, policy: RedirectPolicy = LENIENT_REDIRECTS): AuthorizationCheck {
  const fail = (code: string, description: string, redirect?: AuthorizationProblem['redirect']): AuthorizationCheck => ({
    ok: false,
    problem: redirect === undefined ? { code, description } : { code, description, redirect },
  });

  const clientId = param(params, 'client_id');
  if (!clientId.present || (!clientId.duplicated && clientId.value === '')) return fail('invalid_request', 'client_id is required.');
  if (clientId.duplicated) return fail('invalid_request', clientId.reason);
  const application = seed.applications.find((candidate) => candidate.client_id === clientId.value);
  if (application === undefined) return fail('invalid_client', `No application has client_id "${clientId.value}".`);

  const redirectUri = param(params, 'redirect_uri');
  if (!redirectUri.present || (!redirectUri.duplicated && redirectUri.value === '')) return fail('invalid_request', 'redirect_uri is required.');
  if (redirectUri.duplicated) return fail('invalid_request', redirectUri.reason);
  if (!isRegisteredRedirectUri(application, redirectUri.value, policy)) {
    const registered = policy.strict ? ` (exact match required; registered: ${registeredRedirectUris(application, policy).join(', ')})` : '';
    return fail('invalid_request', `redirect_uri "${redirectUri.value}" is not registered for application ${application.client_id}${registered}.`);
  }

  // From here on the redirect target is trusted, so problems go back to the application by redirect.
  const stateParam = param(params, 'state');
  if (stateParam.present && stateParam.duplicated) return fail('invalid_request', stateParam.reason, { uri: redirectUri.value });
  const state = stateParam.present ? stateParam.value : undefined;
  const redirect = state === undefined ? { uri: redirectUri.value } : { uri: redirectUri.value, state };

  for (const name of ['response_type', 'platform_id', 'scope', 'code_challenge', 'code_challenge_method']) {
    const value = param(params, name);
    if (value.present && value.duplicated) return fail('invalid_request', value.reason, redirect);
  }
  const text = (name: string): string | undefined => {
    const value = param(params, name);
    return value.present && !value.duplicated ? value.value : undefined;
  };

  const responseType = text('response_type');
  if (responseType === undefined) return fail('invalid_request', 'response_type is required (response_type=code).', redirect);
  if (responseType !== 'code') return fail('unsupported_response_type', `response_type "${responseType}" is not supported; use code.`, redirect);

  const platformId = text('platform_id');
  if (platformId !== undefined && platformId !== 'mp') return fail('invalid_request', `platform_id must be mp, not "${platformId}".`, redirect);

  let scopes: Scope[] = canonicalScopes(application.scopes);
  const scopeText = text('scope');
  if (scopeText !== undefined) {
    const parsed = ScopeList.safeParse(scopeText);
    if (!parsed.success)
      return fail('invalid_scope', `scope "${scopeText}" is invalid: allowed values are offline_access, write, read, separated by one space.`, redirect);
    scopes = canonicalScopes(parsed.data.split(' ') as Scope[]);
    const beyond = scopes.filter((scope) => !application.scopes.includes(scope));
    if (beyond.length > 0) return fail('unauthorized_client', `Application ${application.client_id} may not ask for ${beyond.join(' ')}.`, redirect);
  }

  const challenge = text('code_challenge');
  const method = text('code_challenge_method');
  if (challenge === undefined && method !== undefined) return fail('invalid_request', 'code_challenge_method was sent without code_challenge.', redirect);
  if (challenge !== undefined && method === undefined)
    return fail('invalid_request', 'code_challenge_method is required with code_challenge (S256 or plain).', redirect);
  if (challenge === undefined && application.pkce_required) {
    return fail('invalid_request', `Application ${application.client_id} requires PKCE: send code_challenge and code_challenge_method.`, redirect);
  }
  const value: ValidAuthorization = { application, redirectUri: redirectUri.value, scopes };
  if (state !== undefined) value.state = state;
  if (challenge !== undefined && method !== undefined) {
    const parsedMethod = CodeChallengeMethod.safeParse(method);
    if (!parsedMethod.success) return fail('invalid_request', `code_challenge_method "${method}" is not supported; use S256 or plain.`, redirect);
    if (!CodeChallenge.safeParse(challenge).success)
      return fail('invalid_request', 'code_challenge must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~.', redirect);
    value.codeChallenge = challenge;
    value.codeChallengeMethod = parsedMethod.data;
  }
  return { ok: true, value };
}
