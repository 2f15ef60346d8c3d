import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createSystemClock, type Clock } from '../shared/clock';
import { DEFAULT_SEED, SeedData } from './accounts';
import type { PersistentSlice, SandboxContext } from './context';
import { installErrorHandling, SandboxError } from './errors';
import { registerOAuth } from './oauth/routes';
import { registerControl, type FaultRule } from './control/routes';
import { registerActions } from './actions/routes';
import { registerCheckout } from './checkout/routes';

export interface SandboxOptions {
  clock?: Clock;
  seed?: SeedData;
  faults?: FaultRule[];
  /** A snapshot from `snapshot()`, to continue where a previous run stopped (`--state FILE`). */
  state?: SandboxSnapshot;
  logger?: FastifyServerOptions['logger'];
}

export type SandboxSnapshot = Record<string, unknown>;

export interface Sandbox {
  readonly app: FastifyInstance;
  readonly context: SandboxContext;
  /** Starts listening and returns the base URL, e.g. http://127.0.0.1:3333 */
  listen(options?: { port?: number; host?: string }): Promise<string>;
  close(): Promise<void>;
  snapshot(): SandboxSnapshot;
  reset(): void;
}

/** Large enough that a 1 MB print content reaches the spec's own 400 message (7.2) instead of a transport 413. */
const BODY_LIMIT_BYTES = 8 * 1024 * 1024;

export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const clock = options.clock ?? createSystemClock();
  const seed = SeedData.parse(options.seed ?? DEFAULT_SEED);
  const slices = new Map<string, PersistentSlice>();

  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Counter sandbox of the payment platform', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  const context: SandboxContext = {
    clock,
    seed,
    authenticate: () => {
      throw new SandboxError(401, 'unauthorized', 'invalid access token');
    },
    registerSlice: (name, slice) => {
      slices.set(name, slice);
    },
    baseUrlFor: (request) => `${request.protocol}://${request.host}`,
  };

  registerOAuth(app, context);
  registerControl(app, context, options.faults ?? []);
  registerActions(app, context);
  registerCheckout(app, context);

  app.get('/__sandbox/health', { schema: { hide: true } }, () => ({ status: 'ok', time: new Date(clock.now()).toISOString() }));
  app.get('/__sandbox/openapi.json', { schema: { hide: true } }, () => app.swagger());

  if (options.state !== undefined) {
    for (const [name, data] of Object.entries(options.state)) slices.get(name)?.load(data);
  }

  await app.ready();

  const sandbox: Sandbox = {
    app,
    context,
    async listen({ port = 0, host = '127.0.0.1' } = {}) {
      await app.listen({ port, host });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('sandbox is not listening on a TCP port');
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return `http://${shownHost}:${address.port}`;
    },
    close: () => app.close(),
    snapshot() {
      const snapshot: SandboxSnapshot = {};
      for (const [name, slice] of slices) snapshot[name] = slice.save();
      return snapshot;
    },
    reset() {
      for (const slice of slices.values()) slice.reset();
    },
  };
  return sandbox;
}
