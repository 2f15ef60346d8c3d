import { describe, expect, it } from 'vitest';
import { IPC_LIMITS, payloadViolation } from './payload-limits';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level++) value = { inner: value };
  return value;
}

describe('IPC payload limits', () => {
  it('lets every ordinary payload through', () => {
    expect(payloadViolation({ terminalId: 'T1', content: 'x'.repeat(1_400_000), items: [{ name: 'Coffee', quantity: 2 }] })).toBeUndefined();
    expect(payloadViolation(undefined)).toBeUndefined();
    expect(payloadViolation(nested(IPC_LIMITS.maxDepth - 1))).toBeUndefined();
  });

  it('refuses a payload nested deeper than the limit without overflowing the stack, however deep', () => {
    expect(payloadViolation(nested(IPC_LIMITS.maxDepth + 1))?.kind).toBe('too_deep');
    expect(payloadViolation(nested(150_000))).toMatchObject({ kind: 'too_deep' });
  });

  it('refuses too many values and too many characters, naming where it stopped', () => {
    expect(payloadViolation({ filters: { status: Array.from({ length: 200_000 }, () => 'queued') } })?.kind).toBe('too_many_values');
    expect(payloadViolation({ a: 'x'.repeat(3_000_000), b: 'y'.repeat(3_000_000) })).toMatchObject({ kind: 'too_large' });
  });
});
