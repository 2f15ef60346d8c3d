import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PlatformErrorBody } from '../shared/platform/errors';
import { TerminalsListQuery, TerminalsListResponse } from '../shared/platform/terminals';
import type { SandboxContext } from './context';
import { typedJsonSerializer } from './serialization';

/**
 * `GET /terminals/v1/list?limit=1..50&offset=N` (docs/decisions.md "Terminals list"): the caller's
 * terminals only (spec 5.6: a terminal belongs to one account), in seed order.
 */
export function registerTerminalList(app: FastifyInstance, context: SandboxContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/terminals/v1/list',
    {
      config: { validationErrorCode: 'invalid_query_param' },
      serializerCompiler: typedJsonSerializer,
      // Authentication comes before query checks: a caller without a token learns nothing.
      preValidation: (request, _reply, done) => {
        try {
          context.authenticate(request);
        } catch (error) {
          return done(error as Error);
        }
        done();
      },
      schema: {
        tags: ['terminals'],
        summary: "List the caller's terminals",
        security: [{ bearer: [] }],
        querystring: TerminalsListQuery,
        response: { 200: TerminalsListResponse, 400: PlatformErrorBody, 401: PlatformErrorBody },
      },
    },
    (request) => {
      const principal = context.authenticate(request);
      const { limit, offset } = request.query;
      const own = context.seed.terminals.filter((terminal) => terminal.user_id === principal.userId);
      const terminals = own.slice(offset, offset + limit).map((terminal) => ({
        id: terminal.id,
        pos_id: terminal.pos_id,
        store_id: terminal.store_id,
        external_pos_id: terminal.external_pos_id,
        operating_mode: terminal.operating_mode,
      }));
      return { data: { terminals }, paging: { total: own.length, offset, limit } };
    },
  );
}
