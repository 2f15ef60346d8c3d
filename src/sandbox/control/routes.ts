import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock, ManualClock } from '../../shared/clock';
import { PlatformErrorBody } from '../../shared/platform/errors';
import { SeedData } from '../accounts';
import type { SandboxContext } from '../context';
import { SandboxError } from '../errors';
import { ActiveFault, FaultInjector, FaultRule } from './faults';

export { ActiveFault, FaultInjector, FaultRule } from './faults';

export function isManualClock(clock: Clock): clock is ManualClock {
  const candidate = clock as Partial<ManualClock>;
  return typeof candidate.advance === 'function' && typeof candidate.set === 'function';
}

/** Ten years: far beyond any lifetime in the spec (180 days), and keeps Date arithmetic sane. */
const MAX_ADVANCE_SECONDS = 10 * 366 * 24 * 60 * 60;

const ClockState = z.object({ now: z.string(), epoch_ms: z.number(), manual: z.boolean() });
const SavedClock = z.object({ epoch_ms: z.number().int() });

export interface ControlModule {
  readonly faults: FaultInjector;
}

/**
 * The control API under /__sandbox, for tests and integrators: accounts, the clock, scripted faults,
 * reset. Never faulted itself. (OAuth's control routes live with OAuth: oauth/routes.ts.)
 */
export function registerControl(
  app: FastifyInstance,
  context: SandboxContext,
  options: { initialFaults: readonly FaultRule[]; reset: () => void },
): ControlModule {
  const faults = new FaultInjector(context.clock, options.initialFaults);
  faults.install(app);
  // preClose, not onClose: the server waits for in-flight requests before onClose, and a held one would never finish.
  app.addHook('preClose', (done) => {
    faults.releaseAll();
    done();
  });

  const clock = context.clock;
  if (isManualClock(clock)) {
    // A manual clock's time is state too: after a restart, tokens minted "later" must not look like the future.
    context.registerSlice('clock', {
      save: () => ({ epoch_ms: clock.now() }),
      load: (data) => {
        const saved = SavedClock.safeParse(data);
        if (saved.success) clock.set(saved.data.epoch_ms);
      },
      reset: () => undefined,
    });
  }

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sandbox control'];

  typed.get(
    '/__sandbox/accounts',
    { schema: { tags, summary: 'Seeded applications (with secrets), users and terminals', response: { 200: SeedData } } },
    () => context.seed,
  );

  const clockState = (): z.infer<typeof ClockState> => ({ now: new Date(clock.now()).toISOString(), epoch_ms: clock.now(), manual: isManualClock(clock) });
  typed.get('/__sandbox/clock', { schema: { tags, summary: 'Current sandbox time', response: { 200: ClockState } } }, clockState);

  typed.post(
    '/__sandbox/clock/advance',
    {
      schema: {
        tags,
        summary: 'Move a manual clock forward, firing timers that fall due',
        body: z.strictObject({ seconds: z.number().min(0).max(MAX_ADVANCE_SECONDS) }),
        response: { 200: ClockState, 409: PlatformErrorBody },
      },
    },
    async (request) => {
      if (!isManualClock(clock)) {
        throw new SandboxError(
          409,
          'clock_not_manual',
          'This sandbox runs on the system clock; start it with a manual clock (CLI: --manual-clock) to move time.',
        );
      }
      await clock.advance(Math.round(request.body.seconds * 1000));
      return clockState();
    },
  );

  const FaultList = z.object({ faults: z.array(ActiveFault) });
  typed.get('/__sandbox/faults', { schema: { tags, summary: 'Active fault rules', response: { 200: FaultList } } }, () => ({ faults: faults.list() }));

  typed.post(
    '/__sandbox/faults',
    {
      schema: {
        tags,
        summary: 'Add fault rules (one rule or an array)',
        body: z.union([FaultRule, z.array(FaultRule).min(1).max(100)]),
        response: { 201: FaultList, 400: PlatformErrorBody },
      },
    },
    (request, reply) => {
      const rules = Array.isArray(request.body) ? request.body : [request.body];
      // Parsed already; re-adding through add() keeps one code path for options.faults and this route.
      const added = rules.map((rule) => faults.add(rule));
      void reply.code(201);
      return { faults: added };
    },
  );

  typed.delete('/__sandbox/faults', { schema: { tags, summary: 'Remove every fault rule', response: { 200: z.object({ cleared: z.number() }) } } }, () => ({
    cleared: faults.clear(),
  }));

  typed.delete(
    '/__sandbox/faults/:id',
    {
      schema: {
        tags,
        summary: 'Remove one fault rule',
        params: z.object({ id: z.string() }),
        response: { 200: z.object({ removed: z.string() }), 404: PlatformErrorBody },
      },
    },
    (request) => {
      if (!faults.remove(request.params.id)) throw new SandboxError(404, 'not_found', `No fault rule ${request.params.id}.`);
      return { removed: request.params.id };
    },
  );

  typed.post(
    '/__sandbox/reset',
    {
      schema: {
        tags,
        summary: 'Every module back to its seed state; faults back to the initial rules',
        response: { 200: z.object({ reset: z.literal(true) }) },
      },
    },
    () => {
      options.reset();
      return { reset: true as const };
    },
  );

  return { faults };
}
