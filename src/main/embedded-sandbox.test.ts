import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSystemClock } from '../shared/clock';
import { PointOrder } from '../shared/platform/orders';
import { createAppCore } from './core/app-core';
import { createNotificationReceiver, type NotificationReceiver } from './core/notifications/receiver';
import { silentLogger } from './core/ports';
import { createMemoryStore } from './core/settings/store';
import { pointSandboxAtReceiver, SANDBOX_PORT_FILE, SANDBOX_STATE_FILE, startEmbeddedSandbox, type EmbeddedSandbox } from './embedded-sandbox';

const TERMINAL = 'NEWLAND_N950__SBX0000001';
const open: EmbeddedSandbox[] = [];
const folders: string[] = [];
const blockers: Server[] = [];
const receivers: NotificationReceiver[] = [];

function dataFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'embedded-sandbox-'));
  folders.push(folder);
  return folder;
}

async function start(dataDirectory: string): Promise<EmbeddedSandbox> {
  const sandbox = await startEmbeddedSandbox({ dataDirectory });
  open.push(sandbox);
  return sandbox;
}

async function stop(sandbox: EmbeddedSandbox): Promise<void> {
  open.splice(open.indexOf(sandbox), 1);
  await sandbox.close();
}

async function occupy(port: number): Promise<void> {
  const server = createServer();
  blockers.push(server);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
}

afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.stop();
  for (const sandbox of open.splice(0)) await sandbox.close();
  for (const server of blockers.splice(0)) await new Promise((resolve) => server.close(resolve));
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the embedded sandbox across restarts', () => {
  it('comes back on the same address with what the last run left (a terminal out of paper stays out of paper)', async () => {
    const folder = dataFolder();
    const first = await start(folder);
    const patched = await fetch(`${first.baseUrl}/__sandbox/terminals/${TERMINAL}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ paper: 'out' }),
    });
    expect(patched.status).toBe(200);
    await stop(first);

    const second = await start(folder);
    expect(second.baseUrl).toBe(first.baseUrl);
    expect(second.notices).toEqual([]);
    const terminal = (await (await fetch(`${second.baseUrl}/__sandbox/terminals/${TERMINAL}`)).json()) as { settings: { paper: string } };
    expect(terminal.settings.paper).toBe('out');
  });

  it('picks a new port and says so when the previous one is taken', async () => {
    const folder = dataFolder();
    const first = await start(folder);
    const oldPort = Number(new URL(first.baseUrl).port);
    await stop(first);
    await occupy(oldPort);

    const second = await start(folder);
    expect(second.baseUrl).not.toBe(first.baseUrl);
    expect(second.notices).toEqual([
      expect.objectContaining({
        code: 'sandbox_port_moved',
        values: { oldPort, baseUrl: second.baseUrl },
        message: expect.stringContaining(`usual port ${oldPort}`),
      }),
    ]);
    expect((await fetch(`${second.baseUrl}/__sandbox/health`)).status).toBe(200);
  });

  it('sets an unreadable state file aside and starts empty instead of refusing to start', async () => {
    const folder = dataFolder();
    writeFileSync(join(folder, SANDBOX_STATE_FILE), '{ not json');
    writeFileSync(join(folder, SANDBOX_PORT_FILE), 'nor this');
    const sandbox = await start(folder);
    expect(sandbox.notices).toEqual([expect.objectContaining({ code: 'sandbox_state_unreadable', message: expect.stringContaining('started empty') })]);
    expect(readdirSync(folder).some((name) => name.startsWith(`${SANDBOX_STATE_FILE}.unreadable-`))).toBe(true);
    expect((await fetch(`${sandbox.baseUrl}/__sandbox/health`)).status).toBe(200);
  });
});

// The seed's first application, whose owner (user 1001) is the account Counter's sandbox mode acts as.
const COUNTER_APP = { clientId: '4815162342', clientSecret: 'SBX-counter-secret-7d1f0c2a9b' };
const ACCOUNT_URL = '/__sandbox/accounts/1001/notification-url';

async function call(url: string, method = 'GET', body?: unknown, token?: string): Promise<Response> {
  const headers: Record<string, string> = { 'x-idempotency-key': crypto.randomUUID() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
  const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}`);
  return response;
}

async function tokenOf(sandbox: EmbeddedSandbox): Promise<string> {
  const body = { grant_type: 'client_credentials', client_id: COUNTER_APP.clientId, client_secret: COUNTER_APP.clientSecret };
  const answer = (await (await call(`${sandbox.baseUrl}/oauth/token`, 'POST', body)).json()) as { access_token: string };
  return answer.access_token;
}

/** The app's receiver; every order it is told of is read back (the read is the only request it makes) and kept. */
async function receiverFor(sandbox: EmbeddedSandbox, token: string) {
  const seen: PointOrder[] = [];
  const waiters: Array<{ status: string; resolve: () => void }> = [];
  const receiver = createNotificationReceiver({
    clock: createSystemClock(),
    logger: silentLogger,
    secret: () => Promise.resolve(COUNTER_APP.clientSecret),
    read: async (topic, id) => {
      if (topic !== 'order') throw new Error(`only orders are read here, not ${topic}`);
      return { topic, resource: PointOrder.parse(await (await call(`${sandbox.baseUrl}/v1/orders/${id}`, 'GET', undefined, token)).json()) };
    },
    onResource: (notified) => {
      if (notified.topic !== 'order') return;
      seen.push(notified.resource);
      for (const waiter of waiters.filter((each) => each.status === notified.resource.status)) waiter.resolve();
    },
  });
  receivers.push(receiver);
  const notified = (status: string) =>
    seen.some((order) => order.status === status) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ status, resolve }));
  return { receiver, seen, notified };
}

