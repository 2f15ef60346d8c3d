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
