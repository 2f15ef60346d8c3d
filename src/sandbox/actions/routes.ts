import type { FastifyInstance } from 'fastify';
import { CreatedTerminalAction, TerminalAction } from '../../shared/platform/terminal-actions';
import type { SandboxContext } from '../context';
import { SandboxError } from '../errors';
import { registerTerminals } from '../terminals/routes';
import { checkCallersPdvTerminal } from '../terminals/terminal-check';
import { TerminalFleet } from '../terminals/virtual-terminal';
import { typedJsonSerializer } from '../serialization';
import { registerBodyless } from './bodyless';
import { lazyFingerprint } from '../idempotency';
import { createRequestFingerprint } from './fingerprint';
import { actionRequests, normaliseActionId, orderNotFound, type ActionRequests } from './requests';
import { actionView, ActionService, createdView } from './service';
import { checkContent, parseCreateBody } from './validate';

const ACTIONS_PATH = '/terminals/v1/actions';

export interface ActionsArea {
  readonly service: ActionService;
  /** The virtual terminals, which take the actions (and the point orders) waiting for them. */
  readonly fleet: TerminalFleet;
}

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
export function registerActions(app: FastifyInstance, context: SandboxContext): ActionsArea {
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

  const requests = actionRequests(app, context, service);
  registerCreate(app, context, service, requests);
  registerReadAndCancel(app, service, requests);
  return { service, fleet };
}

function registerCreate(app: FastifyInstance, context: SandboxContext, service: ActionService, requests: ActionRequests): void {
  const { authenticateWithKey, principalOf, idempotent } = requests;
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
        serializerCompiler: typedJsonSerializer,
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
        return idempotent(request, reply, createRequestFingerprint(request.method, ACTIONS_PATH, body), () => {
          checkCallersPdvTerminal(context, principal, body.config.point.terminal_id, 'print actions');
          const { raster } = checkContent(body);
          const action = service.create(principal.userId, body, raster);
          return { status: 201, body: createdView(action) };
        });
      },
    );
  });
}

function registerReadAndCancel(app: FastifyInstance, service: ActionService, requests: ActionRequests): void {
  const { authenticate, authenticateWithKey, principalOf, idempotent } = requests;

  app.get<{ Params: { action_id: string } }>(
    `${ACTIONS_PATH}/:action_id`,
    {
      onRequest: authenticate,
      serializerCompiler: typedJsonSerializer,
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
        return idempotent(request, reply, lazyFingerprint(request.method, path, null), () => {
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
}
