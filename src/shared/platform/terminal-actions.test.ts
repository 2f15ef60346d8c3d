import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ActionId, CreateActionRequest, decodeBase64, ExternalReference, isStrictBase64, sniffImageFormat, utf8ByteLength } from './terminal-actions';

describe('terminal action schemas', () => {
  it('external_reference: 1–64 of A-Z a-z 0-9 - _ (spec 8, docs/decisions.md)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), (reference) => {
        expect(ExternalReference.safeParse(reference).success).toBe(true);
      }),
    );
    for (const bad of ['', 'a'.repeat(65), 'a b', 'ñ', 'a.b', 'a/b']) expect(ExternalReference.safeParse(bad).success).toBe(false);
  });

  it('request is strict: no property beyond type, external_reference, config.point.{terminal_id, subtype}, content', () => {
    const valid = { type: 'print', external_reference: 'a', config: { point: { terminal_id: 'T__1', subtype: 'custom' } }, content: 'x' };
    expect(CreateActionRequest.safeParse(valid).success).toBe(true);
    expect(CreateActionRequest.safeParse({ ...valid, x: 1 }).success).toBe(false);
    expect(CreateActionRequest.safeParse({ ...valid, config: { point: valid.config.point, pos: 1 } }).success).toBe(false);
  });

  it('action ids are lowercase version-4 UUIDs', () => {
    expect(ActionId.safeParse(crypto.randomUUID()).success).toBe(true);
    expect(ActionId.safeParse('00000000-0000-0000-0000-000000000000').success).toBe(false);
  });
});

describe('content helpers', () => {
  it('isStrictBase64 accepts exactly what Buffer encodes (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), (bytes) => {
        const text = Buffer.from(bytes).toString('base64');
        expect(isStrictBase64(text)).toBe(true);
        expect([...decodeBase64(text)]).toEqual([...bytes]);
      }),
    );
    for (const bad of ['', 'abc', 'ab=c', 'a b c d', 'YWJj\n', 'YW-j', '====']) expect(isStrictBase64(bad)).toBe(false);
  });

  it('sniffImageFormat recognises PNG and JPEG magic bytes only', () => {
    expect(sniffImageFormat(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffImageFormat(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageFormat(new TextEncoder().encode('GIF89a'))).toBeUndefined();
    expect(sniffImageFormat(Uint8Array.from([0x89, 0x50]))).toBeUndefined();
  });

  it('utf8ByteLength agrees with Buffer.byteLength (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, 'utf8'));
      }),
    );
    expect(utf8ByteLength('\ud800')).toBe(3);
  });
});
