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
  const sorted = sortedCopy(value);
  return sorted === UNSORTED ? canonicalText(value) : (JSON.stringify(sorted) ?? 'null');
}

/** A value sortedCopy cannot hand to JSON.stringify as canonicalText would write it. */
const UNSORTED = Symbol('unsorted');

/**
 * A copy whose objects have their keys added in sorted order, which JSON.stringify then writes in that order:
 * one native pass and one flat string, where canonicalText's concatenations cost more and leave a tree of every
 * piece (a card payment's, some twenty objects and 900 bytes against 165 as one string), which a key keeps a day.
 * UNSORTED where JSON.stringify would write it otherwise: an index-like key (objects list those first, in
 * numeric order), `__proto__` (a prototype, set on a copy), a function or a symbol (left out of an object, not
 * written as null).
 */
function sortedCopy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) {
    return typeof value === 'function' || typeof value === 'symbol' ? UNSORTED : value;
  }
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    for (let index = 0; index < value.length; index++) {
      const item = sortedCopy(value[index]);
      if (item === UNSORTED) return UNSORTED;
      copy.push(item);
    }
    return copy;
  }
  const object = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const key of sortedKeys(object)) {
    const first = key.charCodeAt(0);
    if ((first >= 48 && first <= 57) || key === '__proto__') return UNSORTED;
    const item = sortedCopy(object[key]);
    if (item === UNSORTED) return UNSORTED;
    copy[key] = item;
  }
  return copy;
}

