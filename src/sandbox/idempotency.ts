import { hash } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../shared/clock';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_WINDOW_MS } from '../shared/platform/terminal-actions';
import { SandboxError } from './errors';

/**
 * X-Idempotency-Key (spec 4.3, 4.5, 7.2, 7.3, 8; payments follow the same rules), kept the way Stripe and the IETF
 * Idempotency-Key draft do it:
 * - keys belong to the user that sent them: another user's identical key is a different key;
 * - a key remembers the first request's fingerprint (method, path, canonical JSON body) and its
 *   response; the same request within 24 h gets that response again, a different one gets 409;
 * - while a request holds a key, a second request with that key gets 409 instead of running twice;
 * - only successful (2xx) responses are remembered: a refused request changed nothing, so a retry
 *   with the same key is evaluated afresh (after the terminal's queue clears, for instance).
 */

export const StoredResponse = z.object({
  status: z.number().int(),
  /** `null` for the cancel's empty 200 body. */
  body: z.unknown().nullable(),
});
export type StoredResponse = z.infer<typeof StoredResponse>;

export const IdempotencyRecord = z.object({
  userId: z.number().int(),
  key: z.string(),
  fingerprint: z.string(),
  createdAt: z.number(),
  response: StoredResponse,
});
export type IdempotencyRecord = z.infer<typeof IdempotencyRecord>;

export type IdempotencyDecision =
  | { kind: 'proceed'; finish: (response: StoredResponse | undefined) => void }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'conflict'; reason: 'different_request' | 'in_progress' };

/** JSON with object keys sorted at every depth, so `{a,b}` and `{b,a}` are the same request. */
export function canonicalJson(value: unknown): string {
  // Loops rather than entries/filter/map/join: it runs over every keyed request's body.
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index++) text += (index === 0 ? '' : ',') + canonicalJson(value[index]);
    return `${text}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>;
    const keys = sortedKeys(object);
    let text = '{';
    for (const key of keys) {
      const item = object[key];
      if (item === undefined) continue;
      text += `${text.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalJson(item)}`;
    }
    return `${text}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Most bodies have a handful of keys: sorted in place by insertion, the general sort only for more. */
const INSERTION_SORT_MAX = 16;

/** An object's keys as the default sort orders them (UTF-16 code units: keys are distinct, so as `<` does). */
function sortedKeys(object: Record<string, unknown>): string[] {
  const keys = Object.keys(object);
  if (keys.length > INSERTION_SORT_MAX) return keys.sort();
  for (let index = 1; index < keys.length; index++) {
    const key = keys[index] as string;
    let at = index;
    for (; at > 0 && (keys[at - 1] as string) > key; at--) keys[at] = keys[at - 1] as string;
    keys[at] = key;
  }
  return keys;
}

/**
 * A request's fingerprint before it is hashed: its canonical text. Two of them compare by their text; the
 * digest, which saved states hold and a loaded record is compared by, is worked out once, when first needed.
 */
export class RequestText {
  private digest: string | undefined;
  constructor(readonly canonical: string) {}

  get hash(): string {
    this.digest ??= hash('sha256', this.canonical, 'hex');
    return this.digest;
  }
}

/** A digest (as saved), or a request's text not hashed yet. */
export type Fingerprint = string | RequestText;

/** Longer request texts are hashed at once: a key is kept a day, and its digest is all it needs. */
const KEPT_TEXT_LENGTH = 512;

/** What a fingerprint is made of: the method, the path and the body's canonical JSON. */
export function requestText(method: string, path: string, canonicalBody: string): string {
  return `${method.toUpperCase()} ${path}\n${canonicalBody}`;
}

/** The request's fingerprint, hashed when first compared with a digest or saved (at once if its text is long). */
export function lazyFingerprint(method: string, path: string, body: unknown): Fingerprint {
  const text = requestText(method, path, canonicalJson(body));
  return text.length > KEPT_TEXT_LENGTH ? hash('sha256', text, 'hex') : new RequestText(text);
}

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return hash('sha256', requestText(method, path, canonicalJson(body)), 'hex');
}

const digestOf = (fingerprint: Fingerprint): string => (typeof fingerprint === 'string' ? fingerprint : fingerprint.hash);

