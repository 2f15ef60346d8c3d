import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from './app';
import { PlatformErrorBody } from '../shared/platform/errors';

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe('sandbox server', () => {
  it('answers an unknown route with the platform error body, not a crash', async () => {
    sandbox = await createSandbox();
    const response = await sandbox.app.inject({ method: 'GET', url: '/nope' });
    expect(response.statusCode).toBe(404);
    const body = PlatformErrorBody.parse(response.json());
    expect(body).toMatchObject({ error: 'not_found', status: 404, cause: [] });
  });

  it('publishes its OpenAPI document', async () => {
    sandbox = await createSandbox();
    const response = await sandbox.app.inject({ method: 'GET', url: '/__sandbox/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('openapi');
  });

  it('listens on a free loopback port and reports its base URL', async () => {
    sandbox = await createSandbox();
    const baseUrl = await sandbox.listen();
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${baseUrl}/__sandbox/health`);
    expect(health.status).toBe(200);
  });
});
