import { SandboxError } from '../errors';
import { CodeVerifier, ScopeList, TestTokenFlag, TokenRequest, type GrantType } from '../../shared/platform/oauth';

/**
 * The checks of `POST /oauth/token` that need none of the service's state (the client, the rate, the code
 * or refresh token), in the order the service's `token()` documents. The body is read once into a record
 * of fixed shape, so the checks that pick the platform's error read fields, not a Map; TokenRequest then
 * parses the body once, which on an accepted request is the only zod parse. A Map of the parameters, Set
 * lookups of the allowed names and each value parsed twice by zod were a fifth of the token endpoint's
 * own work. token-request.property.test.ts holds this to the Map-based reading it replaced: same
 * requests, same errors.
 */

export const tokenError = (code: string, message: string): SandboxError => new SandboxError(400, code, message);
export const invalidRequest = (message: string): SandboxError => tokenError('invalid_request', message);

// One bit per parameter name, so "which names came" is a number, not a Set.
const CLIENT_ID = 1;
const CLIENT_SECRET = 2;
const GRANT_TYPE = 4;
const CODE = 8;
const CODE_VERIFIER = 16;
const REDIRECT_URI = 32;
const REFRESH_TOKEN = 64;
const TEST_TOKEN = 128;
const SCOPE = 256;

const COMMON = CLIENT_ID | CLIENT_SECRET | GRANT_TYPE | TEST_TOKEN | SCOPE;
const ALLOWED: Record<GrantType, number> = {
  authorization_code: COMMON | CODE | REDIRECT_URI | CODE_VERIFIER,
  refresh_token: COMMON | REFRESH_TOKEN,
  client_credentials: COMMON,
};

/** The token parameters as sent; a name not sent is undefined. */
export interface TokenParameters {
  client_id: string | undefined;
  client_secret: string | undefined;
  grant_type: string | undefined;
  code: string | undefined;
  code_verifier: string | undefined;
  redirect_uri: string | undefined;
  refresh_token: string | undefined;
  test_token: string | boolean | undefined;
  scope: string | undefined;
  /** The names sent, in the body's order (an error names the first offending one). */
  readonly names: readonly string[];
  /** What TokenRequest parses: the body, or a copy of it with the client_id adoptClientId took. */
  input: object;
  /** A bit per name sent. */
  present: number;
}

function bitOf(name: string): number {
  switch (name) {
    case 'client_id':
      return CLIENT_ID;
    case 'client_secret':
      return CLIENT_SECRET;
    case 'grant_type':
      return GRANT_TYPE;
    case 'code':
      return CODE;
    case 'code_verifier':
      return CODE_VERIFIER;
    case 'redirect_uri':
      return REDIRECT_URI;
    case 'refresh_token':
      return REFRESH_TOKEN;
    case 'test_token':
      return TEST_TOKEN;
    case 'scope':
      return SCOPE;
    default:
      return 0;
  }
}

function setText(params: TokenParameters, bit: number, value: string): void {
  switch (bit) {
    case CLIENT_ID:
      params.client_id = value;
      break;
    case CLIENT_SECRET:
      params.client_secret = value;
      break;
    case GRANT_TYPE:
      params.grant_type = value;
      break;
    case CODE:
      params.code = value;
      break;
    case CODE_VERIFIER:
      params.code_verifier = value;
      break;
    case REDIRECT_URI:
      params.redirect_uri = value;
      break;
    case REFRESH_TOKEN:
      params.refresh_token = value;
      break;
    case TEST_TOKEN:
      params.test_token = value;
      break;
    default:
      params.scope = value;
  }
}

/**
 * Rejects what cannot be a token request: a body that is not an object, an unknown name, a repeated
 * name (a form field given twice parses to an array; so does a JSON array) and values that are not text
 * (test_token may also be a JSON boolean).
 */
export function readTokenParameters(body: unknown): TokenParameters {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidRequest('Malformed request: the body must be a JSON object (or an application/x-www-form-urlencoded form) of the token parameters.');
  }
  const fields = body as Record<string, unknown>;
  const names = Object.keys(fields);
  const params: TokenParameters = {
    client_id: undefined,
    client_secret: undefined,
    grant_type: undefined,
    code: undefined,
    code_verifier: undefined,
    redirect_uri: undefined,
    refresh_token: undefined,
    test_token: undefined,
    scope: undefined,
    names,
    input: body,
    present: 0,
  };
  for (const name of names) {
    const bit = bitOf(name);
    if (bit === 0) throw invalidRequest(`Unsupported parameter "${name}".`);
    const value = fields[name];
    if (Array.isArray(value)) throw invalidRequest(`Parameter "${name}" is duplicated: send it once.`);
    if (typeof value === 'string') setText(params, bit, value);
    else if (bit === TEST_TOKEN && typeof value === 'boolean') params.test_token = value;
    else throw invalidRequest(`Parameter "${name}" must be a string.`);
    params.present |= bit;
  }
  return params;
}

/** Takes the client_id the caller's access token names (the SDKs that send that token as client_secret). */
export function adoptClientId(params: TokenParameters, clientId: string): void {
  params.client_id = clientId;
  params.present |= CLIENT_ID;
  params.input = { ...params.input, client_id: clientId };
}

/** The first of grant_type, client_id, client_secret that is missing or empty. */
export function missingCredential(params: TokenParameters): string | undefined {
  if (params.grant_type === undefined || params.grant_type === '') return 'grant_type';
  if (params.client_id === undefined || params.client_id === '') return 'client_id';
  if (params.client_secret === undefined || params.client_secret === '') return 'client_secret';
  return undefined;
}

/**
 * The checks of the chosen flow's parameters (names allowed with it, required ones), then the parse
 * into the typed request; when that fails, which of test_token, code_verifier and scope is wrong, in
 * that order. Called once grant_type, client_id and client_secret are known present and the client is
 * authenticated.
 */
export function flowRequest(params: TokenParameters, grantType: GrantType): TokenRequest {
  const unexpected = params.present & ~ALLOWED[grantType];
  if (unexpected !== 0) {
    const name = params.names.find((candidate) => (bitOf(candidate) & unexpected) !== 0);
    throw invalidRequest(`Parameter "${name}" is not supported with grant_type=${grantType}.`);
  }
  if (grantType === 'authorization_code') {
    requireFlowParameter(params.code, 'code', grantType);
    requireFlowParameter(params.redirect_uri, 'redirect_uri', grantType);
  } else if (grantType === 'refresh_token') {
    requireFlowParameter(params.refresh_token, 'refresh_token', grantType);
  }
  const request = TokenRequest.safeParse(params.input);
  if (request.success) return request.data;
  if (params.test_token !== undefined && !TestTokenFlag.safeParse(params.test_token).success) throw invalidRequest('test_token must be true or false.');
  if (params.code_verifier !== undefined && !CodeVerifier.safeParse(params.code_verifier).success) {
    throw invalidRequest('code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.1).');
  }
  if (params.scope !== undefined && !ScopeList.safeParse(params.scope).success) {
    throw tokenError('invalid_scope', `Invalid scope "${params.scope}": allowed values are offline_access, write, read, separated by one space.`);
  }
  throw invalidRequest(`Malformed token request: ${request.error.issues.map((issue) => issue.message).join('; ')}`);
}

function requireFlowParameter(value: string | undefined, name: string, grantType: GrantType): void {
  if (value === undefined || value === '') throw invalidRequest(`Missing required parameter "${name}" for grant_type=${grantType}.`);
}
