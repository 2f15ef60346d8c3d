import type { ConnectionState } from '../../../shared/ipc/channels/app';

type Verdict = Exclude<ConnectionState['state'], 'connecting'>;

/** The last failure of one endpoint (method and path with its ids left out), until that endpoint works again. */
export interface EndpointFailure {
  readonly endpoint: string;
  readonly at: number;
  /** Nothing answered (rather than a 5xx). */
  readonly noAnswer: boolean;
  readonly detail: string;
}

/**
 * What is known about the platform, each fact with the time it was last true. The light is derived
 * from them (`deriveConnection`), never kept as a state of its own.
 */
export interface ConnectionFacts {
  /** The last probe: did anything answer at all. */
  probe?: { at: number; reachable: boolean; detail: string };
  /** The last real request that worked. */
  workedAt?: number;
  /** Each endpoint whose last outcome was an access refusal (token or client), with what it said. */
  readonly refused: Map<string, { at: number; detail: string }>;
  /** Each endpoint whose last outcome was no answer or a 5xx. */
  readonly failing: Map<string, EndpointFailure>;
}

export function emptyFacts(): ConnectionFacts {
  return { failing: new Map(), refused: new Map() };
}

/**
 * How many endpoints must fail, with nothing working after, before the platform as a whole counts as
 * failing: one endpoint answering 503 is that endpoint's trouble (its own screen says so), not "offline".
 */
export const ENDPOINTS_FOR_OFFLINE = 2;

const ID_SEGMENT = /\d|^[A-Za-z0-9_-]{24,}$/;

/** `GET /terminals/v1/actions/abc123` and `…/def456` are one endpoint: segments holding digits are ids. */
export function endpointOf(method: string, path: string): string {
  const bare = path.split('?')[0] ?? path;
  const segments = bare.split('/').map((segment) => (segment !== 'v1' && ID_SEGMENT.test(segment) ? ':id' : segment));
  return `${method.toUpperCase()} ${segments.join('/')}`;
}

/** Endpoints failing since the last real request that worked. */
export function failingSinceWorked(facts: ConnectionFacts): EndpointFailure[] {
  const worked = facts.workedAt ?? -Infinity;
  return [...facts.failing.values()].filter((failure) => failure.at > worked);
}

export interface DerivedConnection {
  state: ConnectionState['state'];
  reason: NonNullable<ConnectionState['reason']>;
  detail: string | null;
}

/**
 * The light, derived: offline when the probe found nothing there (and nothing worked since), or when
 * at least two endpoints fail with nothing working after them; unauthorized while an endpoint that
 * refused access has not worked since; online when anything answered; connecting before any fact.
 */
export function deriveConnection(facts: ConnectionFacts): DerivedConnection {
  const worked = facts.workedAt ?? -Infinity;
  if (facts.probe !== undefined && !facts.probe.reachable && facts.probe.at >= worked) {
    return { state: 'offline', reason: 'no_answer', detail: facts.probe.detail };
  }
  const failing = failingSinceWorked(facts);
  if (failing.length >= ENDPOINTS_FOR_OFFLINE) {
    const noAnswer = failing.every((failure) => failure.noAnswer);
    return { state: 'offline', reason: noAnswer ? 'no_answer' : 'server_errors', detail: failing.map((failure) => failure.detail).join('; ') };
  }
  // An access refusal stands until the endpoint it came from works: that request still cannot be made.
  const refused = [...facts.refused.values()].at(-1);
  if (refused !== undefined) return { state: 'unauthorized', reason: 'access', detail: refused.detail };
  const answered = facts.workedAt !== undefined || facts.probe?.reachable === true || facts.failing.size > 0;
  if (!answered) return { state: 'connecting', reason: 'none', detail: null };
  const partial = [...facts.failing.values()];
  return partial.length === 0
    ? { state: 'online', reason: 'none', detail: null }
    : { state: 'online', reason: 'partial', detail: partial.map((failure) => failure.detail).join('; ') };
}

export type { Verdict };
