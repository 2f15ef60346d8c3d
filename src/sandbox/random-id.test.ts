import { describe, expect, it } from 'vitest';
import { randomHex } from './random-id';

describe('randomHex', () => {
  it('gives the asked number of bytes as lowercase hex', () => {
    expect(randomHex(16)).toMatch(/^[0-9a-f]{32}$/);
    expect(randomHex(7)).toMatch(/^[0-9a-f]{14}$/);
  });

  it('never repeats a value across pool refills', () => {
    // 3000 × 16 bytes spans about a dozen refills of the pool.
    const seen = new Set(Array.from({ length: 3000 }, () => randomHex(16)));
    expect(seen.size).toBe(3000);
  });

  it('refuses sizes the pool cannot serve', () => {
    expect(() => randomHex(0)).toThrow(RangeError);
    expect(() => randomHex(4097)).toThrow(RangeError);
    expect(() => randomHex(1.5)).toThrow(RangeError);
  });
});
