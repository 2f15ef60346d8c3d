import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createSystemClock, type Clock } from '../shared/clock';
import { DEFAULT_SEED, SeedData } from './accounts';
import type { PersistentSlice, SandboxContext } from './context';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandling, SandboxError } from './errors';
import { registerOAuth } from './oauth/routes';
import { DEFAULT_TOKEN_RATE_LIMIT, RateLimit } from './oauth/rate-limit';
import { registerControl, type FaultRule } from './control/routes';
import { registerTerminalList } from './terminal-list';
import { registerActions } from './actions/routes';
import { checkoutServices, registerCheckout } from './checkout/routes';
import { registerOrders } from './orders/routes';
import { fleetOf } from './terminals/routes';
import { registerIndexPage } from './index-page';

export interface SandboxOptions {
  clock?: Clock;
  /** Accounts of this platform; default DEFAULT_SEED. Validated with the SeedData schema. */
  seed?: SeedData;
  /** Fault rules active from the start (and again after a reset). */
  faults?: FaultRule[];
  /** A snapshot from `snapshot()`, to continue where a previous run stopped (`--state FILE`). */
  state?: SandboxSnapshot;
  /** Fastify logger settings. When on, each request is logged as one line when it completes. */
  logger?: FastifyServerOptions['logger'];
  /** Spec 7.1 local_rate_limited: per-application token bucket of POST /oauth/token; `null` disables it. */
  tokenRateLimit?: RateLimit | null;
  /** Called when a request that may change state (any method but GET/HEAD) completes; the CLI saves --state then. */
  onStateMayHaveChanged?: () => void;
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

/** One line per request, written when it completes (the CLI's access log); Fastify's default is two. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}
  override routeNotFound(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    const message = `${request.method} ${request.url} ${reply.statusCode}`;
    if (error) reply.log.error({ ...line, err: error }, message);
    else reply.log.info(line, message);
  }
}

/** Large enough that a 1 MB print content reaches the spec's own 400 message (7.2) instead of a transport 413. */
const BODY_LIMIT_BYTES = 8 * 1024 * 1024;
/** How long close() lets requests in progress finish before it closes every connection. */
const CLOSE_GRACE_MS = 1_000;

export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const clock = options.clock ?? createSystemClock();
  const seed = SeedData.parse(options.seed ?? DEFAULT_SEED);
  const tokenRateLimit = options.tokenRateLimit === undefined ? DEFAULT_TOKEN_RATE_LIMIT : options.tokenRateLimit === null ? null : RateLimit.parse(options.tokenRateLimit);
  const slices = new Map<string, PersistentSlice>();

  const app = Fastify({
    logger: options.logger ?? false,
    // Without a logger, request logging is switched off outright rather than formatted for a no-op logger.
    logController: options.logger === undefined || options.logger === false ? new LogController({ disableRequestLogging: true }) : new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // While closing, answers tell keep-alive clients to hang up; otherwise a request still in flight when
  // close() began (e.g. one held by a delay fault) leaves an idle socket that close() waits on forever.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
  const onChange = options.onStateMayHaveChanged;
  if (onChange !== undefined) {
    app.addHook('onResponse', (request, _reply, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') onChange();
      done();
    });
  }

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
    // Replaced by registerOAuth below before any other module registers.
    authenticate: () => {
      throw new SandboxError(401, 'unauthorized', 'invalid access token');
    },
    registerSlice: (name, slice) => {
      slices.set(name, slice);
    },
    baseUrlFor: (request) => `${request.protocol}://${request.host}`,
  };

  const reset = (): void => {
    for (const slice of slices.values()) slice.reset();
    control.faults.reset();
  };

  // Control first: its onRequest hook (faults) must see every request, whatever module serves it.
  const control = registerControl(app, context, { initialFaults: options.faults ?? [], reset });
  registerOAuth(app, context, { rateLimit: tokenRateLimit });
  registerTerminalList(app, context);
  const actions = registerActions(app, context);
  registerCheckout(app, context);
  registerOrders(app, context, { actions, fleet: fleetOf(app), checkout: checkoutServices(app) });

  registerIndexPage(app, context);
  app.get('/__sandbox/health', { schema: { hide: true } }, () => ({ status: 'ok', time: new Date(clock.now()).toISOString() }));
  app.get('/__sandbox/openapi.json', { schema: { hide: true } }, () => app.swagger());

  await app.ready();

  if (options.state !== undefined) {
    for (const [name, data] of Object.entries(options.state)) slices.get(name)?.load(data);
  }

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
    async close() {
      const closing = app.close();
      // A connection a client opened without sending a request yet (undici can leave one behind, as after an
      // aborted call) is busy to Node, not idle, and would hold close() until the 60 s headers timeout; after a
      // short grace for requests still being answered, every connection goes.
      const force = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
      try {
        await closing;
      } finally {
        clearTimeout(force);
      }
    },
    snapshot() {
      const snapshot: SandboxSnapshot = {};
      for (const [name, slice] of slices) snapshot[name] = slice.save();
      return snapshot;
    },
    reset,
  };
  return sandbox;
}
