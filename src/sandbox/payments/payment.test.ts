import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildPayment, payerIdOf } from './payment';
import { approvedPayment } from './testing';

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

describe('buildPayment', () => {
  it("answers additional_info's item numbers as strings, in the order sent, without changing what it was given", () => {
    const info = { payer: { first_name: 'Ana' }, items: [{ id: 'mug', quantity: 2, unit_price: 617.25 }, 'odd'], shipments: {} };
    const sent = structuredClone(info);
    const payment = buildPayment(1, 0, approvedPayment({ additionalInfo: info }));
    expect(JSON.stringify(payment.additional_info)).toBe(
      '{"payer":{"first_name":"Ana"},"items":[{"id":"mug","quantity":"2","unit_price":"617.25"},"odd"],"shipments":{}}',
    );
    expect(info).toEqual(sent);
  });
});
