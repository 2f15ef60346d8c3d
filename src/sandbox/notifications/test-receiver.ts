import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A merchant's notification endpoint on loopback, for tests and benchmarks: records every request and
 * answers from a script (a status, a redirect, or no answer at all), then with a default.
 */

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A status code, `'hang'` (never answer: the sender must time out), or a custom handler. */
export type ReceiverBehavior = number | 'hang' | ((request: ReceivedRequest, response: ServerResponse) => void);

export interface Receiver {
  readonly url: string;
  readonly requests: ReceivedRequest[];
  /** Answers for the next requests, in order; afterwards `fallback` answers. */
  script(...behaviors: ReceiverBehavior[]): void;
  fallback: ReceiverBehavior;
  /** Highest number of requests that were open at once. */
  readonly maxConcurrent: number;
  /** Resolves when `count` requests in total have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(options: { fallback?: ReceiverBehavior; delayMs?: number } = {}): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const queue: ReceiverBehavior[] = [];
  let open = 0;
  let maxConcurrent = 0;
  let waiters: Array<{ count: number; resolve: () => void }> = [];

  const server = createServer((request, response) => {
    open++;
    maxConcurrent = Math.max(maxConcurrent, open);
    response.on('close', () => open--);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://receiver');
      const received: ReceivedRequest = {
        method: request.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(received);
      const behavior = queue.shift() ?? receiver.fallback;
      const answer = (): void => {
        if (behavior === 'hang') return;
        if (typeof behavior === 'function') {
          behavior(received, response);
          return;
        }
        if (behavior >= 300 && behavior < 400) response.setHeader('location', '/elsewhere');
        response.statusCode = behavior;
        response.end(behavior === 204 || behavior === 304 ? undefined : 'ok');
      };
      if (options.delayMs !== undefined && options.delayMs > 0) setTimeout(answer, options.delayMs);
      else answer();
      waiters = waiters.filter((waiter) => {
        if (requests.length < waiter.count) return true;
        waiter.resolve();
        return false;
      });
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}`,
    requests,
    fallback: options.fallback ?? 200,
    get maxConcurrent() {
      return maxConcurrent;
    },
    script: (...behaviors) => queue.push(...behaviors),
    waitFor(count, timeoutMs = 5_000) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver got ${requests.length} of ${count} requests`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receiver;
}
