import type { z } from 'zod';
import type { Clock } from '../../../shared/clock';
import type { Http } from '../ports';
import { NO_HTTP_STATUS, PlatformError } from './errors';
import { abortError } from './retry';

export type ResponseSpec<T> = { kind: 'json'; schema: z.ZodType<T> } | { kind: 'empty' };

/** One attempt: an HTTP answer of any status, or a PlatformError with status 0 for no answer. */
export async function attempt(
  http: Http,
  clock: Clock,
  request: { url: string; init: RequestInit; timeoutMs: number; signal: AbortSignal | undefined },
): Promise<{ response: Response; text: string }> {
  const { timeoutMs, signal: outerSignal } = request;
  const controller = new AbortController();
  let timedOut = false;
  const timer = clock.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = (): void => controller.abort();
  outerSignal?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    const response = await http(request.url, { ...request.init, signal: controller.signal });
    // The body is read under the same timeout: a server that stalls mid-body is as dead as a silent one.
    const text = await response.text();
    return { response, text };
  } catch (error) {
    if (outerSignal?.aborted) throw abortError(outerSignal);
    if (timedOut) throw new PlatformError({ status: NO_HTTP_STATUS, code: 'timeout', detail: `no answer within ${timeoutMs} ms` });
    throw new PlatformError({
      status: NO_HTTP_STATUS,
      code: 'network_error',
      detail: error instanceof Error ? `${error.message}${causeText(error)}` : String(error),
    });
  } finally {
    clock.clearTimeout(timer);
    outerSignal?.removeEventListener('abort', onOuterAbort);
  }
}

/**
 * A request handed to fetch now whose body (its length declared) is released once `ready` resolves; if
 * it rejects, the body stream fails and the request is abandoned unfinished.
 */
export function heldBodyInit(method: string, headers: Record<string, string>, bodyText: string, ready: Promise<unknown>): RequestInit {
  const bytes = new TextEncoder().encode(bodyText);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await ready;
      controller.enqueue(bytes);
      controller.close();
    },
  });
  // `duplex` is required by fetch for a streamed body; Node's RequestInit type does not declare it yet everywhere.
  const init: RequestInit & { duplex: 'half' } = { method, headers: { ...headers, 'Content-Length': String(bytes.byteLength) }, body, duplex: 'half' };
  return init;
}

export function parseSuccess<T>(spec: ResponseSpec<T>, status: number, text: string): T {
  if (spec.kind === 'empty') return undefined as T;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new PlatformError({ status, code: 'invalid_response', retryable: false, detail: `not JSON: ${text.slice(0, 200)}` });
  }
  const parsed = spec.schema.safeParse(json);
  if (!parsed.success) {
    throw new PlatformError({
      status,
      code: 'invalid_response',
      retryable: false,
      detail: parsed.error.issues
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ')
        .slice(0, 500),
    });
  }
  return parsed.data;
}

function causeText(error: Error): string {
  const cause: unknown = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? ` (${cause.message})` : '';
}
