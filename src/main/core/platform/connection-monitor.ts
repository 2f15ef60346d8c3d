import type { Clock, TimerHandle } from '../../../shared/clock';
import type { ConnectionState, Environment } from '../../../shared/ipc/channels/app';
import type { EventHub } from '../ipc/events';
import type { PlatformClient } from './client';
import { NO_HTTP_STATUS } from './errors';
import type { RequestOutcome } from './transport';
import { deriveConnection, emptyFacts, endpointOf, ENDPOINTS_FOR_OFFLINE, failingSinceWorked, type ConnectionFacts, type Verdict } from './connection-facts';

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
  /** Stops the offline re-check. */
  close(): void;
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

/** While the light says offline, the probe (and, when the probe answers, one real request) runs this often. */
export const OFFLINE_RECHECK_MS = 1_000;
/** At most one confirming request per this long, however many failures are reported. */
const CONFIRM_SPACING_MS = 1_000;

/**
 * The connection light, derived from facts each with the time it was last true (`connection-facts.ts`):
 * the probe (is anything there at all) and the outcomes of real requests per endpoint (does the API work
 * for us). One endpoint failing is checked against another (`confirm`) before the light says offline;
 * while offline, a cheap probe runs every second so the light follows the platform back within 2 s.
 */
export function createConnectionMonitor(options: ConnectionMonitorOptions): ConnectionMonitor {
  let connection: ConnectionState = { state: 'connecting', checkedAt: null, detail: null, reason: 'none', onlineAt: null };
  let facts: ConnectionFacts = emptyFacts();
  // An environment switch starts a new check; an older one answering later must not overwrite it.
  let latestCheck = 0;
  let recheckTimer: TimerHandle | undefined;
  let confirming = false;
  let lastConfirmAt = -Infinity;
  let closed = false;
  const iso = (at: number) => new Date(at).toISOString();

  const publish = (): ConnectionState => {
    const derived = deriveConnection(facts);
    const onlineAt = Math.max(facts.workedAt ?? -Infinity, facts.probe?.reachable === true ? facts.probe.at : -Infinity);
    const next: ConnectionState = {
      state: derived.state,
      checkedAt: derived.state === 'connecting' ? null : iso(options.clock.now()),
      detail: derived.detail,
      reason: derived.reason,
      onlineAt: Number.isFinite(onlineAt) ? iso(onlineAt) : null,
    };
    const changed = next.state !== connection.state || next.detail !== connection.detail || next.reason !== connection.reason;
    const recovered = next.state === 'online' && connection.state !== 'online' && connection.state !== 'connecting';
    connection = next;
    if (changed) options.events.emit('connection.changed', connection);
    if (recovered) options.onReachable?.();
    scheduleRecheck();
    return connection;
  };

  function scheduleRecheck(): void {
    if (closed || connection.state !== 'offline' || recheckTimer !== undefined) return;
    recheckTimer = options.clock.setTimeout(() => {
      recheckTimer = undefined;
      void check();
    }, OFFLINE_RECHECK_MS);
  }

  function confirmSoon(): void {
    if (options.confirm === undefined || confirming || options.clock.now() - lastConfirmAt < CONFIRM_SPACING_MS) return;
    confirming = true;
    lastConfirmAt = options.clock.now();
    // Its outcome reaches `report` through the transport.
    void options
      .confirm()
      .catch(() => undefined)
      .finally(() => {
        confirming = false;
      });
  }

  function report(outcome: RequestOutcome): void {
    // The embedded sandbox's own routes (its health probe, its accounts) are not the platform's API (see `confirm`).
    if (outcome.path.startsWith(SANDBOX_ROUTES)) return;
    const at = options.clock.now();
    const endpoint = endpointOf(outcome.method, outcome.path);
    const verdict = verdictOf(outcome);
    const noAnswer = outcome.status === NO_HTTP_STATUS;
    const what = noAnswer ? 'no answer' : `HTTP ${String(outcome.status)}`;
    const detail = `${options.baseUrl(options.environment())}${outcome.path}: ${what} (${outcome.code ?? 'error'})`;
    if (verdict === 'online') {
      facts.workedAt = at;
      facts.failing.delete(endpoint);
      facts.refused.delete(endpoint);
    } else if (verdict === 'unauthorized') facts.refused.set(endpoint, { at, detail });
    else {
      facts.failing.set(endpoint, { endpoint, at, noAnswer, detail });
      // One endpoint failing may be that endpoint's trouble: another one is asked before the light says offline.
      if (failingSinceWorked(facts).length < ENDPOINTS_FOR_OFFLINE) confirmSoon();
    }
    publish();
  }

  async function check(): Promise<ConnectionState> {
    const check = ++latestCheck;
    const environment = options.environment();
    const result = await options.platform
      .probe(environment === 'sandbox' ? 'sandbox' : 'platform')
      .catch((error: unknown) => ({ reachable: false as const, detail: String(error) }));
    if (check !== latestCheck) return connection;
    const at = options.clock.now();
    if (!result.reachable) {
      facts.probe = { at, reachable: false, detail: `Cannot reach ${options.baseUrl(environment)}: ${result.detail}` };
      return publish();
    }
    facts.probe = { at, reachable: true, detail: '' };
    const failing = failingSinceWorked(facts).length > 0;
    // Reachable: whatever waits for the platform is tried now, not at its next scheduled retry.
    if (connection.state === 'online' || failing) options.onReachable?.();
    // The probe's route is not the API: only a real answer may say the platform works again.
    if (failing && options.confirm !== undefined) {
      lastConfirmAt = options.clock.now();
      await options.confirm().catch(() => undefined);
      if (check !== latestCheck) return connection;
    }
    return publish();
  }

  return {
    status: () => connection,
    report,
    check,
    recheck() {
      facts = emptyFacts();
      connection = { state: 'connecting', checkedAt: null, detail: null, reason: 'none', onlineAt: null };
      options.events.emit('connection.changed', connection);
      return check();
    },
    close() {
      closed = true;
      if (recheckTimer !== undefined) options.clock.clearTimeout(recheckTimer);
      recheckTimer = undefined;
    },
  };
}
