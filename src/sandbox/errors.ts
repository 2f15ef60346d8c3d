import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { errorBody, type ErrorCause, type PlatformErrorBody } from '../shared/platform/errors';

/** A client or platform error with the spec's code, answered as the platform's error body. */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly causes: ErrorCause[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'SandboxError';
  }

  toBody(): PlatformErrorBody {
    return errorBody(this.status, this.code, this.message, this.causes);
  }
}

export function sendError(reply: FastifyReply, error: SandboxError): FastifyReply {
  return reply.code(error.status).headers(error.headers).type('application/json; charset=utf-8').send(error.toBody());
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The spec's code for a body that is not JSON on this route (7.2 names json_syntax_error; 7.1 files it under invalid_request). */
    malformedBodyCode?: string;
  }
}

/**
 * One error handler for the whole server: every failure leaves as the platform's error body, client
 * mistakes as 4xx with a code, and only a genuine defect as a 500.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    void sendError(reply, new SandboxError(404, 'not_found', `Route ${request.method}:${request.url.split('?')[0] ?? ''} not found`));
  });

  app.setErrorHandler((rawError: FastifyError | SandboxError | Error, request, reply) => {
    if (rawError instanceof SandboxError) return sendError(reply, rawError);
    const error = rawError as FastifyError;
    const malformedCode = request.routeOptions.config?.malformedBodyCode ?? 'bad_request';
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, new SandboxError(400, malformedCode, error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The request body is empty.' : 'The request body is not valid JSON.'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, new SandboxError(415, 'unsupported_media_type', `Unsupported content type "${request.headers['content-type'] ?? ''}"; send application/json.`));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, new SandboxError(413, 'request_entity_too_large', 'The request body is larger than the server accepts.'));
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(reply, new SandboxError(400, 'bad_request', 'The Content-Length header does not match the body.'));
      default:
        break;
    }
    if (error.validation !== undefined || (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500)) {
      const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
      return sendError(reply, new SandboxError(status, status === 400 ? malformedCode : 'bad_request', error.message));
    }
    request.log.error({ err: error }, 'unhandled sandbox error');
    return sendError(reply, new SandboxError(500, 'internal_error', 'Internal server error; retry.'));
  });
}
