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

/** What the guard needs of a Host header: its name, and whether that name is loopback. */
interface HostVerdict {
  readonly hostname: string | undefined;
  readonly loopback: boolean;
}

/**
 * Clients send the same few Host values on every request; parsing each as a URL was about 3 % of a terminal list
 * request in the server's CPU profile. One lookup per request gives both the name and its loopback verdict.
 */
const HOSTNAME_CACHE_SIZE = 64;
const hostVerdicts = new Map<string, HostVerdict>();

/** The Host header read once per distinct value; bounded, since the header is whatever a client sends. */
function verdictOf(hostHeader: string): HostVerdict {
  let verdict = hostVerdicts.get(hostHeader);
  if (verdict === undefined) {
    const hostname = parseHostname(hostHeader);
    verdict = { hostname, loopback: hostname !== undefined && isLoopbackHostname(hostname) };
    if (hostVerdicts.size >= HOSTNAME_CACHE_SIZE) hostVerdicts.clear();
    hostVerdicts.set(hostHeader, verdict);
  }
  return verdict;
}

/** The Host header's name (lower case), or undefined when it is not a host name at all. */
export function hostnameOf(hostHeader: string): string | undefined {
  return verdictOf(hostHeader).hostname;
}

export interface HostPolicy {
  /** Extra Host names answered besides loopback (the public URL's and the bound interface's); 'any' with --allow-remote. */
  allowedHostnames: () => ReadonlySet<string> | 'any';
}

/**
 * Both guards in one onRequest hook: every request passes them, and each hook Fastify runs costs a call and
 * a continuation per request.
 */
export function installExposureGuards(app: FastifyInstance, policy: HostPolicy): void {
  app.addHook('onRequest', (request, reply, done) => {
    const refusal = hostRefusal(request, policy) ?? controlRefusal(request);
    if (refusal === undefined) return done();
    void sendError(reply, refusal);
  });
}

/**
 * DNS rebinding: a page on evil.example whose name is made to resolve to 127.0.0.1 reaches this server
 * with `Host: evil.example`; it gets 421 instead of an answer it could read.
 */
function hostRefusal(request: FastifyRequest, policy: HostPolicy): SandboxError | undefined {
  const allowed = policy.allowedHostnames();
  if (allowed === 'any') return undefined;
  const { hostname, loopback } = verdictOf(request.host);
  if (loopback || (hostname !== undefined && allowed.has(hostname))) return undefined;
  return new SandboxError(421, 'misdirected_request', `This sandbox does not answer for the host "${request.host}"; use its own address (e.g. 127.0.0.1).`);
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
function controlRefusal(request: FastifyRequest): SandboxError | undefined {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.url.startsWith(CONTROL_PREFIX)) return undefined;
  if (request.headers[CONTROL_HEADER] !== undefined) return undefined;
  const type = mediaType(request);
  if (type !== undefined && type !== 'application/json') {
    return new SandboxError(415, 'unsupported_media_type', `Control requests take application/json (or the ${CONTROL_HEADER} header), not "${type}".`);
  }
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `${request.protocol}://${request.host}`) {
    return new SandboxError(403, 'forbidden', `Control requests from another origin (${origin}) are refused.`);
  }
  return undefined;
}
