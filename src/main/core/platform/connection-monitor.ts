import type { Clock } from '../../../shared/clock';
import type { ConnectionState, Environment } from '../../../shared/ipc/channels/app';
import type { EventHub } from '../ipc/events';
import type { PlatformClient } from './client';
import { NO_HTTP_STATUS } from './errors';
import type { RequestOutcome } from './transport';

export interface ConnectionMonitor {
  /** The last answer, without asking again. */
  status(): ConnectionState;
  /** Asks the current environment's platform now; `connection.changed` follows when the answer differs. */
  check(): Promise<ConnectionState>;
  /**
   * The platform changed (another environment, base URL or client): what was known is about the old one,
   * so the light says "Connecting" at once and a check of the new one starts now (otherwise it kept the
   * sandbox's "Online" after a switch to production until the next check).
   */
  recheck(): Promise<ConnectionState>;
  /** The transport's word on a real request (TransportOptions.onOutcome). */
  report(outcome: RequestOutcome): void;
}

export interface ConnectionMonitorOptions {
  platform: Pick<PlatformClient, 'probe'>;
  clock: Clock;
  events: EventHub;
  environment(): Environment;
  /** Where the current environment's platform is, for the cashier's "Cannot reach …". */
  baseUrl(environment: Environment): string;
  /**
   * One real, authenticated request, made by `check` when the probe answers but the last real request
   * failed: the probe's route is not the API (in the sandbox its faults do not touch it), so only a real
   * answer may say the platform works again. Its outcome reaches `report` through the transport.
   */
  confirm?: () => Promise<unknown>;
  /** The platform answers again (a check that found it reachable, a real request that worked after failures): wake whatever waits. */
  onReachable?: () => void;
}

const SANDBOX_ROUTES = '/__sandbox/';

type Verdict = Exclude<ConnectionState['state'], 'connecting'>;

/** Codes that say the platform works but refuses our access (spec 5, 7.1): the light says so instead of "online". */
const ACCESS_CODES: ReadonlySet<string> = new Set([
  'unauthorized',
  'invalid_token',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'sign_in_required',
  'not_configured',
  'forbidden',
]);

/**
 * What a real request's outcome says about the platform, as data: an answer of any kind but a 5xx or an
 * access refusal means it works for us (a 4xx is about that request); no answer or a 5xx means it does not.
 */
export function verdictOf(outcome: Pick<RequestOutcome, 'ok' | 'status' | 'code'>): Verdict {
  if (outcome.ok) return 'online';
  if (outcome.code !== null && ACCESS_CODES.has(outcome.code)) return 'unauthorized';
  if (outcome.status === NO_HTTP_STATUS || outcome.status >= 500) return 'offline';
  return 'online';
}

/**
 * The connection light: the probe (is anything there at all) and the outcomes of real requests (does
 * the API work for us). A probe that answers never overrides a real request that failed after the last
 * one that worked (otherwise the light said "Online" through a 45 s outage the health route did not see).
 */
export function createConnectionMonitor(options: ConnectionMonitorOptions): ConnectionMonitor {
  let connection: ConnectionState = { state: 'connecting', checkedAt: null, detail: null };
  // An environment switch starts a new check; an older one answering later must not overwrite it.
  let latestCheck = 0;
  /** The last real request's failure, until a real request works again. */
  let realFailure: { state: Verdict; detail: string } | undefined;
  const now = () => new Date(options.clock.now()).toISOString();

  const settle = (next: ConnectionState): ConnectionState => {
    const changed = next.state !== connection.state || next.detail !== connection.detail;
    const recovered = next.state === 'online' && connection.state !== 'online' && connection.state !== 'connecting';
    connection = next;
    if (changed) options.events.emit('connection.changed', connection);
    if (recovered) options.onReachable?.();
    return connection;
  };

  function report(outcome: RequestOutcome): void {
    // The embedded sandbox's own routes (its health probe, its accounts) are not the platform's API (see `confirm`).
    if (outcome.path.startsWith(SANDBOX_ROUTES)) return;
    const verdict = verdictOf(outcome);
    if (verdict === 'online') {
      realFailure = undefined;
      settle({ state: 'online', checkedAt: now(), detail: null });
      return;
    }
    const what = outcome.status === NO_HTTP_STATUS ? 'no answer' : `HTTP ${String(outcome.status)}`;
    realFailure = { state: verdict, detail: `${options.baseUrl(options.environment())}${outcome.path}: ${what} (${outcome.code ?? 'error'})` };
    settle({ state: verdict, checkedAt: now(), detail: realFailure.detail });
  }

  async function check(): Promise<ConnectionState> {
    const check = ++latestCheck;
    const environment = options.environment();
    const checkedAt = now();
    const result = await options.platform
      .probe(environment === 'sandbox' ? 'sandbox' : 'platform')
      .catch((error: unknown) => ({ reachable: false as const, detail: String(error) }));
    if (check !== latestCheck) return connection;
    if (!result.reachable) return settle({ state: 'offline', checkedAt, detail: `Cannot reach ${options.baseUrl(environment)}: ${result.detail}` });
    // Reachable: whatever waits for the platform is tried now, not at its next scheduled retry.
    if (connection.state === 'online' || realFailure !== undefined) options.onReachable?.();
    if (realFailure !== undefined && options.confirm !== undefined) {
      await options.confirm().catch(() => undefined);
      if (check !== latestCheck) return connection;
    }
    if (realFailure !== undefined) return settle({ state: realFailure.state, checkedAt, detail: realFailure.detail });
    return settle({ state: 'online', checkedAt, detail: null });
  }

  return {
    status: () => connection,
    report,
    check,
    recheck() {
      realFailure = undefined;
      settle({ state: 'connecting', checkedAt: null, detail: null });
      return check();
    },
  };
}
