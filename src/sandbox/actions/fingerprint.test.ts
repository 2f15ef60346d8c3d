import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreateActionRequest, PrintSubtype } from '../../shared/platform/terminal-actions';
import { requestFingerprint } from '../idempotency';
import { createRequestFingerprint } from './fingerprint';

const anyRequest = fc.record({
  type: fc.constant('print' as const),
  external_reference: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
  config: fc.record({ point: fc.record({ terminal_id: fc.string({ minLength: 1, unit: 'binary' }), subtype: fc.constantFrom(...PrintSubtype.options) }) }),
  content: fc.string({ unit: 'binary' }),
});

describe('createRequestFingerprint', () => {
  it('is the fingerprint idempotency keys have always stored for a create, whatever the request', () => {
    fc.assert(
      fc.property(anyRequest, fc.constantFrom('POST', 'post'), (request, method) => {
        const parsed = CreateActionRequest.parse(request);
        expect(createRequestFingerprint(method, '/terminals/v1/actions', parsed)).toBe(requestFingerprint(method, '/terminals/v1/actions', parsed));
      }),
      { numRuns: 300 },
    );
  });

  it('hashes text outside the basic plane and lone surrogates as requestFingerprint does', () => {
    const parsed = CreateActionRequest.parse({
      type: 'print',
      external_reference: 'A',
      config: { point: { terminal_id: 'T\ud800', subtype: 'custom' } },
      content: 'é 😀 \udc00 "\\ \n',
    });
    expect(createRequestFingerprint('POST', '/terminals/v1/actions', parsed)).toBe(requestFingerprint('POST', '/terminals/v1/actions', parsed));
  });

  it('tells apart requests that differ in any property', () => {
    const base = CreateActionRequest.parse({
      type: 'print',
      external_reference: 'A',
      config: { point: { terminal_id: 'T', subtype: 'custom' } },
      content: 'x',
    });
    const fingerprint = createRequestFingerprint('POST', '/terminals/v1/actions', base);
    const variants = [
      { ...base, external_reference: 'B' },
      { ...base, content: 'y' },
      { ...base, config: { point: { ...base.config.point, terminal_id: 'U' } } },
      { ...base, config: { point: { ...base.config.point, subtype: 'image' as const } } },
    ];
    for (const variant of variants) expect(createRequestFingerprint('POST', '/terminals/v1/actions', variant)).not.toBe(fingerprint);
  });
});
