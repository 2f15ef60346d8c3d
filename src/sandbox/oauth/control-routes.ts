import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PlatformErrorBody } from '../../shared/platform/errors';
import type { SandboxContext } from '../context';
import { SandboxError } from '../errors';
import { checkAuthorizationRequest, type RedirectPolicy } from './authorize';
import type { OAuthService } from './service';

const RedirectPolicyBody = z
  .object({
    strict: z.boolean(),
    /** Replaces the registered redirect URIs of these applications (client_id → URIs); others keep the seed's. */
    redirect_uris: z.record(z.string().regex(/^\d+$/), z.array(z.url()).min(1)).optional(),
  })
  .strict();
const RedirectPolicyAnswer = z.object({ strict: z.boolean(), redirect_uris: z.record(z.string(), z.array(z.string())) });

/** Control routes for tests: mint a code without the consent page, and choose how redirect_uri is matched. */
export function registerCodeAndRedirectControl(
  scope: FastifyInstance,
  context: SandboxContext,
  { service, redirectPolicy }: { service: OAuthService; redirectPolicy: RedirectPolicy },
): void {
  const typed = scope.withTypeProvider<ZodTypeProvider>();

  const SandboxAuthorize = z.looseObject({
    user_id: z.number().int(),
    decision: z.enum(['accept', 'deny']).optional(),
  });
  const SandboxAuthorizeAnswer = z.object({ code: z.string().optional(), redirect_to: z.string() });
  typed.post(
    '/__sandbox/oauth/authorize',
    {
      config: { validationErrorCode: 'invalid_request' },
      schema: {
        tags: ['sandbox control'],
        summary: 'Mint an authorization code without the consent page (tests)',
        description: 'Same fields as GET /authorization (response_type defaults to code) plus user_id and an optional decision (accept | deny).',
        body: SandboxAuthorize,
        response: { 200: SandboxAuthorizeAnswer, 400: PlatformErrorBody },
      },
    },
    (request) => {
      const { user_id: userId, decision, ...params } = request.body;
      const check = checkAuthorizationRequest({ response_type: 'code', ...params }, context.seed, redirectPolicy);
      if (!check.ok) throw new SandboxError(400, check.problem.code, check.problem.description);
      if (!context.seed.users.some((user) => user.user_id === userId))
        throw new SandboxError(400, 'invalid_request', `There is no user ${userId} on this sandbox.`);
      if (decision === 'deny') return { redirect_to: service.denialRedirect(check.value) };
      const { code, redirectTo } = service.issueCode(check.value, userId);
      return { code, redirect_to: redirectTo };
    },
  );

  const policyAnswer = () => ({ strict: redirectPolicy.strict, redirect_uris: redirectPolicy.redirectUris });
  typed.get(
    '/__sandbox/oauth/redirect-policy',
    { schema: { tags: ['sandbox control'], summary: 'How redirect_uri is matched', response: { 200: RedirectPolicyAnswer } } },
    policyAnswer,
  );
  typed.put(
    '/__sandbox/oauth/redirect-policy',
    {
      config: { validationErrorCode: 'invalid_request' },
      schema: {
        tags: ['sandbox control'],
        summary: 'Strict (exact, spec 2.1) or lenient (any loopback port, RFC 8252) redirect_uri matching',
        description:
          'strict: true refuses a redirect_uri that is not exactly a registered one, port included. redirect_uris replaces the registered URIs of the given applications.',
        body: RedirectPolicyBody,
        response: { 200: RedirectPolicyAnswer, 400: PlatformErrorBody },
      },
    },
    (request) => {
      const unknown = Object.keys(request.body.redirect_uris ?? {}).filter(
        (clientId) => !context.seed.applications.some((application) => application.client_id === clientId),
      );
      if (unknown.length > 0) throw new SandboxError(400, 'invalid_client', `No application has client_id ${unknown.join(', ')}.`);
      redirectPolicy.strict = request.body.strict;
      if (request.body.redirect_uris !== undefined) redirectPolicy.redirectUris = { ...redirectPolicy.redirectUris, ...request.body.redirect_uris };
      return policyAnswer();
    },
  );
}

/** Control routes that take access away: revoke a token, revoke a user's grants, and list them. */
export function registerRevocationControl(scope: FastifyInstance, context: SandboxContext, service: OAuthService): void {
  const typed = scope.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/__sandbox/oauth/revoke',
    {
      schema: {
        tags: ['sandbox control'],
        summary: 'Revoke one access or refresh token',
        body: z.strictObject({ token: z.string().min(1) }),
        response: { 200: z.object({ revoked: z.enum(['access_token', 'refresh_token']) }), 404: PlatformErrorBody },
      },
    },
    (request) => {
      const revoked = service.revokeToken(request.body.token);
      if (revoked === undefined) throw new SandboxError(404, 'not_found', 'No such access or refresh token.');
      return { revoked };
    },
  );

  const UserParams = z.object({
    id: z
      .string()
      .regex(/^\d{1,15}$/, { error: 'the user id is a number' })
      .transform(Number),
  });
  const knownUser = (id: number): void => {
    if (!context.seed.users.some((user) => user.user_id === id)) throw new SandboxError(404, 'not_found', `There is no user ${id} on this sandbox.`);
  };
  typed.post(
    '/__sandbox/users/:id/revoke-grants',
    {
      schema: {
        tags: ['sandbox control'],
        summary: "Revoke a user's grants (all applications, or one with client_id)",
        params: UserParams,
        // No body at all is fine (Fastify passes null): revoke for every application.
        body: z.strictObject({ client_id: z.string().min(1).optional() }).nullish(),
        response: { 200: z.object({ user_id: z.number(), revoked_grants: z.number(), revoked_access_tokens: z.number() }), 404: PlatformErrorBody },
      },
    },
    (request) => {
      knownUser(request.params.id);
      return { user_id: request.params.id, ...service.revokeGrants(request.params.id, request.body?.client_id) };
    },
  );

  typed.get(
    '/__sandbox/users/:id/grants',
    {
      schema: {
        tags: ['sandbox control'],
        summary: 'Grants a user has given',
        params: UserParams,
        response: { 200: z.object({ user_id: z.number(), grants: z.array(z.object({ client_id: z.string(), scope: z.string(), granted_at: z.string() })) }) },
      },
    },
    (request) => {
      knownUser(request.params.id);
      const grants = [...service.store.grants.values()]
        .filter((grant) => grant.userId === request.params.id)
        .map((grant) => ({ client_id: grant.clientId, scope: grant.scopes.join(' '), granted_at: new Date(grant.grantedAt).toISOString() }));
      return { user_id: request.params.id, grants };
    },
  );
}
