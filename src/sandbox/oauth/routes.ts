import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifySchemaCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../shared/clock';
import { AuthorizationRequest, TokenRequest, TokenResponse } from '../../shared/platform/oauth';
import { PlatformErrorBody } from '../../shared/platform/errors';
import type { SandboxContext } from '../context';
import { SandboxError } from '../errors';
import { addFormBodyParser } from '../form-body';
import { typedJsonSerializer } from '../serialization';
import { checkAuthorizationRequest, withQuery, type AuthorizationProblem, type RedirectPolicy, type ValidAuthorization } from './authorize';
import { consentPage, errorPage } from './html';
import type { RateLimit } from './rate-limit';
import { OAuthService } from './service';

/** Token requests are a few hundred bytes; anything near this is not one (answered 413). */
const TOKEN_BODY_LIMIT_BYTES = 64 * 1024;
/** How long a shown consent page can still be answered, and how many may wait at once. */
const PENDING_LIFETIME_MS = 10 * 60 * 1000;
const PENDING_MAX = 1000;

/**
 * Some routes check their input themselves, in the order spec 7.1 needs to pick one error code; their
 * zod schema is still attached so the OpenAPI document shows the shape.
 */
const documentOnly: FastifySchemaCompiler<unknown> = () => (data) => ({ value: data });

export interface OAuthModule {
  readonly service: OAuthService;
  /** Changed by the control route below; the CLI's --strict-redirects sets it at start. */
  readonly redirectPolicy: RedirectPolicy;
}

const RedirectPolicyBody = z
  .object({
    strict: z.boolean(),
    /** Replaces the registered redirect URIs of these applications (client_id → URIs); others keep the seed's. */
    redirect_uris: z.record(z.string().regex(/^\d+$/), z.array(z.url()).min(1)).optional(),
  })
  .strict();
const RedirectPolicyAnswer = z.object({ strict: z.boolean(), redirect_uris: z.record(z.string(), z.array(z.string())) });

/**
 * Spec 2.1, 2.2, 4.1, 5, 7.1, 8 and the authorization page of docs/decisions.md: the token endpoint, the
 * consent page, the bearer check (`context.authenticate`), and the control routes that touch OAuth
 * state. Persisted as the `oauth` slice.
 */
