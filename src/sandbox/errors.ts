import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { errorBody, type ErrorCause, type PlatformErrorBody } from '../shared/platform/errors';
import { JsonTooDeepError } from './json-depth';

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
    /**
     * When set, a Content-Type the route cannot read is a 400 with this code instead of a 415: the
     * token endpoint's error table (7.1) has no 415 row, its "malformed request" is invalid_request.
     */
    unsupportedMediaTypeCode?: string;
    /** The code for a failed schema validation (body, query, params); defaults to malformedBodyCode, then bad_request. */
    validationErrorCode?: string;
  }
}

/** "querystring/limit: Too big…" from the validation issues, so the message says which input was wrong. */
function describeValidation(issues: FastifySchemaValidationError[], context: string | undefined): { message: string; causes: ErrorCause[] } {
  const causes = issues.slice(0, 20).map((issue) => {
    const where = `${context ?? 'request'}${issue.instancePath === '/' ? '' : issue.instancePath}`;
    return { code: 'invalid_parameter', description: `${where}: ${issue.message ?? 'is invalid'}` };
  });
  const message = causes.length === 0 ? 'The request is invalid.' : `Invalid request: ${causes.map((cause) => cause.description).join('; ')}`;
  return { message, causes };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Errors Fastify raises before a request reaches a route (a URL that does not decode, a path
 * parameter over the length limit). Without this they leave in Fastify's own body shape.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid: it has a malformed percent-encoding.' : error.message;
  void sendError(reply, new SandboxError(status, status === 414 ? 'uri_too_long' : 'bad_request', message));
}

/**
 * Errors of the HTTP parser itself (a request line that is not HTTP, headers too large, a client that
 * times out). Node gives only the socket here; the answer is written by hand in the platform's shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request_timeout', 'The request was not received in time.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'request_header_fields_too_large', 'The request headers are larger than the server accepts.']
        : [400, 'bad_request', 'The request is not valid HTTP.'];
  const body = JSON.stringify(errorBody(status, code, message));
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  socket.destroy();
}

/**
 * One error handler for the whole server: every failure leaves as the platform's error body, client
 * mistakes as 4xx with a code, and only a genuine defect as a 500.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    void sendError(reply, new SandboxError(404, 'not_found', `Route ${request.method}:${request.url.split('?')[0] ?? ''} not found`));
  });

  app.setErrorHandler((rawError: unknown, request, reply) => {
    if (rawError instanceof SandboxError) return sendError(reply, rawError);
    const error: Partial<FastifyError> = isObject(rawError) ? (rawError as Partial<FastifyError>) : { message: String(rawError) };
    const config = request.routeOptions.config ?? {};
    const malformedCode = config.malformedBodyCode ?? 'bad_request';
    // Spec 7.2 json_syntax_error where the route names no code of its own for a body it cannot read.
    if (rawError instanceof JsonTooDeepError) return sendError(reply, new SandboxError(400, config.malformedBodyCode ?? 'json_syntax_error', rawError.message));
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return sendError(reply, new SandboxError(400, malformedCode, 'The request body is not valid JSON.'));
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, new SandboxError(400, malformedCode, 'The request body is empty but Content-Type says JSON.'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': {
        const contentType = request.headers['content-type'] ?? '';
        const message =
          contentType === ''
            ? 'The request has a body but no Content-Type; send application/json.'
            : `Unsupported content type "${contentType}"; send application/json.`;
        if (config.unsupportedMediaTypeCode !== undefined) return sendError(reply, new SandboxError(400, config.unsupportedMediaTypeCode, message));
        return sendError(reply, new SandboxError(415, 'unsupported_media_type', message));
      }
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(reply, new SandboxError(400, 'bad_request', 'The Content-Length header does not match the body.'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, new SandboxError(413, 'request_entity_too_large', 'The request body is larger than the server accepts.'));
      case 'FST_ERR_CTP_INVALID_TYPE':
        return sendError(reply, new SandboxError(400, config.unsupportedMediaTypeCode ?? 'bad_request', 'The Content-Type header is not valid.'));
      default:
        break;
    }
    if (Array.isArray(error.validation)) {
      const { message, causes } = describeValidation(error.validation, error.validationContext);
      return sendError(reply, new SandboxError(400, config.validationErrorCode ?? malformedCode, message, causes));
    }
    // A JSON body Fastify's secure parser refuses (e.g. a __proto__ key) arrives as a SyntaxError with a 400.
    const statusCode = error.statusCode;
    const clientStatus = typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 ? statusCode : undefined;
    if (rawError instanceof SyntaxError || clientStatus !== undefined) {
      const status = clientStatus ?? 400;
      return sendError(reply, new SandboxError(status, status === 400 ? malformedCode : 'bad_request', error.message ?? 'Bad request.'));
    }
    request.log.error({ err: rawError }, 'unhandled sandbox error');
    return sendError(reply, new SandboxError(500, 'internal_error', 'Internal server error; retry.'));
  });
}