/** The canonical text written piece by piece, for what sortedCopy leaves. */
function canonicalText(value: unknown): string {
  // Loops rather than entries/filter/map/join: it runs over every keyed request's body.
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index++) text += (index === 0 ? '' : ',') + canonicalText(value[index]);
    return `${text}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>;
    let text = '{';
    for (const key of sortedKeys(object)) {
      const item = object[key];
      if (item === undefined) continue;
      text += `${text.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalText(item)}`;
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

/**
 * A remembered answer kept as the JSON text it was sent as: written once, answered again as is (byte for
 * byte), and immune to later changes of the objects it was written from (a payment refunded after). The
 * saved state holds it parsed, as every other remembered body.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

const IN_PROGRESS: IdempotencyDecision = Object.freeze({ kind: 'conflict', reason: 'in_progress' });
const DIFFERENT_REQUEST: IdempotencyDecision = Object.freeze({ kind: 'conflict', reason: 'different_request' });

/**
 * A key's one object: first the request holding it (finished once), then the answer remembered for it. Its
 * fingerprint is kept as its text until a digest is asked for (a save, a loaded record), and its answer as its
 * status and body: one object kept per key, where a record, its response and its fingerprint were three.
 */
class KeyEntry {
  /** Finished with a 2xx answer, which is remembered; before, the request still holds the key. */
  remembered = false;
  /** Swept, replaced by a newer request with the key, or loaded twice: no longer the key's entry. */
  gone = false;
  createdAt = 0;
  status = 0;
  body: unknown = null;
  private finished = false;
  private canonical: string | undefined;
  private digest: string | undefined;

  constructor(
    private readonly store: IdempotencyStore,
    /** The user's keys this entry was put in (a reset while it ran replaces them). */
    private keys: Map<string, KeyEntry>,
    readonly userId: number,
    readonly key: string,
    fingerprint: Fingerprint,
  ) {
    if (typeof fingerprint === 'string') this.digest = fingerprint;
    else this.canonical = fingerprint.canonical;
  }

  finish(response: StoredResponse | undefined): void {
    if (this.finished) return;
    this.finished = true;
    if (response === undefined || response.status < 200 || response.status >= 300) {
      this.keys.delete(this.key);
      return;
    }
    this.status = response.status;
    this.body = response.body;
    this.store.remember(this, this.keys);
  }

  /** Put in `keys` (again, after a reset) and remembered from now. */
  rememberedIn(keys: Map<string, KeyEntry>, createdAt: number): void {
    if (this.keys !== keys) keys.set(this.key, this);
    this.keys = keys;
    this.createdAt = createdAt;
    this.remembered = true;
  }

  sameRequest(fingerprint: Fingerprint): boolean {
    if (this.canonical !== undefined && fingerprint instanceof RequestText) return this.canonical === fingerprint.canonical;
    return this.fingerprint() === digestOf(fingerprint);
  }

  fingerprint(): string {
    this.digest ??= hash('sha256', this.canonical ?? '', 'hex');
    return this.digest;
  }

  response(): StoredResponse {
    return { status: this.status, body: this.body };
  }
}

/** A returned closure, not a named one: the sandbox's loader (tsx) gives each named closure its name with a defineProperty, per request. */
function finisher(entry: KeyEntry): (response: StoredResponse | undefined) => void {
  return (response) => entry.finish(response);
}

export class IdempotencyStore {
  /** Each user's keys, by the key as sent: no key string scoped by user is built per request. */
  private readonly users = new Map<number, Map<string, KeyEntry>>();
  /** Remembered entries in the order they were finished, which is their creation order: expired ones are always at the front. */
  private order: KeyEntry[] = [];
  private head = 0;

  constructor(
    private readonly clock: Clock,
    private readonly windowMs: number = IDEMPOTENCY_WINDOW_MS,
  ) {}

  begin(userId: number, key: string, fingerprint: Fingerprint): IdempotencyDecision {
    this.sweep();
    const keys = this.keysOf(userId);
    const entry = keys.get(key);
    if (entry !== undefined) {
      if (!entry.remembered) return IN_PROGRESS;
      // Should a clock set backwards leave an expired record behind a live one, it is found expired here.
      if (entry.createdAt > this.clock.now() - this.windowMs)
        return entry.sameRequest(fingerprint) ? { kind: 'replay', response: entry.response() } : DIFFERENT_REQUEST;
      entry.gone = true;
    }
    const proceed = new KeyEntry(this, keys, userId, key, fingerprint);
    keys.set(key, proceed);
    return { kind: 'proceed', finish: finisher(proceed) };
  }

  /** A finished request's answer, remembered from now (in the user's keys as they are now). */
  remember(entry: KeyEntry, keys: Map<string, KeyEntry>): void {
    entry.rememberedIn(this.users.get(entry.userId) === keys ? keys : this.keysOf(entry.userId), this.clock.now());
    this.order.push(entry);
  }

  /** Live records, oldest first, as saved: each fingerprint a digest, an answer kept as JSON text parsed. */
  list(): IdempotencyRecord[] {
    this.sweep();
    const records: IdempotencyRecord[] = [];
    for (let index = this.head; index < this.order.length; index++) {
      const entry = this.order[index] as KeyEntry;
      if (entry.gone) continue;
      const body = entry.body instanceof JsonText ? (JSON.parse(entry.body.text) as unknown) : entry.body;
      records.push({
        userId: entry.userId,
        key: entry.key,
        fingerprint: entry.fingerprint(),
        createdAt: entry.createdAt,
        response: { status: entry.status, body },
      });
    }
    return records;
  }

  load(records: readonly IdempotencyRecord[]): void {
    this.reset();
    for (const record of [...records].sort((left, right) => left.createdAt - right.createdAt)) {
      const keys = this.keysOf(record.userId);
      const entry = new KeyEntry(this, keys, record.userId, record.key, record.fingerprint);
      const earlier = keys.get(record.key);
      if (earlier !== undefined) earlier.gone = true;
      keys.set(record.key, entry);
      entry.status = record.response.status;
      entry.body = record.response.body;
      entry.rememberedIn(keys, record.createdAt);
      this.order.push(entry);
    }
    this.sweep();
  }

  reset(): void {
    this.users.clear();
    this.order = [];
    this.head = 0;
  }

  private keysOf(userId: number): Map<string, KeyEntry> {
    let keys = this.users.get(userId);
    if (keys === undefined) {
      keys = new Map();
      this.users.set(userId, keys);
    }
    return keys;
  }

  private sweep(): void {
    const cutoff = this.clock.now() - this.windowMs;
    const { order } = this;
    // Stops at the first live record; should a clock set backwards leave an expired one behind it, begin() still checks each record it finds.
    while (this.head < order.length) {
      const entry = order[this.head] as KeyEntry;
      if (entry.createdAt > cutoff) break;
      this.head++;
      if (entry.gone) continue;
      entry.gone = true;
      this.users.get(entry.userId)?.delete(entry.key);
    }
    // The swept front is dropped once it is most of the array.
    if (this.head > 1024 && this.head * 2 > order.length) {
      this.order = order.slice(this.head);
      this.head = 0;
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
