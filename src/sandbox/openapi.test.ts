import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../shared/clock';
import { createSandbox, type Sandbox } from './app';
import { documentPath } from './openapi';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox({ clock: createManualClock() });
});
afterAll(async () => {
  await sandbox.close();
});

interface OpenApiDocument {
  paths: Record<string, Record<string, { tags?: string[]; summary?: string; requestBody?: unknown; parameters?: Array<{ name: string }> }>>;
}

describe('/__sandbox/openapi.json', () => {
  it('lists every registered route (Fastify onRoute), control routes and pages included', async () => {
    const document = (await sandbox.app.inject({ method: 'GET', url: '/__sandbox/openapi.json' })).json<OpenApiDocument>();
    const registered = sandbox.routes.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');
    expect(registered.length).toBeGreaterThan(40);
    const missing = registered
      .filter((route) => document.paths[documentPath(route.url)]?.[route.method.toLowerCase()] === undefined)
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    for (const path of [
      '/checkout/pay/{id}',
      '/__sandbox/terminals/{id}/refresh',
      '/__sandbox/notifications/{id}/resend',
      '/__sandbox/payment-intents',
      '/v1/payments/search',
    ]) {
      expect(document.paths, path).toHaveProperty([path]);
    }
  });

  it('documents the bodies of control routes that parse their own input', async () => {
    const document = (await sandbox.app.inject({ method: 'GET', url: '/__sandbox/openapi.json' })).json<OpenApiDocument>();
    expect(document.paths['/__sandbox/preferences/{id}/pay']?.['post']?.requestBody).toBeDefined();
    expect(document.paths['/__sandbox/accounts/{user_id}/notification-url']?.['put']?.parameters?.map((parameter) => parameter.name)).toContain('user_id');
    expect(document.paths['/v1/payments/search']?.['get']?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['external_reference', 'sort', 'criteria', 'limit']),
    );
  });
});
