import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../shared/clock';
import { canonicalJson, IdempotencyStore, JsonText, requestFingerprint, lazyFingerprint } from './idempotency';

const DAY = 24 * 60 * 60 * 1000;
const created = { status: 201, body: { id: 'a' } };

function proceed(
  store: IdempotencyStore,
  user: number,
  key: string,
  fingerprint: Parameters<IdempotencyStore['begin']>[2],
): (response: { status: number; body: unknown } | undefined) => void {
  const decision = store.begin(user, key, fingerprint);
  if (decision.kind !== 'proceed') throw new Error(`expected proceed, got ${decision.kind}`);
  return decision.finish;
}

describe('canonical request fingerprint', () => {
  it('ignores object key order at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(canonicalJson({ a: { c: null, d: [1, { x: 1, y: 2 }] }, b: 1 }));
  });

  it('tells apart different methods, paths and bodies', () => {
    const base = requestFingerprint('POST', '/terminals/v1/actions', { a: 1 });
    expect(requestFingerprint('post', '/terminals/v1/actions', { a: 1 })).toBe(base);
    expect(requestFingerprint('POST', '/terminals/v1/actions/x/cancel', { a: 1 })).not.toBe(base);
    expect(requestFingerprint('POST', '/terminals/v1/actions', { a: 2 })).not.toBe(base);
    expect(requestFingerprint('POST', '/terminals/v1/actions', { a: '1' })).not.toBe(base);
  });

  it('writes what the first entries/sort/join version wrote (property)', () => {
    const reference = (value: unknown): string => {
      if (Array.isArray(value)) return `[${value.map((item) => reference(item)).join(',')}]`;
      if (typeof value === 'object' && value !== null) {
        const entries = Object.entries(value)
          .filter(([, item]) => item !== undefined)
          .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
        return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${reference(item)}`).join(',')}}`;
      }
      return JSON.stringify(value) ?? 'null';
    };
    expect(canonicalJson({ b: undefined, a: [undefined, 1], c: { e: undefined } })).toBe(reference({ b: undefined, a: [undefined, 1], c: { e: undefined } }));
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(reference(value));
      }),
    );
    // Beyond JSON: index-like and odd keys, functions, symbols, dates, boxed values, maps, null prototypes, typed arrays, bigints.
    const odd = fc.anything({
      key: fc.oneof(fc.string(), fc.constantFrom('0', '10', '9', '__proto__', 'toJSON', '-1', '1a', '')),
      values: [fc.constantFrom(undefined, () => 1, Symbol('s'), -0, Number.NaN, new Date(0)), fc.string(), fc.double()],
      withBoxedValues: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withDate: true,
      withTypedArray: true,
      withObjectString: true,
      withBigInt: true,
    });
    fc.assert(
      fc.property(odd, (value) => {
        let expected: string;
        try {
          expected = reference(value);
        } catch {
          expect(() => canonicalJson(value)).toThrow();
          return;
        }
        expect(canonicalJson(value)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('is the digest that saved states hold', () => {
    // Remembered keys are saved with their fingerprint: a new way of writing it would turn their replays into conflicts.
    expect(requestFingerprint('post', '/v1/payments', { payer: { email: 'a@b.co' }, transaction_amount: 10, token: 'ñ' })).toBe(
      '0d6c87fdebbedbd47bf411cfabf346633d9288af543b0e925914287bdeabf07d',
    );
  });

  it('is the same for any permutation of the keys (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (object) => {
        const reversed = Object.fromEntries(Object.entries(object).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(object));
      }),
    );
  });
});

