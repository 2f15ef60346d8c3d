import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SandboxError } from '../errors';
import { CodeVerifier, GrantType, ScopeList, TestTokenFlag, TOKEN_REQUEST_PARAMETERS, TokenRequest } from '../../shared/platform/oauth';
import { COUNTER } from './testing';
import { adoptClientId, flowRequest, missingCredential, readTokenParameters } from './token-request';

/**
 * token-request.ts reads a token request into a fixed-shape record and parses it with zod once. Held
 * here to the reading it replaced (kept below as the reference: a Map of the parameters, Set lookups,
 * each value parsed by zod, then TokenRequest.safeParse of them all): for every body, the same error
 * (status, code, message) or the same request.
 */

type Outcome = { request: TokenRequest } | { error: { status: number; code: string; message: string } };

function outcome(run: () => TokenRequest): Outcome {
  try {
    return { request: run() };
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error;
    return { error: { status: error.status, code: error.code, message: error.message } };
  }
}

const ADOPTED_CLIENT = '999';

function fastPath(body: unknown, secretIsAccessToken: boolean): TokenRequest {
  const params = readTokenParameters(body);
  if ((params.client_id === undefined || params.client_id === '') && params.client_secret !== undefined && secretIsAccessToken)
    adoptClientId(params, ADOPTED_CLIENT);
  const missing = missingCredential(params);
  if (missing !== undefined) throw referenceInvalidRequest(`Missing required parameter "${missing}".`);
  const text = params.grant_type ?? '';
  const grantType = GrantType.safeParse(text);
  if (!grantType.success) throw referenceUnsupported(text);
  return flowRequest(params, grantType.data);
}

// ---------------------------------------------------------------- the reference: the reading before

const referenceError = (code: string, message: string): SandboxError => new SandboxError(400, code, message);
const referenceInvalidRequest = (message: string): SandboxError => referenceError('invalid_request', message);
const referenceUnsupported = (text: string): SandboxError =>
  referenceError('unsupported_grant_type', `Unsupported grant_type "${text}": grant_type must be authorization_code or refresh_token.`);
const KNOWN: ReadonlySet<string> = new Set(TOKEN_REQUEST_PARAMETERS);
const COMMON_NAMES = ['client_id', 'client_secret', 'grant_type', 'test_token', 'scope'];
const NAMES_OF: Record<GrantType, ReadonlySet<string>> = {
  authorization_code: new Set([...COMMON_NAMES, 'code', 'redirect_uri', 'code_verifier']),
  refresh_token: new Set([...COMMON_NAMES, 'refresh_token']),
  client_credentials: new Set(COMMON_NAMES),
};

function referenceRead(body: unknown): Map<string, string | boolean> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw referenceInvalidRequest('Malformed request: the body must be a JSON object (or an application/x-www-form-urlencoded form) of the token parameters.');
  }
  const params = new Map<string, string | boolean>();
  for (const [name, value] of Object.entries(body)) {
    if (!KNOWN.has(name)) throw referenceInvalidRequest(`Unsupported parameter "${name}".`);
    if (Array.isArray(value)) throw referenceInvalidRequest(`Parameter "${name}" is duplicated: send it once.`);
    if (typeof value === 'string' || (name === 'test_token' && typeof value === 'boolean')) {
      params.set(name, value);
      continue;
    }
    throw referenceInvalidRequest(`Parameter "${name}" must be a string.`);
  }
  return params;
}

function referencePath(body: unknown, secretIsAccessToken: boolean): TokenRequest {
  const params = referenceRead(body);
  const clientId = params.get('client_id');
  if ((clientId === undefined || clientId === '') && typeof params.get('client_secret') === 'string' && secretIsAccessToken)
    params.set('client_id', ADOPTED_CLIENT);
  for (const name of ['grant_type', 'client_id', 'client_secret']) {
    if (!params.has(name) || params.get(name) === '') throw referenceInvalidRequest(`Missing required parameter "${name}".`);
  }
  const text = String(params.get('grant_type'));
  const grantType = GrantType.safeParse(text);
  if (!grantType.success) throw referenceUnsupported(text);
  const allowed = NAMES_OF[grantType.data];
  for (const name of params.keys()) {
    if (!allowed.has(name)) throw referenceInvalidRequest(`Parameter "${name}" is not supported with grant_type=${grantType.data}.`);
  }
  const required = grantType.data === 'authorization_code' ? ['code', 'redirect_uri'] : grantType.data === 'refresh_token' ? ['refresh_token'] : [];
  for (const name of required) {
    if (!params.has(name) || params.get(name) === '') throw referenceInvalidRequest(`Missing required parameter "${name}" for grant_type=${grantType.data}.`);
  }
  if (params.has('test_token') && !TestTokenFlag.safeParse(params.get('test_token')).success)
    throw referenceInvalidRequest('test_token must be true or false.');
  if (params.has('code_verifier') && !CodeVerifier.safeParse(params.get('code_verifier')).success) {
    throw referenceInvalidRequest('code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.1).');
  }
  if (params.has('scope') && !ScopeList.safeParse(params.get('scope')).success) {
    throw referenceError(
      'invalid_scope',
      `Invalid scope "${String(params.get('scope'))}": allowed values are offline_access, write, read, separated by one space.`,
    );
  }
  const request = TokenRequest.safeParse(Object.fromEntries(params));
  if (!request.success) throw referenceInvalidRequest(`Malformed token request: ${request.error.issues.map((issue) => issue.message).join('; ')}`);
  return request.data;
}

