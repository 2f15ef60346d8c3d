import { z } from 'zod';

/**
 * The platform's error body (spec 7 leaves it "not shown"; docs/decisions.md gives the shape the public
 * endpoints return). The spec's code goes in `error`, a 7.2 message text such as
 * "content is required" goes in `message`.
 */
export const ErrorCause = z.object({
  code: z.union([z.string(), z.number()]),
  description: z.string(),
  data: z.unknown().optional(),
});
export type ErrorCause = z.infer<typeof ErrorCause>;

export const PlatformErrorBody = z.object({
  message: z.string(),
  error: z.string(),
  status: z.number().int(),
  cause: z.array(ErrorCause),
});
export type PlatformErrorBody = z.infer<typeof PlatformErrorBody>;

/** Spec 7.1 codes of the token endpoint. */
export const TokenErrorCode = z.enum([
  'invalid_client',
  'invalid_grant',
  'invalid_scope',
  'invalid_request',
  'unsupported_grant_type',
  'forbidden',
  'unauthorized_client',
  'local_rate_limited',
]);

/** Spec 7.2–7.4 codes of the terminal action endpoints (the message-only rows of 7.2 carry `property_value`/`required_properties` in `error`, see docs/decisions.md). */
export const ActionErrorCode = z.enum([
  'empty_required_header',
  'required_properties',
  'unsupported_properties',
  'property_type',
  'property_value',
  'json_syntax_error',
  'invalid_data_xml',
  'unauthorized',
  'forbidden_checking_terminal_owner',
  'idempotency_key_already_used',
  'already_queued_order_for_terminal',
  'idempotency_validation_failed',
  'internal_error',
  'invalid_path_param',
  'order_not_found',
  'cannot_cancel_order',
]);

/** Codes the sandbox uses for transport-level client mistakes that the spec does not name (docs/decisions.md, §7). */
export const TransportErrorCode = z.enum([
  'not_found',
  'unsupported_media_type',
  'request_entity_too_large',
  'bad_request',
  'method_not_allowed',
  'uri_too_long',
  'request_timeout',
  'request_header_fields_too_large',
  /** A bad query parameter, e.g. `limit` of the terminals list (docs/decisions.md). */
  'invalid_query_param',
]);

/** Codes of the sandbox's own control API (/__sandbox), which the real platform does not have. */
export const SandboxControlErrorCode = z.enum(['clock_not_manual', 'not_found', 'bad_request']);

export function errorBody(status: number, error: string, message: string, cause: ErrorCause[] = []): PlatformErrorBody {
  return { message, error, status, cause };
}
