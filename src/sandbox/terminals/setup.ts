import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PlatformErrorBody } from '../../shared/platform/errors';
import { TerminalSetupRequest, TerminalSetupResponse } from '../../shared/platform/orders';
import { OperatingMode } from '../../shared/platform/terminals';
import { parseRequestShape } from '../actions/validate';
import type { SandboxContext } from '../context';
import { SandboxError } from '../errors';
import { typedJsonSerializer } from '../serialization';

const SavedModes = z.record(z.string(), OperatingMode);

/**
 * `PATCH /terminals/v1/setup` (docs "Update terminal operation mode"): the caller switches its terminals between
 * PDV (integrated: prints and point orders) and STANDALONE. All or nothing: one terminal that is not the
 * caller's refuses the whole request, so a half-applied change never happens. The mode is sandbox state:
 * saved with `--state`, back to the seed's on reset.
 */
export function registerTerminalSetup(app: FastifyInstance, context: SandboxContext): void {
  const seedModes = new Map(context.seed.terminals.map((terminal) => [terminal.id, terminal.operating_mode]));
  const setMode = (id: string, mode: OperatingMode): void => {
    // In place: the virtual terminals and the terminals list read these same seed objects.
    const terminal = context.seed.terminals.find((candidate) => candidate.id === id);
    if (terminal !== undefined) terminal.operating_mode = mode;
  };
  context.registerSlice('terminal_modes', {
    save: () => Object.fromEntries(context.seed.terminals.map((terminal) => [terminal.id, terminal.operating_mode])),
    load: (data) => {
      for (const [id, mode] of Object.entries(SavedModes.parse(data))) setMode(id, mode);
    },
    reset: () => {
      for (const [id, mode] of seedModes) setMode(id, mode);
    },
  });

  app.patch(
    '/terminals/v1/setup',
    {
      config: { malformedBodyCode: 'json_syntax_error' },
      serializerCompiler: typedJsonSerializer,
      // The schema documents the body in OpenAPI; the handler parses it, so errors carry the platform's codes.
      validatorCompiler: () => (data) => ({ value: data }),
      schema: {
        tags: ['terminals'],
        summary: 'Change the operating mode of terminals (PDV or STANDALONE)',
        security: [{ bearer: [] }],
        body: TerminalSetupRequest,
        response: { 200: TerminalSetupResponse, 400: PlatformErrorBody, 401: PlatformErrorBody, 403: PlatformErrorBody },
      },
      onRequest: async (request) => {
        context.authenticate(request);
      },
    },
    (request) => {
      const principal = context.authenticate(request);
      const body = parseRequestShape(TerminalSetupRequest, request.body);
      for (const wanted of body.terminals) {
        const terminal = context.seed.terminals.find((candidate) => candidate.id === wanted.id);
        if (terminal === undefined || terminal.user_id !== principal.userId) {
          throw new SandboxError(403, 'forbidden_checking_terminal_owner', `The terminal ${wanted.id} does not belong to the caller.`, [
            { code: 'forbidden_checking_terminal_owner', description: `${wanted.id} is not a terminal of this user`, data: { property: 'terminals[].id' } },
          ]);
        }
      }
      for (const wanted of body.terminals) setMode(wanted.id, wanted.operating_mode);
      return { terminals: body.terminals.map((terminal) => ({ id: terminal.id, operating_mode: terminal.operating_mode })) };
    },
  );
}