export function registerOAuth(app: FastifyInstance, context: SandboxContext, options: { rateLimit: RateLimit | null; strictRedirects?: boolean }): OAuthModule {
  const service = new OAuthService(context, options.rateLimit);
  // Not part of the persisted state nor of a reset: like --token-rate-limit, it is how this sandbox was started.
  const redirectPolicy: RedirectPolicy = { strict: options.strictRedirects ?? false, redirectUris: {} };
  const pending = new PendingAuthorizations(context.clock);

  // Assigned now, not inside the plugin below, so modules registered after this call already see it.
  context.authenticate = (request) => service.authenticate(request.headers.authorization);
  context.registerSlice('oauth', {
    save: () => {
      service.prune();
      return service.store.save();
    },
    load: (data) => service.store.load(data),
    reset: () => {
      service.store.clear();
      service.resetTransient();
      pending.clear();
    },
  });

  void app.register((scope, _options, done) => {
    // Encapsulated: only these routes take form bodies, as OAuth servers do (RFC 6749 §4.1.3).
    addFormBodyParser(scope, TOKEN_BODY_LIMIT_BYTES);
    const typed = scope.withTypeProvider<ZodTypeProvider>();

    typed.post(
      '/oauth/token',
      {
        bodyLimit: TOKEN_BODY_LIMIT_BYTES,
        validatorCompiler: documentOnly,
        serializerCompiler: typedJsonSerializer,
        config: { malformedBodyCode: 'invalid_request', unsupportedMediaTypeCode: 'invalid_request' },
        schema: {
          tags: ['oauth'],
          summary: 'Create or refresh an access token (spec 4.1)',
          description: 'application/json (spec 4.1) or application/x-www-form-urlencoded. Errors per spec 7.1.',
          body: TokenRequest,
          response: { 200: TokenResponse, 400: PlatformErrorBody, 429: PlatformErrorBody },
        },
      },
      (request, reply) => {
        const answer = service.token(request.body as unknown);
        // RFC 6749 §5.1: credentials must not be cached.
        void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        return answer;
      },
    );

    typed.get(
      '/authorization',
      {
        validatorCompiler: documentOnly,
        schema: {
          tags: ['oauth'],
          summary: 'Authorization (consent) page',
          description:
            'Shows which user grants which application what. Accept redirects to redirect_uri?code=…&state=…; Deny to redirect_uri?error=access_denied&state=….',
          querystring: AuthorizationRequest,
        },
      },
      (request, reply) => {
        const check = checkAuthorizationRequest(asRecord(request.query), context.seed, redirectPolicy);
        if (!check.ok) return answerProblem(reply, check.problem);
        const requestId = pending.add(check.value);
        const owner = check.value.application.owner_user_id;
        const preselected = context.seed.users.some((user) => user.user_id === owner) ? owner : (context.seed.users[0]?.user_id ?? 0);
        return sendHtml(
          reply,
          200,
          consentPage({
            requestId,
            application: check.value.application,
            scopes: check.value.scopes,
            redirectUri: check.value.redirectUri,
            users: context.seed.users,
            preselectedUserId: preselected,
          }),
        );
      },
    );

    const Decision = z.object({
      request_id: z.string().min(1),
      user_id: z.string().regex(/^\d{1,15}$/),
      decision: z.enum(['accept', 'deny']),
    });
    typed.post(
      '/authorization/decision',
      { validatorCompiler: documentOnly, schema: { tags: ['oauth'], summary: 'Answer of the consent page (form post)', body: Decision } },
      (request, reply) => {
        const decision = Decision.safeParse(request.body as unknown);
        if (!decision.success) return sendHtml(reply, 400, errorPage('invalid_request', 'The consent form was incomplete: choose a user and Accept or Deny.'));
        const authorization = pending.take(decision.data.request_id);
        if (authorization === undefined) {
          return sendHtml(
            reply,
            400,
            errorPage('invalid_request', 'This authorization request has expired or was already answered. Start again from the application.'),
          );
        }
        if (decision.data.decision === 'deny') return redirect(reply, service.denialRedirect(authorization));
        const userId = Number(decision.data.user_id);
        if (!context.seed.users.some((user) => user.user_id === userId)) {
          return sendHtml(reply, 400, errorPage('invalid_request', `There is no user ${userId} on this sandbox.`));
        }
        return redirect(reply, service.issueCode(authorization, userId).redirectTo);
      },
    );

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

    done();
  });

  return { service, redirectPolicy };
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  // The consent page must not be framed: a page around it could trick the user into clicking "Allow".
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', "frame-ancestors 'none'; base-uri 'none'")
    .type('text/html; charset=utf-8')
    .send(html);
}

function redirect(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(302).header('cache-control', 'no-store').header('location', location).send();
}

/**
 * RFC 6749 §4.1.2.1: with a trusted redirect_uri the error goes back to the application; otherwise the
 * person sees an error page and nothing is redirected.
 */
function answerProblem(reply: FastifyReply, problem: AuthorizationProblem): FastifyReply {
  if (problem.redirect === undefined) return sendHtml(reply, 400, errorPage(problem.code, problem.description));
  return redirect(reply, withQuery(problem.redirect.uri, { error: problem.code, error_description: problem.description, state: problem.redirect.state }));
}

/** Consent pages shown and not yet answered. Short-lived and bounded; not persisted. */
class PendingAuthorizations {
  private readonly entries = new Map<string, { authorization: ValidAuthorization; createdAt: number }>();

  constructor(private readonly clock: Clock) {}

  add(authorization: ValidAuthorization): string {
    const now = this.clock.now();
    for (const [id, entry] of this.entries) if (entry.createdAt + PENDING_LIFETIME_MS <= now) this.entries.delete(id);
    while (this.entries.size >= PENDING_MAX) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.entries.delete(oldest.value);
    }
    const id = randomUUID();
    this.entries.set(id, { authorization, createdAt: now });
    return id;
  }

  /** Single use: answering a page twice (back button, double submit) must not mint two codes. */
  take(id: string): ValidAuthorization | undefined {
    const entry = this.entries.get(id);
    this.entries.delete(id);
    if (entry === undefined || entry.createdAt + PENDING_LIFETIME_MS <= this.clock.now()) return undefined;
    return entry.authorization;
  }

  clear(): void {
    this.entries.clear();
  }
}
