import { z } from 'zod';

/** One IPC channel: what the renderer may send, and what main answers. */
export interface ChannelSpec<Request extends z.ZodType = z.ZodType, Response extends z.ZodType = z.ZodType> {
  request: Request;
  response: Response;
}

export function channel<Request extends z.ZodType, Response extends z.ZodType>(request: Request, response: Response): ChannelSpec<Request, Response> {
  return { request, response };
}

/** A channel that takes no input. Strict, so a stray field is reported rather than ignored. */
export const NoInput = z.object({}).strict();

/**
 * Why a call failed. `code` is the platform's code (spec 7) when the platform refused, or one of the
 * contract's own codes; `message` is already written for a cashier.
 */
export const IpcFailure = z.object({
  code: z.string(),
  message: z.string(),
  status: z.number().int().optional(),
  retryable: z.boolean().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type IpcFailure = z.infer<typeof IpcFailure>;

/** Codes the contract itself answers with, before any handler runs. */
export const ContractErrorCode = {
  unknownChannel: 'unknown_channel',
  invalidRequest: 'invalid_request',
  forbiddenSender: 'forbidden_sender',
  internal: 'internal_error',
} as const;

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcFailure };

export function ipcResultSchema<T extends z.ZodType>(value: T) {
  return z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), value }), z.object({ ok: z.literal(false), error: IpcFailure })]);
}
