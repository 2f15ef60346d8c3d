import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SandboxError, sendError } from './errors';

/**
 * Who may reach the sandbox, and how (docs/decisions.md, "Sandbox exposure"). It holds live tokens and a
 * control API that can wipe them, so by default it answers only loopback names, and control changes only
 * from clients that are not another site's page in a browser.
 */

const LOOPBACK_NAMES = new Set(['localhost', '[::1]', '::1']);

/** A loopback host by name: localhost, ::1 or 127.0.0.0/8. No DNS: a name that resolves to loopback is not one. */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return LOOPBACK_NAMES.has(name) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

function parseHostname(hostHeader: string): string | undefined {
  try {
    return new URL(`http://${hostHeader}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Clients send the same few Host values on every request; parsing each as a URL was about 3 % of a terminal list request in the server's CPU profile. */
const HOSTNAME_CACHE_SIZE = 64;
const hostnames = new Map<string, string | undefined>();

/** The Host header's name, parsed once per distinct value; bounded, since the header is whatever a client sends. */
export function hostnameOf(hostHeader: string): string | undefined {
  if (hostnames.has(hostHeader)) return hostnames.get(hostHeader);
  const hostname = parseHostname(hostHeader);
  if (hostnames.size >= HOSTNAME_CACHE_SIZE) hostnames.clear();
  hostnames.set(hostHeader, hostname);
  return hostname;
}

export interface HostPolicy {
  /** Extra Host names answered besides loopback (the public URL's and the bound interface's); 'any' with --allow-remote. */
  allowedHostnames: () => ReadonlySet<string> | 'any';
}

/**
 * DNS rebinding: a page on evil.example whose name is made to resolve to 127.0.0.1 reaches this server
 * with `Host: evil.example`; it gets 421 instead of an answer it could read.
 */
export function installHostGuard(app: FastifyInstance, policy: HostPolicy): void {
  app.addHook('onRequest', (request, reply, done) => {
    const allowed = policy.allowedHostnames();
    if (allowed === 'any') return done();
    const hostname = hostnameOf(request.host);
    if (hostname !== undefined && (isLoopbackHostname(hostname) || allowed.has(hostname))) return done();
    void sendError(
      reply,
      new SandboxError(421, 'misdirected_request', `This sandbox does not answer for the host "${request.host}"; use its own address (e.g. 127.0.0.1).`),
    );
  });
}

const CONTROL_PREFIX = '/__sandbox/';
/** Sent by the sandbox's own pages; a cross-origin page cannot add it without a CORS preflight, which is never allowed. */
export const CONTROL_HEADER = 'x-sandbox-control';

function mediaType(request: FastifyRequest): string | undefined {
  const header = request.headers['content-type'];
  return header === undefined ? undefined : (header.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * A control request that changes state (any method but GET/HEAD) is refused when it could come from
 * another site's page without a preflight: a body in a form or text type (the CORS-safelisted ones), or
 * an Origin other than this server's. Node clients send neither, JSON needs a preflight.
 */
export function installControlGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD' || !request.url.startsWith(CONTROL_PREFIX)) return done();
    if (request.headers[CONTROL_HEADER] !== undefined) return done();
    const type = mediaType(request);
    if (type !== undefined && type !== 'application/json') {
      return void sendError(
        reply,
        new SandboxError(415, 'unsupported_media_type', `Control requests take application/json (or the ${CONTROL_HEADER} header), not "${type}".`),
      );
    }
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
      return void sendError(reply, new SandboxError(403, 'forbidden', `Control requests from another origin (${origin}) are refused.`));
    }
    done();
  });
}