async function accountUrl(sandbox: EmbeddedSandbox): Promise<string | null> {
  return ((await (await call(`${sandbox.baseUrl}${ACCOUNT_URL}`)).json()) as { url: string | null }).url;
}

describe("the embedded sandbox's webhooks reach Counter's receiver", () => {
  it("tells the receiver of a card tap's approval by webhook, with no poll of the order", async () => {
    const sandbox = await start(dataFolder());
    const token = await tokenOf(sandbox);
    const { receiver, seen, notified } = await receiverFor(sandbox, token);
    expect(await pointSandboxAtReceiver(sandbox, receiver.start())).toBe('registered');

    await call(`${sandbox.baseUrl}/__sandbox/terminals/${TERMINAL}`, 'POST', { mode: 'auto', pickup_delay_ms: 0 });
    const created = await call(
      `${sandbox.baseUrl}/v1/orders`,
      'POST',
      {
        type: 'point',
        external_reference: 'HOOK-TEST',
        transactions: { payments: [{ amount: '24.00' }] },
        config: { point: { terminal_id: TERMINAL, print_on_terminal: 'no_ticket' } },
      },
      token,
    );
    const order = PointOrder.parse(await created.json());
    // The terminal showing the amount is itself announced by webhook; only then can a card be tapped.
    await notified('at_terminal');
    await call(`${sandbox.baseUrl}/__sandbox/terminals/${TERMINAL}/card`, 'POST', { result: 'approved' });
    await notified('processed');
    expect(seen.filter((each) => each.status === 'processed').map((each) => each.id)).toEqual([order.id]);
  });

  it('re-registers a new receiver address after a restart but leaves a URL someone else set', async () => {
    const folder = dataFolder();
    let sandbox = await start(folder);
    expect(await pointSandboxAtReceiver(sandbox, Promise.resolve('http://127.0.0.1:40001/notifications'))).toBe('registered');
    await stop(sandbox);

    sandbox = await start(folder);
    expect(await accountUrl(sandbox)).toBe('http://127.0.0.1:40001/notifications?source_news=webhooks');
    expect(await pointSandboxAtReceiver(sandbox, Promise.resolve('http://127.0.0.1:40002/notifications'))).toBe('registered');
    expect(await accountUrl(sandbox)).toBe('http://127.0.0.1:40002/notifications?source_news=webhooks');

    await call(`${sandbox.baseUrl}${ACCOUNT_URL}`, 'PUT', { url: 'http://127.0.0.1:9/tester' });
    expect(await pointSandboxAtReceiver(sandbox, Promise.resolve('http://127.0.0.1:40003/notifications'))).toBe('kept');
    expect(await accountUrl(sandbox)).toBe('http://127.0.0.1:9/tester');
  });

  it("names the app core's own receiver, as the shells wire it", async () => {
    const sandbox = await start(dataFolder());
    const core = createAppCore({
      settingsStore: createMemoryStore(),
      shell: 'browser-host',
      version: 'test',
      sandboxBaseUrl: sandbox.baseUrl,
      logger: silentLogger,
    });
    try {
      expect(await pointSandboxAtReceiver(sandbox, core.notificationUrl())).toBe('registered');
      const receiverUrl = await core.notificationUrl();
      expect(receiverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/notifications$/);
      expect(await accountUrl(sandbox)).toBe(`${receiverUrl}?source_news=webhooks`);
    } finally {
      await core.close();
    }
  });
});
