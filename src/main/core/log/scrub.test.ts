import { describe, expect, it } from 'vitest';
import { REDACTED, scrubText, scrubValue } from './scrub';

describe('the log scrubber', () => {
  it('hides tokens, bearer headers, codes in URLs and card numbers in free text', () => {
    const text = scrubText(
      'Bearer abc.def-123 APP_USR-1234567890-011526-deadbeef-42 https://x/cb?code=TG-1234567&state=s1 card 4509 9535 6623 3704 order 1234567890123',
    );
    expect(text).not.toMatch(/abc\.def|APP_USR-1|TG-1234567|s1|4509 9535/);
    expect(text).toContain('[card]');
    // Not a card (Luhn fails): an order number stays readable.
    expect(text).toContain('1234567890123');
  });

  it('empties secret keys at any depth, camelCase included, and keeps the rest', () => {
    const value = scrubValue({ user: 'ana', pin: '1234', nested: { applicationSecret: 's', accessToken: 't', terminal: 'T1' }, list: [{ cvv: '123' }] });
    expect(value).toEqual({
      user: 'ana',
      pin: REDACTED,
      nested: { applicationSecret: REDACTED, accessToken: REDACTED, terminal: 'T1' },
      list: [{ cvv: REDACTED }],
    });
  });

  it('hides a secret it was told about wherever it appears, and survives cycles and errors', () => {
    const cyclic: Record<string, unknown> = { note: 'my-own-secret-value here' };
    cyclic['self'] = cyclic;
    const out = scrubValue({ cyclic, error: new Error('refused my-own-secret-value') }, new Set(['my-own-secret-value'])) as Record<
      string,
      Record<string, unknown>
    >;
    expect(JSON.stringify(out)).not.toContain('my-own-secret-value');
    expect(out['cyclic']?.['self']).toBe('[cycle]');
  });
});
