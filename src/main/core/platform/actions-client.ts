import { CreateActionRequest, CreatedTerminalAction, TerminalAction } from '../../../shared/platform/terminal-actions';
import type { PlatformClient } from './client';
import type { PlatformTransport } from './transport';

const actionPath = (actionId: string): string => `/terminals/v1/actions/${encodeURIComponent(actionId)}`;

/** Terminal actions (spec 4.3–4.5): create and cancel carry the caller's own idempotency key. */
export function createActionsClient(transport: PlatformTransport): PlatformClient['actions'] {
  return {
    create: (request, options) =>
      transport.request({
        method: 'POST',
        path: '/terminals/v1/actions',
        body: CreateActionRequest.parse(request),
        authenticated: true,
        idempotent: true,
        response: { kind: 'json', schema: CreatedTerminalAction },
        options,
      }),
    get: (actionId, options) =>
      transport.request({
        method: 'GET',
        path: actionPath(actionId),
        authenticated: true,
        idempotent: false,
        response: { kind: 'json', schema: TerminalAction },
        options,
      }),
    cancel: (actionId, options) =>
      transport.request({
        method: 'POST',
        path: `${actionPath(actionId)}/cancel`,
        authenticated: true,
        idempotent: true,
        response: { kind: 'empty' },
        options,
      }),
  };
}
