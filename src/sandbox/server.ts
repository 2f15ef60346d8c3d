import swagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandling } from './errors';
import { installExposureGuards } from './exposure';
import { JsonTooDeepError, jsonNestingDepth, MAX_JSON_DEPTH } from './json-depth';
import { documentingTransform } from './openapi';
import { requestIdSource } from './request-id';
import type { ServerLimits } from './server-limits';

/** The HTTP server the areas register on: limits, the JSON parser, guards, error shapes, the OpenAPI document, listen and close. */

export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
}

export interface ServerSettings {
  /** Fastify logger settings. When on, each request is logged as one line when it completes. */
  readonly logger: FastifyServerOptions['logger'] | undefined;
  readonly limits: ServerLimits;
  /** The address clients reach this sandbox at; its host name is answered besides loopback names. */
  readonly publicUrl: URL | undefined;
  /** Answer any Host name (CLI --allow-remote). */
  readonly allowAnyHost: boolean;
  /** Called when a request that may change state (any method but GET/HEAD) completes. */
  readonly onStateMayHaveChanged: (() => void) | undefined;
}

export interface SandboxServer {
  readonly app: FastifyInstance;
  /** Every route as registered (Fastify's onRoute), HEAD included. */
  readonly routes: readonly RegisteredRoute[];
  /** Where this sandbox is reached: its public address, else where it listens (undefined until it does). */
  baseUrl(): string | undefined;
  listen(options?: { port?: number; host?: string }): Promise<string>;
  close(): Promise<void>;
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

export async function createSandboxServer(settings: ServerSettings): Promise<SandboxServer> {
  const routes: RegisteredRoute[] = [];
  const app = createFastify(settings.logger, settings.limits, routes);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  let listeningUrl: string | undefined;
  const extraHostnames = new Set<string>(settings.publicUrl === undefined ? [] : [settings.publicUrl.hostname.toLowerCase()]);
  installExposureGuards(app, { allowedHostnames: () => (settings.allowAnyHost ? 'any' : extraHostnames) });
  installRequestHooks(app, settings.onStateMayHaveChanged);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Counter sandbox of the payment platform', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: documentingTransform,
  });

  return {
    app,
    routes,
    baseUrl: () => settings.publicUrl?.origin ?? listeningUrl,
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
  };
}

/** The Fastify server with the sandbox's limits, JSON parser and route list. */
function createFastify(logger: ServerSettings['logger'], limits: ServerLimits, routes: RegisteredRoute[]) {
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
    // The official SDKs send Content-Type: application/json on a POST or PUT without a body (a cancel, a
    // capture); the platform reads that as no body, not as malformed JSON.
    if ((body as string).trim() === '') done(null, undefined);
    else if (jsonNestingDepth(body as string, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) done(new JsonTooDeepError(), undefined);
    else parseJson(request, body as string, done);
  });
  app.server.maxConnections = limits.maxConnections;
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) routes.push({ method, url: route.url });
  });
  return app;
}

function installRequestHooks(app: FastifyInstance, onStateMayHaveChanged: (() => void) | undefined): void {
  // While closing, answers tell keep-alive clients to hang up; otherwise a request still in flight when
  // close() began (e.g. one held by a delay fault) leaves an idle socket that close() waits on forever.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  const nextRequestId = requestIdSource();
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    // Every answer names itself, as the platform's do, so a client's log line can be matched with the server's records.
    if (!reply.hasHeader('x-request-id')) void reply.header('x-request-id', nextRequestId());
    done(null, payload);
  });
  if (onStateMayHaveChanged !== undefined) {
    app.addHook('onResponse', (request, _reply, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') onStateMayHaveChanged();
      done();
    });
  }
}
