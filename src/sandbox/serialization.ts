import type { FastifySerializerCompiler } from 'fastify';

/**
 * For the hot routes (the token endpoint, authenticated reads): the response schema stays attached for
 * the OpenAPI document and for the handler's return type (ZodTypeProvider), but the answer is written
 * with plain JSON.stringify instead of being re-validated by zod on every request. The handlers build
 * these answers from z.infer types, so the compiler already holds them to the schema, and the tests
 * parse every answer with the same schemas. This halves the sandbox's per-request CPU on those routes
 * (bench/sandbox-throughput.ts).
 */
export const typedJsonSerializer: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

const writtenAnswers = new WeakMap<object, string>();

/**
 * typedJsonSerializer for a route that often answers the very same object (a page kept until what it
 * shows changes): a frozen answer is stringified once and its text reused; any other answer is written
 * as typedJsonSerializer writes it. Stringifying the 50-terminal list page was most of that read's own
 * work in the server's CPU profile.
 */
export const reusedJsonSerializer: FastifySerializerCompiler<unknown> = () => (data) => {
  if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return JSON.stringify(data);
  let text = writtenAnswers.get(data);
  if (text === undefined) {
    text = JSON.stringify(data);
    writtenAnswers.set(data, text);
  }
  return text;
};
