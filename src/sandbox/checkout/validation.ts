import type { z } from 'zod';
import { issuesToCauses } from '../../shared/platform/preferences';
import { SandboxError } from '../errors';

/**
 * Parses a request part with its zod schema and answers 400 with one cause per offending path (the
 * fastify validator would stop at a message and lose the paths a client needs to find its mistake).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, message: string, root = 'body'): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  throw new SandboxError(400, 'bad_request', message, issuesToCauses(result.error.issues, root));
}

export function notFound(what: string): SandboxError {
  return new SandboxError(404, 'not_found', `${what} not found`, [{ code: 'not_found', description: `${what} not found` }]);
}
