import type { FastifyInstance, FastifyReply, FastifySchemaCompiler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthorizationRequest, TokenRequest, TokenResponse } from '../../shared/platform/oauth';
import { PlatformErrorBody } from '../../shared/platform/errors';
import type { SandboxContext } from '../context';
import { typedJsonSerializer } from '../serialization';
import { checkAuthorizationRequest, withQuery, type AuthorizationProblem, type RedirectPolicy } from './authorize';
import { consentPage, errorPage } from './html';
import type { PendingAuthorizations } from './pending';
import type { OAuthService } from './service';

/** Token requests are a few hundred bytes; anything near this is not one (answered 413). */
export const TOKEN_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Some routes check their input themselves, in the order spec 7.1 needs to pick one error code; their
 * zod schema is still attached so the OpenAPI document shows the shape. `true` lets the input through
 * as it came, with nothing allocated per request.
 */
const documentOnly: FastifySchemaCompiler<unknown> = () => () => true;

export interface EndpointParts {
  readonly service: OAuthService;
  readonly redirectPolicy: RedirectPolicy;
  readonly pending: PendingAuthorizations;
}

/**
 * What applications and people use (spec 4.1, 2.2, 7.1): the token endpoint, the consent page and its
 * answer. Registered in a scope that reads form bodies.
 */
export function registerTokenAndConsent(scope: FastifyInstance, context: SandboxContext, { service, redirectPolicy, pending }: EndpointParts): void {
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
