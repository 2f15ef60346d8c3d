import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { payerIdOf } from './payment';

/** The id as it was always derived: the first four bytes of the e-mail's SHA-256, lower-cased. */
function derived(email: string): string {
  return String(1_000_000_000 + (createHash('sha256').update(email.toLowerCase()).digest().readUInt32BE(0) % 1_000_000_000));
}

describe('payerIdOf', () => {
  it('is the same stable id for an e-mail in any case, however many other e-mails were seen in between', () => {
    const first = payerIdOf('Bench@Example.com');
    expect(first).toBe(derived('bench@example.com'));
    for (let index = 0; index < 2500; index++) expect(payerIdOf(`buyer${index}@example.com`)).toBe(derived(`buyer${index}@example.com`));
    expect(payerIdOf('bench@example.com')).toBe(first);
  });

  it('is null for a payer without an e-mail', () => {
    expect(payerIdOf('')).toBeNull();
  });
});