// ---------------------------------------------------------------- bodies

const verifier = fc.stringMatching(/^[A-Za-z0-9\-._~]{43,128}$/);
const text = fc.oneof(fc.constant(''), fc.string({ maxLength: 12 }));
/** Mostly values of the right kind, so that many bodies get through the checks. */
const value = (good: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 6, arbitrary: good },
    { weight: 1, arbitrary: fc.jsonValue() },
    { weight: 1, arbitrary: fc.array(fc.string(), { minLength: 2, maxLength: 2 }) },
  );

const fields = {
  grant_type: value(fc.oneof(fc.constantFrom('authorization_code', 'refresh_token', 'client_credentials', 'password', 'CLIENT_CREDENTIALS', ''), text)),
  client_id: value(fc.oneof(fc.constant(COUNTER.client_id), text)),
  client_secret: value(fc.oneof(fc.constant(COUNTER.client_secret), text)),
  code: value(text),
  code_verifier: value(fc.oneof(verifier, fc.string({ minLength: 40, maxLength: 130 }), text)),
  redirect_uri: value(fc.oneof(fc.webUrl(), text)),
  refresh_token: value(text),
  test_token: value(fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 'TRUE', 'False', 'yes', 'true\n', ''), text)),
  scope: value(
    fc.oneof(
      fc.constantFrom('read', 'read write', 'offline_access write', 'write read offline_access', 'read read', 'read  write', 'admin', ' read', ''),
      text,
    ),
  ),
};
const extras = fc.dictionary(
  fc.oneof(fc.constantFrom(...TOKEN_REQUEST_PARAMETERS, '__proto__', 'constructor', 'toString'), fc.string({ maxLength: 8 })),
  fc.jsonValue(),
  {
    maxKeys: 2,
  },
);
/** Any subset of the names, sometimes with others. */
const anyBody = fc
  .tuple(fc.record(fields, { requiredKeys: [] }), extras, fc.boolean())
  .map(([base, extra, extraFirst]) => (extraFirst ? { ...extra, ...base } : { ...base, ...extra }));
/** A flow's own names, mostly well formed: what a client sends, or nearly. */
const flowBody = fc.constantFrom<GrantType>('client_credentials', 'refresh_token', 'authorization_code').chain((grantType) => {
  const good = (arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
    fc.oneof({ weight: 12, arbitrary }, { weight: 1, arbitrary: fc.jsonValue() }, { weight: 1, arbitrary: fc.constant('') });
  const common = {
    grant_type: good(fc.constant(grantType)),
    client_id: good(fc.constant(COUNTER.client_id)),
    client_secret: good(fc.constant(COUNTER.client_secret)),
    test_token: fields.test_token,
    scope: fields.scope,
  };
  const required = ['grant_type', 'client_id', 'client_secret'] as const;
  if (grantType === 'client_credentials') return fc.record(common, { requiredKeys: [...required] });
  if (grantType === 'refresh_token') return fc.record({ ...common, refresh_token: good(fc.string({ minLength: 1 })) }, { requiredKeys: [...required] });
  return fc.record(
    { ...common, code: good(fc.string({ minLength: 1 })), redirect_uri: good(fc.webUrl()), code_verifier: fields.code_verifier },
    { requiredKeys: [...required] },
  );
});
const tokenBody: fc.Arbitrary<Record<string, unknown>> = fc.oneof(anyBody, flowBody);

/** As the form parser makes them: no prototype. */
const asForm = (body: Record<string, unknown>): Record<string, unknown> => Object.assign(Object.create(null) as Record<string, unknown>, body);

describe('the token request checked by hand', () => {
  it('gives the same request or the same error as the Map, Set and zod reading it replaced', () => {
    fc.assert(
      fc.property(tokenBody, fc.boolean(), fc.boolean(), (body, form, secretIsAccessToken) => {
        const sent = form ? asForm(body) : body;
        const fast = outcome(() => fastPath(sent, secretIsAccessToken));
        expect(fast).toStrictEqual(outcome(() => referencePath(sent, secretIsAccessToken)));
        // client_id as read, or as taken from the access token sent as secret.
        if ('request' in fast) expect(fast.request).toStrictEqual(TokenRequest.parse({ ...body, client_id: fast.request.client_id }));
      }),
      { numRuns: 3000 },
    );
  });

  it('accepts many bodies of each flow, so the agreement above is not only on errors', () => {
    const accepted: Record<string, number> = {};
    fc.assert(
      fc.property(tokenBody, (body) => {
        const result = outcome(() => fastPath(body, false));
        if ('request' in result) accepted[result.request.grant_type] = (accepted[result.request.grant_type] ?? 0) + 1;
      }),
      { numRuns: 3000, seed: 29 },
    );
    expect(accepted['client_credentials'] ?? 0).toBeGreaterThan(10);
    expect(accepted['refresh_token'] ?? 0).toBeGreaterThan(10);
    expect(accepted['authorization_code'] ?? 0).toBeGreaterThan(3);
  });

  it('refuses what is not an object as before', () => {
    for (const body of [null, undefined, 'text', 3, true, [], [{ grant_type: 'client_credentials' }]]) {
      expect(outcome(() => fastPath(body, false))).toStrictEqual(outcome(() => referencePath(body, false)));
    }
  });
});
