import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACTION_ID_PATTERN,
  CreatedTerminalAction,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX_CHARS,
  IDEMPOTENT_REPLAYED_HEADER,
  TerminalAction,
} from '../../shared/platform/terminal-actions';
import type { Principal, SandboxContext } from '../context';
import { SandboxError } from '../errors';
import { registerTerminals } from '../terminals/routes';
import { checkCallersPdvTerminal } from '../terminals/terminal-check';
import { TerminalFleet } from '../terminals/virtual-terminal';
import { registerBodyless } from './bodyless';
import { idempotencyConflict, requestFingerprint, type IdempotencyDecision, type StoredResponse } from '../idempotency';
import { actionView, ActionService, createdView } from './service';
import { checkContent, parseCreateBody } from './validate';

const ACTIONS_PATH = '/terminals/v1/actions';

/**
 * Spec 4.3–4.5 with the errors of 7.2–7.4, plus the virtual terminals that consume the actions.
 *
 * Check order of create and cancel (the real platform answers 401 before 400):
 *   401 unauthorized › 400 empty_required_header › 400 json_syntax_error and body shape (create)
 *   or invalid_path_param (cancel) › idempotency (replay, or 409) › the operation's own checks
 *   (create: 403 terminal owner › 400 PDV mode › 400 content › 409 queue; cancel: 404 › 409).
 * Authentication and the header run in onRequest, before Fastify reads the body, so a bad token
 * is reported even when the body is not JSON.
 */
export function registerActions(app: FastifyInstance, context: SandboxContext): ActionService {
  const service = new ActionService(context.clock);
  const fleet = new TerminalFleet(() => context.seed.terminals, context.clock, service);
  context.registerSlice(
    'actions',
    service.slice(() => fleet.resync()),
  );
  context.registerSlice('terminals', fleet.slice());
  registerTerminals(app, fleet);
  // A closed sandbox must not go on printing: its terminals' timers live on a clock that may outlive it.
  app.addHook('onClose', async () => fleet.stop());

  const principals = new WeakMap<FastifyRequest, Principal>();
  const keys = new WeakMap<FastifyRequest, string>();

  const authenticate = async (request: FastifyRequest): Promise<void> => {
    principals.set(request, context.authenticate(request));
  };
  const authenticateWithKey = async (request: FastifyRequest): Promise<void> => {
    principals.set(request, context.authenticate(request));
    keys.set(request, idempotencyKeyOf(request));
  };
  const principalOf = (request: FastifyRequest): Principal => {
    const principal = principals.get(request);
    if (principal === undefined) throw new Error('route ran without its authentication hook');
    return principal;
  };
  const keyOf = (request: FastifyRequest): string => {
    const key = keys.get(request);
    if (key === undefined) throw new Error('route ran without its idempotency-key hook');
    return key;
  };

  /** Runs `work` under the request's idempotency key: replays, refuses, or records its 2xx result. */
  const idempotent = (request: FastifyRequest, reply: FastifyReply, path: string, body: unknown, work: () => StoredResponse): FastifyReply => {
    let decision: IdempotencyDecision;
    try {
      decision = service.idempotency.begin(principalOf(request).userId, keyOf(request), requestFingerprint(request.method, path, body));
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

  // Create reads JSON only: Fastify's built-in text/plain parser is removed so that any other body
  // reaches 7.2's json_syntax_error (through unsupportedMediaTypeCode) instead of a type error.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.post(
      ACTIONS_PATH,
      {
        onRequest: authenticateWithKey,
        // 7.2 has no 415 row: a body that is not JSON, whatever its Content-Type, is json_syntax_error.
        config: { malformedBodyCode: 'json_syntax_error', unsupportedMediaTypeCode: 'json_syntax_error' },
        schema: {
          tags: ['terminal actions'],
          summary: 'Create a print action (spec 4.3)',
          security: [{ bearer: [] }],
          response: { 201: CreatedTerminalAction },
        },
      },
      (request, reply) => {
        const principal = principalOf(request);
        // The shape is checked before the key is consulted: the fingerprint is taken over the parsed
        // request, and a malformed request neither uses nor conflicts with a key.
        const body = parseCreateBody(request.body);
        return idempotent(request, reply, ACTIONS_PATH, body, () => {
          checkCallersPdvTerminal(context, principal, body.config.point.terminal_id, 'print actions');
          const { raster } = checkContent(body);
          const action = service.create(principal.userId, body, raster);
          return { status: 201, body: createdView(action) };
        });
      },
    );
  });

  app.get<{ Params: { action_id: string } }>(
    `${ACTIONS_PATH}/:action_id`,
    {
      onRequest: authenticate,
      schema: { tags: ['terminal actions'], summary: 'Get a print action (spec 4.4)', security: [{ bearer: [] }], response: { 200: TerminalAction } },
    },
    (request) => {
      // 7.4 has no 400 row: a malformed id is simply an action that does not exist.
      const id = normaliseActionId(request.params.action_id);
      const action = id === undefined ? undefined : service.findForUser(principalOf(request).userId, id);
      if (action === undefined) throw orderNotFound(request.params.action_id);
      return actionView(action);
    },
  );

  // Cancel takes no body (spec 4.5); whatever is sent is ignored.
  registerBodyless(app, (scope) => {
    scope.post<{ Params: { action_id: string } }>(
      `${ACTIONS_PATH}/:action_id/cancel`,
      {
        onRequest: authenticateWithKey,
        schema: { tags: ['terminal actions'], summary: 'Cancel a print action in status created (spec 4.5)', security: [{ bearer: [] }] },
      },
      (request, reply) => {
        const id = normaliseActionId(request.params.action_id);
        if (id === undefined) {
          throw new SandboxError(400, 'invalid_path_param', `action_id "${request.params.action_id}" is not a valid action id`, [
            { code: 'invalid_path_param', description: 'action_id must be the UUID returned when the action was created', data: { param: 'action_id' } },
          ]);
        }
        const path = `${ACTIONS_PATH}/${id}/cancel`;
        return idempotent(request, reply, path, null, () => {
          const action = service.findForUser(principalOf(request).userId, id);
          if (action === undefined) throw orderNotFound(id);
          const result = service.apply(action.id, 'cancel_api');
          if (!result.ok) {
            throw new SandboxError(409, 'cannot_cancel_order', result.reason, [
              { code: 'cannot_cancel_order', description: `action status is ${action.status}`, data: { status: action.status } },
            ]);
          }
          return { status: 200, body: null };
        });
      },
    );
  });

  return service;
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
function normaliseActionId(raw: string): string | undefined {
  const id = raw.toLowerCase();
  return ACTION_ID_PATTERN.test(id) ? id : undefined;
}

function orderNotFound(id: string): SandboxError {
  return new SandboxError(404, 'order_not_found', `Action ${id} not found.`, [
    { code: 'order_not_found', description: 'no action with this id for this user' },
  ]);
}

function send(reply: FastifyReply, response: StoredResponse): FastifyReply {
  reply.code(response.status);
  return response.body === null ? reply.send() : reply.send(response.body);
}
