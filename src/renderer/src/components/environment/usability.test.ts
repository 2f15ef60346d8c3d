import { describe, expect, it } from 'vitest';
import { environmentUsable } from './usability';

describe('whether Print and Checkout may be used', () => {
  it('always in the sandbox, whatever the credentials say', () => {
    expect(environmentUsable({ environment: 'sandbox', state: 'not_configured', lastError: null })).toBe(true);
  });

  it.each([
    ['not_configured', null, false],
    ['sign_in_required', null, false],
    ['idle', null, true],
    ['ready', null, true],
    ['error', 'invalid_client', false],
    ['error', 'network_error', true],
  ] as const)('in production with credentials %s (%s): %s', (state, code, usable) => {
    expect(environmentUsable({ environment: 'production', state, lastError: code === null ? null : { code, message: '' } })).toBe(usable);
  });
});