describe('IdempotencyStore', () => {
  it('replays the stored response for the same request', () => {
    const store = new IdempotencyStore(createManualClock());
    proceed(store, 1001, 'k', 'f1')(created);
    expect(store.begin(1001, 'k', 'f1')).toEqual({ kind: 'replay', response: created });
  });

  it('refuses the key for a different request', () => {
    const store = new IdempotencyStore(createManualClock());
    proceed(store, 1001, 'k', 'f1')(created);
    expect(store.begin(1001, 'k', 'f2')).toEqual({ kind: 'conflict', reason: 'different_request' });
  });

  it('refuses a second request while the first still holds the key, then replays once it finished', () => {
    const store = new IdempotencyStore(createManualClock());
    const finish = proceed(store, 1001, 'k', 'f1');
    expect(store.begin(1001, 'k', 'f1')).toEqual({ kind: 'conflict', reason: 'in_progress' });
    finish(created);
    expect(store.begin(1001, 'k', 'f1').kind).toBe('replay');
  });

  it('does not remember refusals (4xx) or failures (5xx): the key stays free', () => {
    const store = new IdempotencyStore(createManualClock());
    proceed(store, 1001, 'k', 'f1')({ status: 409, body: {} });
    proceed(store, 1001, 'k', 'f2')({ status: 500, body: {} });
    proceed(store, 1001, 'k', 'f3')(undefined);
    expect(store.begin(1001, 'k', 'f4').kind).toBe('proceed');
    expect(store.list()).toEqual([]);
  });

  it('scopes keys per user', () => {
    const store = new IdempotencyStore(createManualClock());
    proceed(store, 1001, 'k', 'f1')(created);
    expect(store.begin(2002, 'k', 'f2').kind).toBe('proceed');
  });

  it('forgets a key 24 hours after its first use, not a millisecond earlier', async () => {
    const clock = createManualClock();
    const store = new IdempotencyStore(clock);
    proceed(store, 1001, 'k', 'f1')(created);
    await clock.advance(DAY - 1);
    expect(store.begin(1001, 'k', 'f2').kind).toBe('conflict');
    await clock.advance(1);
    expect(store.begin(1001, 'k', 'f2').kind).toBe('proceed');
  });

  it('saves an answer kept as JSON text parsed, and replays it loaded as the same object', () => {
    const clock = createManualClock();
    const store = new IdempotencyStore(clock);
    const text = JSON.stringify({ id: 7, payer: { email: 'a@b.co' } });
    proceed(store, 1001, 'k', 'f')({ status: 201, body: new JsonText(text) });
    expect(store.begin(1001, 'k', 'f')).toEqual({ kind: 'replay', response: { status: 201, body: new JsonText(text) } });
    const saved = store.list();
    expect(saved.map((record) => record.response)).toEqual([{ status: 201, body: { id: 7, payer: { email: 'a@b.co' } } }]);
    const restored = new IdempotencyStore(clock);
    restored.load(structuredClone(saved));
    expect(restored.begin(1001, 'k', 'f')).toEqual({ kind: 'replay', response: { status: 201, body: JSON.parse(text) as unknown } });
  });

  it('compares requests kept as text by their text, and saves their digest', () => {
    const clock = createManualClock();
    const store = new IdempotencyStore(clock);
    const first = lazyFingerprint('POST', '/v1/payments', { a: 1, b: [1, 2] });
    proceed(store, 1001, 'k', first)(created);
    expect(store.begin(1001, 'k', lazyFingerprint('POST', '/v1/payments', { b: [1, 2], a: 1 })).kind).toBe('replay');
    expect(store.begin(1001, 'k', lazyFingerprint('POST', '/v1/payments', { a: 1, b: [2, 1] })).kind).toBe('conflict');
    // A digest, as a request's fingerprint or as a loaded record's, is the same request as its text.
    expect(store.begin(1001, 'k', requestFingerprint('POST', '/v1/payments', { a: 1, b: [1, 2] })).kind).toBe('replay');
    const saved = store.list();
    expect(saved.map((record) => record.fingerprint)).toEqual([requestFingerprint('POST', '/v1/payments', { b: [1, 2], a: 1 })]);
    const restored = new IdempotencyStore(clock);
    restored.load(structuredClone(saved));
    expect(restored.begin(1001, 'k', lazyFingerprint('POST', '/v1/payments', { b: [1, 2], a: 1 })).kind).toBe('replay');
    expect(restored.begin(1001, 'k', lazyFingerprint('POST', '/v1/payments', { a: 2 })).kind).toBe('conflict');
  });

  it('hashes a long request at once, to the same digest', () => {
    const long = { content: 'x'.repeat(600) };
    expect(lazyFingerprint('POST', '/a', long)).toBe(requestFingerprint('POST', '/a', long));
    const short = lazyFingerprint('POST', '/a', { content: 'x' });
    expect(typeof short === 'string' ? short : short.hash).toBe(requestFingerprint('POST', '/a', { content: 'x' }));
  });

  it('keeps records across save and load, and drops the expired ones on load', async () => {
    const clock = createManualClock();
    const store = new IdempotencyStore(clock);
    proceed(store, 1001, 'old', 'f')(created);
    await clock.advance(DAY / 2);
    proceed(store, 1001, 'new', 'f')(created);
    const saved = store.list();
    const restored = new IdempotencyStore(clock);
    await clock.advance(DAY / 2);
    restored.load(saved);
    expect(restored.list().map((record) => record.key)).toEqual(['new']);
    expect(restored.begin(1001, 'new', 'f').kind).toBe('replay');
  });

  it('forgets thousands of keys oldest first, of every user, and still finds each live one and a key used again', async () => {
    const clock = createManualClock();
    const store = new IdempotencyStore(clock);
    for (let index = 0; index < 3000; index++) {
      proceed(store, 1001 + (index % 3), `k${index}`, 'f')(created);
      await clock.advance(10_000);
    }
    // Expired keys 0–1999 (the first used again after expiring, the second refused after): 2000–2999 live, k0 anew.
    await clock.advance(DAY - 1000 * 10_000 - 1);
    proceed(store, 1001, 'k0', 'g')(created);
    proceed(store, 1001 + (1 % 3), 'k1', 'g')({ status: 400, body: {} });
    expect(store.list().map((record) => record.key)).toEqual([...Array.from({ length: 1000 }, (_unused, index) => `k${2000 + index}`), 'k0']);
    expect(store.begin(1001 + (2000 % 3), 'k2000', 'f').kind).toBe('replay');
    expect(store.begin(1001 + (1999 % 3), 'k1999', 'f').kind).toBe('proceed');
    expect(store.begin(1001, 'k0', 'g').kind).toBe('replay');
    expect(store.begin(1001 + (1 % 3), 'k1', 'f').kind).toBe('proceed');
  });

  it('remembers an answer finished after a reset, as a request running across it would', () => {
    const store = new IdempotencyStore(createManualClock());
    const finish = proceed(store, 1001, 'k', 'f');
    store.reset();
    finish(created);
    expect(store.begin(1001, 'k', 'f').kind).toBe('replay');
    expect(store.list().map((record) => record.key)).toEqual(['k']);
  });
});
