import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../shared/clock';
import { PlatformErrorBody } from '../../shared/platform/errors';
import { TOKEN_REQUEST_PARAMETERS, TokenResponse } from '../../shared/platform/oauth';
import { createSandbox, type Sandbox } from '../app';
import { COUNTER } from './testing';

/**
 * Whatever arrives at POST /oauth/token, the answer is a client error in the platform's body shape
 * (or, by luck, a valid token response): never a 5xx, never a crash, never another body shape.
 */

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox({ clock: createManualClock() });
});
afterAll(async () => {
  await sandbox.close();
});

const headerText = fc.stringMatching(/^[\x20-\x7e]{0,60}$/);
const contentType = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'application/x-www-form-urlencoded',
    'application/x-www-form-urlencoded; charset=latin1',
    'text/plain',
    'text/html',
    'multipart/form-data; boundary=x',
    'application/octet-stream',
    'application/xml',
    'application/',
    ';',
    '',
  ),
  headerText,
);

/** Bodies close to valid ones: known names with random values, sometimes extra names, sometimes a valid client. */
const nearlyValid = fc
  .record(
    {
      grant_type: fc.oneof(fc.constantFrom('authorization_code', 'refresh_token', 'client_credentials', 'password'), fc.jsonValue()),
      client_id: fc.oneof(fc.constant(COUNTER.client_id), fc.jsonValue()),
      client_secret: fc.oneof(fc.constant(COUNTER.client_secret), fc.jsonValue()),
      code: fc.jsonValue(),
      code_verifier: fc.oneof(fc.string({ minLength: 40, maxLength: 130 }), fc.jsonValue()),
      redirect_uri: fc.oneof(fc.webUrl(), fc.jsonValue()),
      refresh_token: fc.jsonValue(),
      test_token: fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 'TRUE', 'yes'), fc.jsonValue()),
      scope: fc.oneof(fc.constantFrom('read', 'read write', 'offline_access write', 'read  write', 'admin'), fc.jsonValue()),
    },
    { requiredKeys: [] },
  )
  .chain((base) =>
    fc.dictionary(fc.oneof(fc.constantFrom(...TOKEN_REQUEST_PARAMETERS), fc.string()), fc.jsonValue(), { maxKeys: 2 }).map((extra) => ({ ...extra, ...base })),
  );

function assertPlatformAnswer(status: number, body: string): void {
  expect(status, body).toBeLessThan(500);
  let json: unknown;
  expect(() => (json = JSON.parse(body)), body).not.toThrow();
  if (status === 200) {
    TokenResponse.parse(json);
    return;
  }
  expect(status).toBeGreaterThanOrEqual(400);
  const parsed = PlatformErrorBody.safeParse(json);
  expect(parsed.success, body).toBe(true);
  expect(parsed.data?.status).toBe(status);
}

describe('POST /oauth/token under random input', () => {
  it('random JSON values as application/json', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const response = await sandbox.app.inject({
          method: 'POST',
          url: '/oauth/token',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(value) ?? 'null',
        });
        assertPlatformAnswer(response.statusCode, response.body);
      }),
      { numRuns: 300 },
    );
  });

  it('random strings with random content types', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), contentType, async (payload, type) => {
        const response = await sandbox.app.inject({ method: 'POST', url: '/oauth/token', headers: { 'content-type': type }, payload });
        assertPlatformAnswer(response.statusCode, response.body);
      }),
      { numRuns: 300 },
    );
  });

  it('nearly valid objects, as JSON and as forms', async () => {
    await fc.assert(
      fc.asyncProperty(nearlyValid, fc.boolean(), async (body, asForm) => {
        const payload = asForm
          ? new URLSearchParams(
              Object.entries(body).map(([key, value]): [string, string] => [key, typeof value === 'string' ? value : (JSON.stringify(value) ?? '')]),
            ).toString()
          : JSON.stringify(body);
        const response = await sandbox.app.inject({
          method: 'POST',
          url: '/oauth/token',
          headers: { 'content-type': asForm ? 'application/x-www-form-urlencoded' : 'application/json' },
          payload,
        });
        assertPlatformAnswer(response.statusCode, response.body);
      }),
      { numRuns: 400 },
    );
  });

  it('random bytes, including invalid UTF-8', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 200 }),
        fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain'),
        async (bytes, type) => {
          const response = await sandbox.app.inject({ method: 'POST', url: '/oauth/token', headers: { 'content-type': type }, payload: Buffer.from(bytes) });
          assertPlatformAnswer(response.statusCode, response.body);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a body over the token limit is a 413 in the same shape', async () => {
    const response = await sandbox.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ grant_type: 'client_credentials', code: 'x'.repeat(70 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(PlatformErrorBody.parse(response.json()).error).toBe('request_entity_too_large');
  });
});
