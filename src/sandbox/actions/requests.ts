import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ACTION_ID_PATTERN, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX_CHARS, IDEMPOTENT_REPLAYED_HEADER } from '../../shared/platform/terminal-actions';
import type { Principal, SandboxContext } from '../context';
import { SandboxError } from '../errors';
import { idempotencyConflict, type Fingerprint, type IdempotencyDecision, type StoredResponse } from '../idempotency';
import type { ActionService } from './service';

/**
 * What every print-action route needs of its request: who calls and under which idempotency key (read
 * in onRequest, before Fastify reads the body, so a bad token is reported even when the body is not
 * JSON), and the idempotent run of its work (spec 7.2, 8).
 */
export interface ActionRequests {
  /** onRequest hook: the caller. */
  authenticate: onRequestHookHandler;
  /** onRequest hook: the caller and the request's X-Idempotency-Key. */
  authenticateWithKey: onRequestHookHandler;
  principalOf(request: FastifyRequest): Principal;
  /** Runs `work` under the request's idempotency key (`fingerprint` names the request): replays, refuses, or records its 2xx result. */
  idempotent(request: FastifyRequest, reply: FastifyReply, fingerprint: Fingerprint, work: () => StoredResponse): FastifyReply;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of a print-action route, set by its onRequest hook. */
    actionPrincipal: Principal | null;
    /** The X-Idempotency-Key of a print-action route that takes one, set by its onRequest hook. */
    actionIdempotencyKey: string | null;
  }
}

export function actionRequests(app: FastifyInstance, context: SandboxContext, service: ActionService): ActionRequests {
  // Request decorators rather than WeakMaps keyed by the request: a field of the request object costs no
  // hashing, and no ephemeron table for every collection to walk.
  app.decorateRequest('actionPrincipal', null);
  app.decorateRequest('actionIdempotencyKey', null);

  // Callback hooks rather than async ones: the work is synchronous, and an async hook costs every request a
  // promise and a trip through the microtask queue before the handler runs.
  const authenticate: onRequestHookHandler = (request, _reply, done) => {
    try {
      request.actionPrincipal = context.authenticate(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };
  const authenticateWithKey: onRequestHookHandler = (request, _reply, done) => {
    try {
      request.actionPrincipal = context.authenticate(request);
      request.actionIdempotencyKey = idempotencyKeyOf(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };
  const principalOf = (request: FastifyRequest): Principal => {
    const principal = request.actionPrincipal;
    if (principal === null) throw new Error('route ran without its authentication hook');
    return principal;
  };
  const keyOf = (request: FastifyRequest): string => {
    const key = request.actionIdempotencyKey;
    if (key === null) throw new Error('route ran without its idempotency-key hook');
    return key;
  };

  /** Runs `work` under the request's idempotency key: replays, refuses, or records its 2xx result. */
  const idempotent = (request: FastifyRequest, reply: FastifyReply, fingerprint: Fingerprint, work: () => StoredResponse): FastifyReply => {
    let decision: IdempotencyDecision;
    try {
      decision = service.idempotency.begin(principalOf(request).userId, keyOf(request), fingerprint);
    } catch (error) {
      request.log.error({ err: error }, 'idempotency store failed');
      throw new SandboxError(500, 'idempotency_validation_failed', 'The idempotency key could not be validated; retry the request with the same key.');
    }
    if (decision.kind === 'replay') return send(reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true'), decision.response);
    if (decision.kind === 'conflict') throw idempotencyConflict(decision.reason);
    let response: StoredResponse | undefined;
    try {
      response = work();
    } finally {
      decision.finish(response);
    }
    return send(reply, response);
  };

  return { authenticate, authenticateWithKey, principalOf, idempotent };
}

/** The request's X-Idempotency-Key (spec 7.2: required, 400 empty_required_header); shared with the Orders API routes. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const raw = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (key === '') {
    throw new SandboxError(400, 'empty_required_header', `The ${IDEMPOTENCY_HEADER} header is required.`, [
      { code: 'empty_required_header', description: `${IDEMPOTENCY_HEADER} is missing or empty`, data: { header: IDEMPOTENCY_HEADER } },
    ]);
  }
  if (key.length > IDEMPOTENCY_KEY_MAX_CHARS) {
    throw new SandboxError(400, 'property_value', `The ${IDEMPOTENCY_HEADER} header is longer than ${IDEMPOTENCY_KEY_MAX_CHARS} characters.`, [
      {
        code: 'property_value',
        description: `${IDEMPOTENCY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX_CHARS} characters`,
        data: { header: IDEMPOTENCY_HEADER },
      },
    ]);
  }
  return key;
}

/** UUIDs compare case-insensitively; anything that is not one is malformed. */
export function normaliseActionId(raw: string): string | undefined {
  const id = raw.toLowerCase();
  return ACTION_ID_PATTERN.test(id) ? id : undefined;
}

export function orderNotFound(id: string): SandboxError {
  return new SandboxError(404, 'order_not_found', `Action ${id} not found.`, [
    { code: 'order_not_found', description: 'no action with this id for this user' },
  ]);
}

function send(reply: FastifyReply, response: StoredResponse): FastifyReply {
  reply.code(response.status);
  return response.body === null ? reply.send() : reply.send(response.body);
}
