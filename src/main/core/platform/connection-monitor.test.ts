import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../shared/clock';
import type { Environment } from '../../../shared/ipc/channels/app';
import { createEventHub } from '../ipc/events';
import { createPlatformClient } from './client';
import { createPlatformTransport } from './transport';
import type { Http } from '../ports';
import { createConnectionMonitor } from './connection-monitor';

const SANDBOX = 'http://127.0.0.1:4567';
const PRODUCTION = 'https://api.platform.example';

/** A monitor over the real platform client and transport, with an Http the test answers. */
function monitorWith(answer: (url: string) => Promise<Response>) {
  let environment: Environment = 'sandbox';
  const requests: { url: string; authorization: string | null }[] = [];
  const http: Http = async (url, init) => {
    requests.push({ url, authorization: new Headers(init?.headers).get('authorization') });
    return answer(url);
  };
  const clock = createManualClock();
  const baseUrl = (of: Environment) => (of === 'sandbox' ? SANDBOX : PRODUCTION);
  const platform = createPlatformClient(createPlatformTransport({ http, clock, baseUrl: () => baseUrl(environment) }));
  const events = createEventHub();
  const changes: unknown[] = [];
  events.subscribe((name, payload) => {
    if (name === 'connection.changed') changes.push(payload);
  });
  const monitor = createConnectionMonitor({ platform, clock, events, environment: () => environment, baseUrl });
  return {
    monitor,
    requests,
    changes,
    use(next: Environment) {
      environment = next;
    },
  };
}

describe('the connection indicator', () => {
  it('is connecting until the first answer, then online, asking the embedded sandbox’s health route without a token', async () => {
    const { monitor, requests, changes } = monitorWith(async () => new Response('{"ok":true}', { status: 200 }));
    expect(monitor.status()).toMatchObject({ state: 'connecting', checkedAt: null });
    expect(await monitor.check()).toMatchObject({ state: 'online', detail: null });
    expect(requests).toEqual([{ url: `${SANDBOX}/__sandbox/health`, authorization: null }]);
    expect(changes).toHaveLength(1);
  });

  it('counts any HTTP answer from the production platform as reachable, with one request to its root', async () => {
    const { monitor, requests, use } = monitorWith(async () => new Response('{"message":"not found"}', { status: 404 }));
    use('production');
    expect(await monitor.check()).toMatchObject({ state: 'online' });
    expect(requests.map((request) => request.url)).toEqual([`${PRODUCTION}/`]);
  });

  it('is offline when nothing answers, naming the address and the cause, after a single attempt', async () => {
    const { monitor, requests, changes } = monitorWith(async () => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:4567') });
    });
    const state = await monitor.check();
    expect(state.state).toBe('offline');
    expect(state.detail).toContain(`Cannot reach ${SANDBOX}`);
    expect(state.detail).toContain('ECONNREFUSED');
    expect(requests).toHaveLength(1);
    // The same answer again is no news for the renderer.
    await monitor.check();
    expect(changes).toHaveLength(1);
  });

  it('after a switch to another platform says “Connecting” at once and asks the new one, forgetting the old one’s failure', async () => {
    const { monitor, requests, changes, use } = monitorWith(async (url) =>
      url.startsWith(PRODUCTION) ? new Response('{}', { status: 404 }) : new Response('{"ok":true}', { status: 200 }),
    );
    await monitor.check();
    monitor.report({ ok: false, status: 500, code: 'internal_error', path: '/terminals/v1/list', method: 'GET', authenticated: true, detail: null });
    monitor.report({ ok: false, status: 500, code: 'internal_error', path: '/terminals/v1/actions', method: 'POST', authenticated: true, detail: null });
    expect(monitor.status().state).toBe('offline');
    use('production');
    const checking = monitor.recheck();
    expect(monitor.status()).toMatchObject({ state: 'connecting', checkedAt: null });
    expect(changes.at(-1)).toMatchObject({ state: 'connecting' });
    expect(await checking).toMatchObject({ state: 'online', detail: null });
    expect(requests.at(-1)?.url).toBe(`${PRODUCTION}/`);
  });
});