function sameRequest(left: Fingerprint, right: Fingerprint): boolean {
  if (left instanceof RequestText && right instanceof RequestText) return left.canonical === right.canonical;
  return digestOf(left) === digestOf(right);
}

/** A record as kept in memory: its fingerprint may not be hashed yet, its body may be JSON text. */
type KeptRecord = Omit<IdempotencyRecord, 'fingerprint'> & { fingerprint: Fingerprint };

/**
 * A remembered answer kept as the JSON text it was sent as: written once, answered again as is (byte for
 * byte), and immune to later changes of the objects it was written from (a payment refunded after). The
 * saved state holds it parsed, as every other remembered body.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

export class IdempotencyStore {
  /** Insertion order is creation order, so expired records are always at the front. */
  private readonly records = new Map<string, KeptRecord>();
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly clock: Clock,
    private readonly windowMs: number = IDEMPOTENCY_WINDOW_MS,
  ) {}

  begin(userId: number, key: string, fingerprint: Fingerprint): IdempotencyDecision {
    this.sweep();
    const scoped = scopedKey(userId, key);
    let record = this.records.get(scoped);
    if (record !== undefined && record.createdAt <= this.clock.now() - this.windowMs) {
      this.records.delete(scoped);
      record = undefined;
    }
    if (record !== undefined) {
      return sameRequest(record.fingerprint, fingerprint) ? { kind: 'replay', response: record.response } : { kind: 'conflict', reason: 'different_request' };
    }
    if (this.inFlight.has(scoped)) return { kind: 'conflict', reason: 'in_progress' };
    this.inFlight.add(scoped);
    return { kind: 'proceed', finish: this.finisher(userId, key, fingerprint, scoped) };
  }

  /** A returned closure, not a named one: the sandbox's loader (tsx) gives each named closure its name with a defineProperty, per request. */
  private finisher(userId: number, key: string, fingerprint: Fingerprint, scoped: string): (response: StoredResponse | undefined) => void {
    let finished = false;
    return (response) => {
      if (finished) return;
      finished = true;
      this.inFlight.delete(scoped);
      if (response !== undefined && response.status >= 200 && response.status < 300) {
        this.records.set(scoped, { userId, key, fingerprint, createdAt: this.clock.now(), response });
      }
    };
  }

  /** Live records, oldest first, as saved: each fingerprint a digest, an answer kept as JSON text parsed. */
  list(): IdempotencyRecord[] {
    this.sweep();
    const records: IdempotencyRecord[] = [];
    for (const { userId, key, fingerprint, createdAt, response } of this.records.values()) {
      const body = response.body instanceof JsonText ? (JSON.parse(response.body.text) as unknown) : response.body;
      records.push({ userId, key, fingerprint: digestOf(fingerprint), createdAt, response: { status: response.status, body } });
    }
    return records;
  }

  load(records: readonly IdempotencyRecord[]): void {
    this.reset();
    for (const record of [...records].sort((left, right) => left.createdAt - right.createdAt)) {
      this.records.set(scopedKey(record.userId, record.key), record);
    }
    this.sweep();
  }

  reset(): void {
    this.records.clear();
    this.inFlight.clear();
  }

  private sweep(): void {
    const cutoff = this.clock.now() - this.windowMs;
    for (const [scoped, record] of this.records) {
      // Stops at the first live record; should a clock set backwards leave an expired one behind it, begin() still checks each record it finds.
      if (record.createdAt > cutoff) break;
      this.records.delete(scoped);
    }
  }
}

/** The 409 of spec 7.2/7.3 for a key that cannot be used now, the same for every endpoint that takes one. */
export function idempotencyConflict(reason: 'different_request' | 'in_progress'): SandboxError {
  return new SandboxError(
    409,
    'idempotency_key_already_used',
    reason === 'in_progress'
      ? `A request with this ${IDEMPOTENCY_HEADER} is still being processed; retry once it has finished.`
      : `This ${IDEMPOTENCY_HEADER} was already used for a different request in the last 24 hours; use a new key for a new request.`,
    [{ code: 'idempotency_key_already_used', description: reason === 'in_progress' ? 'request in progress' : 'different request' }],
    reason === 'in_progress' ? { 'retry-after': '1' } : {},
  );
}

function scopedKey(userId: number, key: string): string {
  return `${userId}\u0000${key}`;
}
