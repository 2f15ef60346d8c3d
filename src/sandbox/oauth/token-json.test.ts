import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../shared/clock';
import type { TokenResponse } from '../../shared/platform/oauth';
import { DEFAULT_SEED, SeedData } from '../accounts';
import type { SandboxContext } from '../context';
import { OAuthService } from './service';
import { tokenResponseWriter } from './token-json';

/** As the service builds its answers: these fields in this order, refresh_token last when there is one. */
const answer = fc
  .record({
    access_token: fc.oneof(fc.stringMatching(/^(APP_USR|TEST)-\d{1,12}-\d{6}-[0-9a-f]{32}-\d{1,8}$/), fc.string(), fc.string({ unit: 'binary' })),
    token_type: fc.oneof(fc.constant('bearer' as const), fc.string() as fc.Arbitrary<'bearer'>),
    expires_in: fc.oneof(fc.constant(15_552_000), fc.integer()),
    scope: fc.oneof(fc.constantFrom('read write', 'read', 'write', 'read write offline_access', ''), fc.string()),
    user_id: fc.oneof(fc.constantFrom(1001, 2002), fc.integer()),
    public_key: fc.oneof(
      fc.constantFrom('APP_USR-0a1b2c3d-1111-2222-3333-444455556666', 'TEST-0a1b2c3d-1111-2222-3333-444455556666'),
      fc.string({ unit: 'binary' }),
    ),
    live_mode: fc.boolean(),
    refresh_token: fc.option(fc.string(), { nil: undefined }),
  })
  .map(({ refresh_token, ...fields }): TokenResponse => {
    const built: TokenResponse = { ...fields };
    if (refresh_token !== undefined) built.refresh_token = refresh_token;
    return built;
  });

describe('the token answer writer', () => {
  it('writes every answer as JSON.stringify does, whatever came before it', () => {
    fc.assert(
      fc.property(fc.array(answer, { minLength: 1, maxLength: 8 }), fc.nat(7), (answers, repeatFrom) => {
        const write = tokenResponseWriter();
        // Runs of answers that share all but the access token, as one application's answers do.
        const sequence = answers.flatMap((one, index) =>
          index >= repeatFrom ? [one, { ...one, access_token: `${one.access_token}x` }, { ...one, access_token: one.access_token.slice(1) }] : [one],
        );
        for (const one of sequence) expect(write(one)).toBe(JSON.stringify(one));
      }),
      { numRuns: 500 },
    );
  });

  it('writes the service’s client_credentials answers as JSON.stringify does', () => {
    const seed = SeedData.parse(DEFAULT_SEED);
    const context: SandboxContext = {
      clock: createManualClock(),
      seed,
      authenticate: () => {
        throw new Error('not used');
      },
      registerSlice: () => undefined,
      baseUrlFor: () => 'http://127.0.0.1',
      allowRemoteNotifications: false,
    };
    const service = new OAuthService(context, null);
    const write = tokenResponseWriter();
    const asked: { scope?: string; test_token?: string | boolean }[] = [
      {},
      { test_token: 'true' },
      { test_token: false },
      { scope: 'read' },
      { scope: 'write read' },
    ];
    for (let round = 0; round < 3; round++) {
      for (const application of seed.applications) {
        for (const extra of asked) {
          if (extra.scope !== undefined && !extra.scope.split(' ').every((scope) => application.scopes.some((allowed) => allowed === scope))) continue;
          const answer = service.token({
            grant_type: 'client_credentials',
            client_id: application.client_id,
            client_secret: application.client_secret,
            ...extra,
          });
          expect(write(answer)).toBe(JSON.stringify(answer));
        }
      }
    }
  });
});
