import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PlatformErrorBody } from '../shared/platform/errors';
import { TerminalsListQuery, TerminalsListResponse, type TerminalSummary } from '../shared/platform/terminals';
import type { SeedTerminal } from './accounts';
import type { SandboxContext } from './context';
import { reusedJsonSerializer } from './serialization';

/** One page as answered, with what it was built from, so it is answered again only while that is unchanged. */
interface KeptPage {
  readonly terminals: readonly SeedTerminal[];
  readonly seedCount: number;
  readonly listed: readonly SeedTerminal[];
  readonly answer: TerminalsListResponse;
}

/** Pages kept per caller and paging; a client pages through a handful of them, so this bound is rarely reached. */
const MAX_KEPT_PAGES = 256;

const summaryOf = (terminal: SeedTerminal): TerminalSummary => ({
  id: terminal.id,
  pos_id: terminal.pos_id,
  store_id: terminal.store_id,
  external_pos_id: terminal.external_pos_id,
  operating_mode: terminal.operating_mode,
});

/**
 * Whether a kept page still shows the terminals as they are: the seed's terminals may not be added or
 * replaced, but a terminal's mode changes in place (PATCH /terminals/v1/setup, a reset, a loaded state).
 */
function isCurrent(page: KeptPage, terminals: readonly SeedTerminal[], userId: number): boolean {
  if (page.terminals !== terminals || page.seedCount !== terminals.length) return false;
  return page.listed.every((terminal, index) => {
    const shown = page.answer.data.terminals[index];
    return (
      shown !== undefined &&
      terminal.user_id === userId &&
      shown.id === terminal.id &&
      shown.pos_id === terminal.pos_id &&
      shown.store_id === terminal.store_id &&
      shown.external_pos_id === terminal.external_pos_id &&
      shown.operating_mode === terminal.operating_mode
    );
  });
}

/**
 * `GET /terminals/v1/list?limit=1..50&offset=N` (docs/decisions.md "Terminals list"): the caller's
 * terminals only (spec 5.6: a terminal belongs to one account), in seed order.
 */
export function registerTerminalList(app: FastifyInstance, context: SandboxContext): void {
  // The same answer object while nothing it shows changed, so reusedJsonSerializer writes its text once.
  const kept = new Map<string, KeptPage>();
  app.withTypeProvider<ZodTypeProvider>().get(
    '/terminals/v1/list',
    {
      config: { validationErrorCode: 'invalid_query_param' },
      serializerCompiler: reusedJsonSerializer,
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
      const key = `${principal.userId}:${offset}:${limit}`;
      const terminals = context.seed.terminals;
      const known = kept.get(key);
      if (known !== undefined && isCurrent(known, terminals, principal.userId)) return known.answer;
      const own = terminals.filter((terminal) => terminal.user_id === principal.userId);
      const listed = own.slice(offset, offset + limit);
      const answer = deepFreeze({ data: { terminals: listed.map(summaryOf) }, paging: { total: own.length, offset, limit } });
      if (kept.size >= MAX_KEPT_PAGES) kept.clear();
      kept.set(key, { terminals, seedCount: terminals.length, listed, answer });
      return answer;
    },
  );
}

function deepFreeze<T extends TerminalsListResponse>(answer: T): T {
  for (const terminal of answer.data.terminals) Object.freeze(terminal);
  Object.freeze(answer.data.terminals);
  Object.freeze(answer.data);
  Object.freeze(answer.paging);
  return Object.freeze(answer);
}
