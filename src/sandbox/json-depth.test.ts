import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformErrorBody } from '../shared/platform/errors';
import { startTestSandbox, type TestSandbox } from './checkout/test-support';
import { jsonNestingDepth, MAX_JSON_DEPTH } from './json-depth';

const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level++) value = level % 2 === 0 ? { deeper: value } : [value];
  return value;
};
const preference = (unknownField: unknown) => ({ items: [{ title: 'Coffee', quantity: 1, unit_price: 10 }], custom_data: unknownField });

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => {
  await t.close();
});

describe('request JSON nesting cap (spec 7.2 json_syntax_error)', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonNestingDepth('{"a":[{"b":"[[[{{{"}]}')).toBe(3);
    expect(jsonNestingDepth('"\\\\"')).toBe(0);
    expect(jsonNestingDepth('[1,"\\"[",[2]]')).toBe(2);
  });

  it(`stores a preference nested ${MAX_JSON_DEPTH} levels deep`, async () => {
    // The preference body itself and its items add levels: the unknown field gets what is left.
    const response = await t.call('POST', '/checkout/preferences/', { body: preference(nested(MAX_JSON_DEPTH - 1)) });
    expect(response.status, response.body).toBe(201);
  });

  it('refuses a preference with an unknown field 3,000 levels deep before storing it', async () => {
    const response = await t.call('POST', '/checkout/preferences', { body: preference(nested(3_000)) });
    expect(response.status).toBe(400);
    expect(PlatformErrorBody.parse(response.json())).toMatchObject({ error: 'json_syntax_error', status: 400 });
    expect(JSON.stringify(t.sandbox.snapshot()).length).toBeLessThan(10_000);
  });

  it('answers 65 levels on the terminal actions route with json_syntax_error too', async () => {
    const response = await t.call('POST', '/terminals/v1/actions', { body: nested(MAX_JSON_DEPTH + 1), headers: { 'x-idempotency-key': 'deep-1' } });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ error: 'json_syntax_error' });
  });
});
