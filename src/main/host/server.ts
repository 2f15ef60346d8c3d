import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, realpath } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve, sep } from 'node:path';
import type { StartupNotice } from '../../shared/ipc/channels/app';
import { ContractErrorCode, type IpcResult } from '../../shared/ipc/define';
import type { AppCore } from '../core/app-core';
import { createDispatcher } from '../core/ipc/dispatch';
import { contentTypeOf } from '../core/security/app-protocol';
import { PAGE_SECURITY_HEADERS } from '../core/security/web-preferences';
import { withStartupNotices } from '../core/settings/startup-notices';
import { createHostHeaderCheck } from './host-header';

export interface BrowserHostOptions {
  core: AppCore;
  /** The built renderer (out/renderer). */
  rendererDirectory: string;
  port?: number;
  host?: string;
  /** Problems found while starting, added to app.info for the page to show. */
  startupNotices?: readonly StartupNotice[];
  onUnexpectedError?(channel: string, error: unknown): void;
}

export interface BrowserHost {
  /** The address to open, carrying the per-run token. */
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  close(): Promise<void>;
}

export const HOST_TOKEN_PARAM = 'counter-token';
export const HOST_TOKEN_HEADER = 'x-counter-token';
export const HOST_INVOKE_PREFIX = '/__counter/invoke/';
export const HOST_EVENTS_PATH = '/__counter/events';

/** Images up to the platform's 1 MB, Base64-encoded, plus room for the rest of the request. */
const MAX_BODY_BYTES = 4 * 1024 * 1024;

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

/** undefined for a malformed percent-encoding (`/%`), which is the client's mistake, not ours. */
function decodedPath(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
}

function failure(code: string, message: string): IpcResult<never> {
  return { ok: false, error: { code, message } };
}

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The browser host: the real renderer and the real main-process core, joined by loopback HTTP and
 * server-sent events instead of Electron IPC. Same contract, same dispatcher; a random per-run token
 * and an Origin check stand in for Electron's sender-frame check.
 */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const token = randomBytes(32).toString('base64url');
  const rendererRoot = await realpath(resolve(options.rendererDirectory));
  let origin = '';
  const dispatch = createDispatcher({
    handlers: withStartupNotices(options.core.handlers, options.startupNotices ?? []),
    language: options.core.language,
    guard: options.core.guard,
    isTrustedSender: (sender) => sender.url === origin,
    ...(options.onUnexpectedError === undefined ? {} : { onUnexpectedError: options.onUnexpectedError }),
  });
  const streams = new Set<ServerResponse>();
  const unsubscribe = options.core.events.subscribe((name, payload) => {
    const frame = `data: ${JSON.stringify({ name, payload })}\n\n`;
    for (const stream of streams) stream.write(frame);
  });

  async function serveStatic(pathname: string, response: ServerResponse): Promise<void> {
    const decoded = decodedPath(pathname);
    if (decoded === undefined) return sendJson(response, 400, failure(ContractErrorCode.invalidRequest, 'The address is not valid percent-encoding.'));
    const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
    const candidate = resolve(join(rendererRoot, relative));
    if (candidate !== rendererRoot && !candidate.startsWith(rendererRoot + sep)) {
      sendJson(response, 404, failure('not_found', 'Not found.'));
      return;
    }
    try {
      const file = await readFile(candidate);
      response.writeHead(200, {
        'content-type': contentTypeOf(candidate),
        'cache-control': 'no-store',
        ...PAGE_SECURITY_HEADERS,
      });
      response.end(file);
    } catch {
      sendJson(response, 404, failure('not_found', 'Not found.'));
    }
  }

  let isOwnHost: (hostHeader: string | undefined) => boolean = () => false;
  const server = createServer((request, response) => {
    void (async () => {
      if (!isOwnHost(request.headers.host))
        return sendJson(response, 421, failure('misdirected_request', 'This server answers only to its own loopback address.'));
      const url = new URL(request.url ?? '/', 'http://host.invalid');
      if (url.pathname.startsWith(HOST_INVOKE_PREFIX)) {
        if (request.method !== 'POST') return sendJson(response, 405, failure('method_not_allowed', 'Use POST.'));
        if (!sameSecret(String(request.headers[HOST_TOKEN_HEADER] ?? ''), token)) {
          return sendJson(response, 403, failure(ContractErrorCode.forbiddenSender, 'This page is not allowed to call Counter.'));
        }
        const body = await readBody(request);
        if (body === undefined) return sendJson(response, 413, failure(ContractErrorCode.invalidRequest, 'The request is too large.'));
        let payload: unknown;
        try {
          payload = body === '' ? {} : JSON.parse(body);
        } catch {
          return sendJson(response, 400, failure(ContractErrorCode.invalidRequest, 'The request is not valid JSON.'));
        }
        const channel = decodedPath(url.pathname.slice(HOST_INVOKE_PREFIX.length));
        if (channel === undefined) return sendJson(response, 400, failure(ContractErrorCode.invalidRequest, 'The channel is not valid percent-encoding.'));
        const result = await dispatch(channel, payload, { url: String(request.headers.origin ?? '') });
        return sendJson(response, 200, result);
      }
      if (url.pathname === HOST_EVENTS_PATH) {
        if (!sameSecret(url.searchParams.get(HOST_TOKEN_PARAM) ?? '', token)) {
          return sendJson(response, 403, failure(ContractErrorCode.forbiddenSender, 'This page is not allowed to listen to Counter.'));
        }
        response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
        response.write(': connected\n\n');
        streams.add(response);
        request.on('close', () => streams.delete(response));
        return;
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') return sendJson(response, 405, failure('method_not_allowed', 'Method not allowed.'));
      return serveStatic(url.pathname, response);
    })().catch((error: unknown) => {
      options.onUnexpectedError?.('host', error);
      if (!response.headersSent) sendJson(response, 500, failure(ContractErrorCode.internal, 'The browser host failed.'));
      else response.end();
    });
  });

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolveListen());
  });
  const address = server.address() as AddressInfo;
  isOwnHost = createHostHeaderCheck(options.host ?? '127.0.0.1', address.port);
  origin = `http://${options.host ?? '127.0.0.1'}:${address.port}`;
  return {
    url: `${origin}/?${HOST_TOKEN_PARAM}=${token}`,
    origin,
    token,
    async close() {
      unsubscribe();
      for (const stream of streams) stream.end();
      streams.clear();
      server.closeAllConnections();
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
    },
  };
}
