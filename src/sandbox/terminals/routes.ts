import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerBodyless } from '../actions/bodyless';
import { SandboxError } from '../errors';
import { terminalPage } from './view';
import { pageLanguage } from './view-text';
import { CardTap, TerminalConflict, TerminalSettingsPatch, type TerminalFleet, type VirtualTerminal } from './virtual-terminal';

const Params = z.object({ id: z.string() });
const PrintedQuery = z.object({ after: z.coerce.number().int().nonnegative().default(0) });
/** The page's language: `es` for Spanish, anything else English. */
const ViewQuery = z.object({ lang: z.string().max(8).optional() });
/**
 * The terminal page's two result buttons, named by what the cashier reports: a request, not a status to
 * write (a print reported printed that the terminal cannot render still ends failed, by the action lifecycle).
 */
const CompleteBody = z.strictObject({ status: z.enum(['processed', 'failed']) });

/**
 * The virtual terminals' control API under /__sandbox/terminals (not part of the platform): read
 * and change a terminal's behaviour, press its buttons, read what it printed, and watch it.
 */
export function registerTerminals(app: FastifyInstance, fleet: TerminalFleet): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sandbox terminals'];

  const terminalOf = (id: string): VirtualTerminal => {
    const terminal = fleet.get(id);
    if (terminal === undefined) throw new SandboxError(404, 'terminal_not_found', `No terminal ${id} in this sandbox.`);
    return terminal;
  };
  /** Runs a button press, answering a refusal as 409 with the terminal's reason. */
  const press = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      if (error instanceof TerminalConflict) throw new SandboxError(409, error.code, error.message);
      throw error;
    }
  };

  api.get('/__sandbox/terminals', { schema: { tags, summary: 'Every virtual terminal and its state' } }, () => ({
    terminals: fleet.list().map((terminal) => terminal.view()),
  }));

  api.get('/__sandbox/terminals/:id', { schema: { tags, summary: 'One virtual terminal', params: Params } }, (request) => terminalOf(request.params.id).view());

  api.post(
    '/__sandbox/terminals/:id',
    { schema: { tags, summary: 'Change how a terminal behaves (mode, timings, paper, …)', params: Params, body: TerminalSettingsPatch } },
    (request) => {
      const terminal = terminalOf(request.params.id);
      terminal.configure(request.body);
      return terminal.view();
    },
  );

  api.post(
    '/__sandbox/terminals/:id/complete',
    { schema: { tags, summary: 'Finish the print on the terminal: processed or failed', params: Params, body: CompleteBody } },
    (request) => {
      const terminal = terminalOf(request.params.id);
      const action = press(() => terminal.complete(request.body.status));
      return { action_id: action.id, terminal: terminal.view() };
    },
  );

  api.post(
    '/__sandbox/terminals/:id/card',
    { schema: { tags, summary: 'Tap a card on the terminal: approved, declined (with a reason) or no answer', params: Params, body: CardTap } },
    (request) => {
      const terminal = terminalOf(request.params.id);
      const order = press(() => terminal.tap(request.body));
      return { order_id: order.id, terminal: terminal.view() };
    },
  );

  registerBodyless(app, (scope) => {
    const bodyless = scope.withTypeProvider<ZodTypeProvider>();
    bodyless.post(
      '/__sandbox/terminals/:id/refresh',
      { schema: { tags, summary: 'Press refresh: the terminal picks up its waiting action', params: Params } },
      (request) => {
        const terminal = terminalOf(request.params.id);
        const action = press(() => terminal.refresh());
        return { picked_up: action?.id ?? null, terminal: terminal.view() };
      },
    );
    bodyless.post('/__sandbox/terminals/:id/cancel', { schema: { tags, summary: 'Press cancel on the terminal', params: Params } }, (request) => {
      const terminal = terminalOf(request.params.id);
      const action = press(() => terminal.cancel());
      return { canceled: action.id, terminal: terminal.view() };
    });
    bodyless.post('/__sandbox/terminals/:id/timeout', { schema: { tags, summary: 'Let the payment on the terminal time out', params: Params } }, (request) => {
      const terminal = terminalOf(request.params.id);
      const order = press(() => terminal.timeout());
      return { expired: order.id, terminal: terminal.view() };
    });
  });

  api.get(
    '/__sandbox/terminals/:id/printed',
    { schema: { tags, summary: 'What the terminal printed, after a sequence number', params: Params, querystring: PrintedQuery } },
    (request) => ({
      items: terminalOf(request.params.id).printedItems(request.query.after),
    }),
  );

  api.get(
    '/__sandbox/terminals/:id/view',
    { schema: { tags, summary: 'The terminal display page (HTML)', params: Params, querystring: ViewQuery } },
    (request, reply) => {
      const terminal = terminalOf(request.params.id);
      return reply
        .type('text/html; charset=utf-8')
        .header(
          'content-security-policy',
          "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src blob: data:; connect-src 'self'; frame-ancestors 'none'",
        )
        .send(terminalPage(terminal.id, terminal.seed.name, pageLanguage(request.query.lang)));
    },
  );
}
