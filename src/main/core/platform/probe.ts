import { NO_HTTP_STATUS, PlatformError } from './errors';
import type { CallOptions, PlatformTransport } from './transport';

/** Whether anything answered the probe; `detail` says why not, for the connection indicator. */
export type ProbeResult = { reachable: true } | { reachable: false; code: string; detail: string };

/** The connection indicator's question is quick: one attempt, answered within seconds or not at all. */
const PROBE_OPTIONS: Readonly<CallOptions> = { maxAttempts: 1, timeoutMs: 5_000 };

/**
 * Whether the platform answers at all, without a token. The spec names no health endpoint, so the
 * platform's root is asked, and the embedded sandbox's own health route (docs/decisions.md, App).
 */
export function createProbe(transport: PlatformTransport) {
  return async function probe(target: 'platform' | 'sandbox', options?: CallOptions): Promise<ProbeResult> {
    const path = target === 'sandbox' ? '/__sandbox/health' : '/';
    try {
      await transport.request({
        method: 'GET',
        path,
        authenticated: false,
        idempotent: false,
        response: { kind: 'empty' },
        options: { ...PROBE_OPTIONS, ...options },
      });
      return { reachable: true };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      // Any HTTP answer means the platform is reachable; whether our token is good is the credentials' business.
      if (error.status !== NO_HTTP_STATUS) return { reachable: true };
      return { reachable: false, code: error.code, detail: error.detail };
    }
  };
}
