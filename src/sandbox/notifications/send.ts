import { performance } from 'node:perf_hooks';
import { isLoopbackHostname } from '../exposure';
import type { AttemptOutcome } from './records';

/** One request to a receiver, cut after the acknowledgement wait, and what it came to. */

export interface SendOptions {
  fetch: typeof globalThis.fetch;
  /** Spec 6.3: 22 s. Real time: a fetch cannot follow a fake clock. */
  ackTimeoutMs: number;
  /** Deliver to hosts other than loopback too (docs/decisions.md, "Sandbox exposure"). */
  allowRemoteTargets: boolean;
  /** Where the request's controller waits while it is out, so a stop() can abort it. */
  inFlight: Set<AbortController>;
}

export interface Sent {
  statusCode: number | null;
  error: string | null;
  outcome: AttemptOutcome;
  durationMs: number;
}

export async function send(target: URL, init: RequestInit, options: SendOptions): Promise<Sent> {
  // One controller per request, aborted by the acknowledgement timer or by stop(); a real timer, see above.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.ackTimeoutMs);
  timer.unref();
  options.inFlight.add(controller);
  const started = performance.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  let outcome: AttemptOutcome;
  const loopback = isLoopbackHostname(target.hostname);
  try {
    // The sandbox is no proxy into the network it runs in: only loopback receivers unless allowed.
    if (!loopback && !options.allowRemoteTargets) throw new RemoteTargetRefused(target.hostname);
    // redirect: 'manual', so a 302 is the receiver's answer (not an acknowledgement), not a hop elsewhere.
    const response = await options.fetch(target, { ...init, redirect: 'manual', signal: controller.signal });
    statusCode = response.status;
    outcome = statusCode === 200 || statusCode === 201 ? 'acknowledged' : 'not_acknowledged';
    if (outcome === 'not_acknowledged') error = `HTTP ${statusCode} is not an acknowledgement (200 or 201)`;
    // Drained so the keep-alive connection is reused; a body that never ends is cut by the same timeout.
    await response.arrayBuffer().catch(() => undefined);
  } catch (caught) {
    if (timedOut) {
      outcome = 'timeout';
      error = `no answer within ${options.ackTimeoutMs} ms`;
    } else {
      outcome = 'network_error';
      // Another host's resolver and socket errors say what lies on that network; the log keeps them to loopback.
      error = caught instanceof RemoteTargetRefused ? caught.message : loopback ? describeNetworkError(caught) : 'the receiver could not be reached';
    }
  }
  clearTimeout(timer);
  options.inFlight.delete(controller);
  return { statusCode, error, outcome, durationMs: Math.round((performance.now() - started) * 10) / 10 };
}

class RemoteTargetRefused extends Error {
  constructor(hostname: string) {
    super(`not sent: ${hostname} is not a loopback host (start the sandbox with --allow-remote-notifications to deliver there)`);
  }
}

function describeNetworkError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    if (cause instanceof Error) {
      const code = (cause as Error & { code?: unknown }).code;
      return typeof code === 'string' ? `${code}: ${cause.message}` : cause.message;
    }
    return error.name === 'AbortError' ? 'aborted' : error.message;
  }
  return String(error);
}
