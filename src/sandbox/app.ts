import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { createSystemClock, type Clock } from '../shared/clock';
import { DEFAULT_SEED, SeedData } from './accounts';
import { registerActions } from './actions/routes';
import { registerCatalog } from './catalog/routes';
import type { SandboxContext } from './context';
import { registerSubscriptions } from './subscriptions/routes';
import { registerControl, type FaultRule } from './control/routes';
import { SandboxError } from './errors';
import { registerIndexPage } from './index-page';
import { registerNotifications } from './notifications/routes';
import { DEFAULT_TOKEN_RATE_LIMIT, RateLimit } from './oauth/rate-limit';
import { registerOAuth } from './oauth/routes';
import { registerOrders } from './orders/routes';
import { registerPaymentSide } from './payment-side';
import { createSandboxServer, type RegisteredRoute, type SandboxServer } from './server';
import { DEFAULT_SERVER_LIMITS, ServerLimits } from './server-limits';
import { Slices } from './slices';
import { registerTerminalList } from './terminal-list';

export type { RegisteredRoute } from './server';

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

/**
 * The composition root: the server, the context every area shares, and the areas, each registering its
 * routes and its part of the state. What each area does lives in its folder.
 */
export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  // Options are checked before anything starts, so a bad seed or limit leaves nothing behind.
  const seed = SeedData.parse(options.seed ?? DEFAULT_SEED);
  const tokenRateLimit = tokenRateLimitOf(options);
  const limits = ServerLimits.parse({ ...DEFAULT_SERVER_LIMITS, ...options.limits });
  const server = await createSandboxServer({
    logger: options.logger,
    limits,
    publicUrl: options.publicUrl === undefined ? undefined : new URL(options.publicUrl),
    allowAnyHost: options.allowAnyHost === true,
    onStateMayHaveChanged: options.onStateMayHaveChanged,
  });
  const { app } = server;
  const slices = new Slices();
  const context = createContext(options, seed, server, slices);
  const reset = (): void => {
    slices.reset();
    control.faults.reset();
  };

  // Control first: its onRequest hook (faults) must see every request, whatever module serves it.
  const control = registerControl(app, context, { initialFaults: options.faults ?? [], reset });
  registerOAuth(app, context, { rateLimit: tokenRateLimit, strictRedirects: options.strictRedirects ?? false });
  registerTerminalList(app, context);
  registerCatalog(app, context);
  registerSubscriptions(app, context);
  const { service: actions, fleet } = registerActions(app, context);
  const notifications = registerNotifications(app, context);
  const payments = registerPaymentSide(app, context, notifications);
  registerOrders(app, context, { actions, fleet, payments, notifications });
  registerIndexPage(app, context);
  registerSandboxInfo(app, context.clock);

  await app.ready();
  if (options.state !== undefined) slices.load(options.state);
  return { app, routes: server.routes, context, listen: (where) => server.listen(where), close: () => server.close(), snapshot: () => slices.save(), reset };
}

function createContext(options: SandboxOptions, seed: SeedData, server: SandboxServer, slices: Slices): SandboxContext {
  return {
    clock: options.clock ?? createSystemClock(),
    seed,
    // Replaced by registerOAuth before any other module registers.
    authenticate: () => {
      throw new SandboxError(401, 'unauthorized', 'invalid access token');
    },
    registerSlice: (name, slice) => slices.register(name, slice),
    // Never the request's Host header: a link built from it would point wherever the caller claimed (spec 4.2 init_point).
    baseUrlFor: (request) => server.baseUrl() ?? `${request.protocol}://localhost`,
    allowRemoteNotifications: options.allowRemoteNotifications === true,
  };
}

function tokenRateLimitOf(options: SandboxOptions): RateLimit | null {
  if (options.tokenRateLimit === undefined) return DEFAULT_TOKEN_RATE_LIMIT;
  return options.tokenRateLimit === null ? null : RateLimit.parse(options.tokenRateLimit);
}

/** Liveness with the sandbox time, and the OpenAPI document of every route. */
function registerSandboxInfo(app: FastifyInstance, clock: Clock): void {
  app.get('/__sandbox/health', { schema: { tags: ['sandbox control'], summary: 'Liveness and the sandbox time' } }, () => ({
    status: 'ok',
    time: new Date(clock.now()).toISOString(),
  }));
  app.get('/__sandbox/openapi.json', { schema: { tags: ['sandbox control'], summary: 'This OpenAPI document' } }, () => app.swagger());
}
