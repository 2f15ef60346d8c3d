import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issuesToCauses } from '../shared/platform/preferences';
import { SandboxError } from './errors';
import { NumericIdParams, parseInput } from './input';
import { CardTokenRequest, CustomerRequest, CustomerSearchQuery } from './wallet/schemas';

/** What parseInput answered when it parsed once with `reportInput`: the value, or the error it threw. */
function parsedOnceReporting(schema: z.ZodType, value: unknown, message: string, root: string): unknown {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return { value: result.data };
  return { error: new SandboxError(400, 'bad_request', message, issuesToCauses(result.error.issues, root)) };
}

function answered(schema: z.ZodType, value: unknown, message: string, root: string): unknown {
  try {
    return { value: parseInput(schema, value, message, root) };
  } catch (error) {
    return { error };
  }
}

const member = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('11', '2030', '5031755734530604', '123', 'a@b.co', 'APRO', ''),
  fc.record({ name: fc.anything(), identification: fc.anything(), type: fc.anything(), number: fc.anything() }, { requiredKeys: [] }),
);
const body = fc.oneof(
  fc.dictionary(
    fc.constantFrom(
      'card_number',
      'expiration_month',
      'expiration_year',
      'security_code',
      'cardholder',
      'card_id',
      'email',
      'phone',
      'identification',
      'metadata',
      'offset',
      'limit',
      'id',
      'other',
    ),
    member,
  ),
  fc.anything(),
);

describe('parseInput', () => {
  it.each([
    ['card token', CardTokenRequest, 'body'],
    ['customer', CustomerRequest, 'body'],
    ['customer search', CustomerSearchQuery, 'query'],
    ['numeric id', NumericIdParams, 'path'],
  ] as const)('answers the %s schema as a single parse with reportInput did: the same value, or the same error', (_name, schema, root) => {
    fc.assert(
      fc.property(body, (value) => {
        const expected = parsedOnceReporting(schema, value, 'invalid input', root);
        const actual = answered(schema, value, 'invalid input', root);
        expect(actual).toStrictEqual(expected);
        if ('error' in (expected as object)) {
          const { error } = expected as { error: SandboxError };
          expect((actual as { error: SandboxError }).error).toMatchObject({
            status: error.status,
            code: error.code,
            message: error.message,
            causes: error.causes,
          });
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('reports the offending value in a refused body, as the causes need it', () => {
    expect(() => parseInput(CardTokenRequest, { card_number: 4509953566233704 }, 'invalid card token')).toThrow(
      expect.objectContaining({ causes: [{ code: 'property_type', description: 'card_number must be a string', data: { property: 'card_number' } }] }),
    );
    expect(() => parseInput(CardTokenRequest, { expiration_month: '13' }, 'invalid card token')).toThrow(
      expect.objectContaining({
        causes: [{ code: 'property_value', description: 'expiration_month must be 1 to 12', data: { property: 'expiration_month' } }],
      }),
    );
  });
});
