import type { Clock } from '../../../shared/clock';
import type { Http, Logger } from '../ports';

/** One request to the platform as support sees it: never a body, a query or a header besides the request id. */
export interface PlatformCall {
  at: string;
  method: string;
  path: string;
  /** 0 when nothing answered. */
  status: number;
  durationMs: number;
  /** The platform's `x-request-id`, which its own records are keyed by; null when it sent none. */
  requestId: string | null;
  error: string | null;
}

export const PLATFORM_CALLS_KEPT = 200;

export interface PlatformCallRecorder {
  /** The Http port, each request logged and remembered. */
  readonly http: Http;
  /** The last calls, oldest first. */
  recent(): PlatformCall[];
}

/**
 * Wraps the core's Http port: every attempt (retries included) is one log line with the platform's
 * request id, and the last {@link PLATFORM_CALLS_KEPT} stay in memory for the diagnostics bundle.
 */
export function recordPlatformCalls(http: Http, options: { clock: Clock; logger: Logger; capacity?: number }): PlatformCallRecorder {
  const capacity = options.capacity ?? PLATFORM_CALLS_KEPT;
  const ring: PlatformCall[] = [];
  let next = 0;
  const remember = (call: PlatformCall): void => {
    if (ring.length < capacity) ring.push(call);
    else ring[next] = call;
    next = (next + 1) % capacity;
  };
  const wrapped: Http = async (url, init) => {
    const started = options.clock.now();
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = pathOf(url);
    const finish = (status: number, requestId: string | null, error: string | null): void => {
      const call: PlatformCall = { at: new Date(started).toISOString(), method, path, status, durationMs: options.clock.now() - started, requestId, error };
      remember(call);
      const { at: _at, ...fields } = call;
      if (error === null && status < 500) options.logger.info('platform call', fields);
      else options.logger.warn('platform call', fields);
    };
    try {
      const response = await http(url, init);
      finish(response.status, response.headers.get('x-request-id'), null);
      return response;
    } catch (error) {
      finish(0, null, error instanceof Error ? error.name : 'error');
      throw error;
    }
  };
  return {
    http: wrapped,
    recent: () => (ring.length < capacity ? [...ring] : [...ring.slice(next), ...ring.slice(0, next)]),
  };
}

/** The path alone: a query can carry a reference or a code, and support only needs the endpoint. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '(unparsable url)';
  }
}
