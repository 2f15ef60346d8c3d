import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createSystemClock, type Clock } from '../shared/clock';
import { DEFAULT_SEED, SeedData } from './accounts';
import type { PersistentSlice, SandboxContext } from './context';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandling, SandboxError } from './errors';
import { registerOAuth } from './oauth/routes';
import { DEFAULT_TOKEN_RATE_LIMIT, RateLimit } from './oauth/rate-limit';
import { registerControl, type FaultRule } from './control/routes';
import { registerTerminalList } from './terminal-list';
import { registerActions } from './actions/routes';
import { registerNotifications } from './notifications/routes';
import { registerPaymentSide } from './payment-side';
import { registerOrders } from './orders/routes';
import { fleetOf } from './terminals/routes';
import { documentingTransform } from './openapi';
import { installControlGuard, installHostGuard } from './exposure';
import { DEFAULT_SERVER_LIMITS, ServerLimits } from './server-limits';
import { JsonTooDeepError, jsonNestingDepth, MAX_JSON_DEPTH } from './json-depth';
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
  /** redirect_uri matched exactly, port included (spec 2.1), instead of any loopback port (RFC 8252); also PUT /__sandbox/oauth/redirect-policy. */
  strictRedirects?: boolean;
  /** Called when a request that may change state (any method but GET/HEAD) completes; the CLI saves --state then. */
  onStateMayHaveChanged?: () => void;
  /**
   * The address clients reach this sandbox at, for init_point links (default: the address it listens on).
   * Its host name is answered besides loopback names.
   */
  publicUrl?: string;
  /** Answer any Host name (CLI --allow-remote); by default only loopback names and publicUrl's host. */
  allowAnyHost?: boolean;
  /** Deliver notifications to hosts other than loopback (CLI --allow-remote-notifications). */
  allowRemoteNotifications?: boolean;
  /** Timeouts and the connection cap; default DEFAULT_SERVER_LIMITS. */
  limits?: Partial<ServerLimits>;
}

export type SandboxSnapshot = Record<string, unknown>;

export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
}

export interface Sandbox {
  readonly app: FastifyInstance;
  /** Every route as registered (Fastify's onRoute), HEAD included; the OpenAPI test checks the document against it. */
  readonly routes: readonly RegisteredRoute[];
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

/** The Fastify server with the sandbox's limits, JSON parser and route list; modules are registered by createSandbox. */
function createServer(logger: SandboxOptions['logger'], limits: ServerLimits, routes: RegisteredRoute[]) {
  const app = Fastify({
    logger: logger ?? false,
    // Without a logger, request logging is switched off outright rather than formatted for a no-op logger.
    logController: logger === undefined || logger === false ? new LogController({ disableRequestLogging: true }) : new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT_BYTES,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
    },
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.idleSocketTimeoutMs,
    // The official SDKs post to `/checkout/preferences/` (with a slash); the platform answers both spellings.
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestingDepth(body as string, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) done(new JsonTooDeepError(), undefined);
    else parseJson(request, body as string, done);
  });
  app.server.maxConnections = limits.maxConnections;
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) routes.push({ method, url: route.url });
  });
  return app;
}

export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const clock = options.clock ?? createSystemClock();
  const seed = SeedData.parse(options.seed ?? DEFAULT_SEED);
  const tokenRateLimit =
    options.tokenRateLimit === undefined ? DEFAULT_TOKEN_RATE_LIMIT : options.tokenRateLimit === null ? null : RateLimit.parse(options.tokenRateLimit);
  const slices = new Map<string, PersistentSlice>();
  const limits = ServerLimits.parse({ ...DEFAULT_SERVER_LIMITS, ...options.limits });

  const routes: RegisteredRoute[] = [];
  const app = createServer(options.logger, limits, routes);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  const publicUrl = options.publicUrl === undefined ? undefined : new URL(options.publicUrl);
  let listeningUrl: string | undefined;
  const extraHostnames = new Set<string>(publicUrl === undefined ? [] : [publicUrl.hostname.toLowerCase()]);
  installHostGuard(app, { allowedHostnames: () => (options.allowAnyHost === true ? 'any' : extraHostnames) });
  installControlGuard(app);
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
    transform: documentingTransform,
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
    // Never the request's Host header: a link built from it would point wherever the caller claimed (spec 4.2 init_point).
    baseUrlFor: (request) => publicUrl?.origin ?? listeningUrl ?? `${request.protocol}://localhost`,
    allowRemoteNotifications: options.allowRemoteNotifications === true,
  };

  const reset = (): void => {
    for (const slice of slices.values()) slice.reset();
    control.faults.reset();
  };

  // Control first: its onRequest hook (faults) must see every request, whatever module serves it.
  const control = registerControl(app, context, { initialFaults: options.faults ?? [], reset });
  registerOAuth(app, context, { rateLimit: tokenRateLimit, strictRedirects: options.strictRedirects ?? false });
  registerTerminalList(app, context);
  const actions = registerActions(app, context);
  const notifications = registerNotifications(app, context);
  const payments = registerPaymentSide(app, context, notifications);
  registerOrders(app, context, { actions, fleet: fleetOf(app), payments, notifications });

  registerIndexPage(app, context);
  app.get('/__sandbox/health', { schema: { tags: ['sandbox control'], summary: 'Liveness and the sandbox time' } }, () => ({
    status: 'ok',
    time: new Date(clock.now()).toISOString(),
  }));
  app.get('/__sandbox/openapi.json', { schema: { tags: ['sandbox control'], summary: 'This OpenAPI document' } }, () => app.swagger());

  await app.ready();

  if (options.state !== undefined) {
    for (const [name, data] of Object.entries(options.state)) slices.get(name)?.load(data);
  }

  const sandbox: Sandbox = {
    app,
    routes,
    context,
    async listen({ port = 0, host = '127.0.0.1' } = {}) {
      await app.listen({ port, host });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('sandbox is not listening on a TCP port');
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      listeningUrl = `http://${shownHost}:${address.port}`;
      // The interface it was asked to bind is its own name too (e.g. a LAN address with --allow-remote).
      extraHostnames.add(shownHost.toLowerCase());
      return listeningUrl;
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
