import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock, createSystemClock, type ManualClock } from '../../shared/clock';
import { PlatformErrorBody } from '../../shared/platform/errors';
import { DEFAULT_SEED, SeedData } from '../accounts';
import { createSandbox, type Sandbox, type SandboxOptions } from '../app';
import { COUNTER, clientCredentials, expectError, listTerminals } from '../oauth/testing';
import { SAMPLE_RECEIPT, TERMINAL_1 } from '../actions/test-support';
import { FaultRule, type ActiveFault } from './routes';

let sandbox: Sandbox | undefined;
let clock: ManualClock;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function start(options: SandboxOptions = {}): Promise<Sandbox> {
  clock = createManualClock(Date.UTC(2026, 0, 15, 12, 0, 0));
  sandbox = await createSandbox({ clock, ...options });
  return sandbox;
}

/** Waits (bounded) until a request is held by a delay fault, i.e. its timer is on the manual clock. */
async function untilHeld(expected = 1): Promise<void> {
  for (let i = 0; i < 200 && clock.pendingTimers() < expected; i++) await new Promise((resolve) => setImmediate(resolve));
  expect(clock.pendingTimers()).toBe(expected);
}

async function addFaults(target: Sandbox, rules: FaultRule | FaultRule[]): Promise<ActiveFault[]> {
  const response = await target.app.inject({ method: 'POST', url: '/__sandbox/faults', payload: rules });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ faults: ActiveFault[] }>().faults;
}

describe('GET /__sandbox/accounts', () => {
  it('lists the seeded applications with secrets, users and terminals; the first application stays stable', async () => {
    const target = await start();
    const response = await target.app.inject({ method: 'GET', url: '/__sandbox/accounts' });
    expect(response.statusCode).toBe(200);
    const accounts = SeedData.parse(response.json());
    expect(accounts.applications[0]).toMatchObject({ client_id: '4815162342', client_secret: 'SBX-counter-secret-7d1f0c2a9b', owner_user_id: 1001 });
    expect(accounts.terminals.map((terminal) => terminal.id)).toContain('NEWLAND_N950__SBX0000001');
  });

  it('shows the accounts of a --seed file instead', async () => {
    const seed = structuredClone(DEFAULT_SEED);
    seed.users.push({ user_id: 4004, nickname: 'OTRA', email: 'otra@sandbox.test', site_id: 'MLA' });
    const target = await start({ seed });
    const response = await target.app.inject({ method: 'GET', url: '/__sandbox/accounts' });
    expect(SeedData.parse(response.json()).users.map((user) => user.user_id)).toContain(4004);
  });
});

describe('clock', () => {
  it('GET shows the sandbox time; advance moves a manual clock and expires what should expire', async () => {
    const target = await start();
    expect((await target.app.inject({ method: 'GET', url: '/__sandbox/clock' })).json()).toEqual({
      now: '2026-01-15T12:00:00.000Z',
      epoch_ms: Date.UTC(2026, 0, 15, 12),
      manual: true,
    });
    const { access_token: token } = await clientCredentials(target);
    const advanced = await target.app.inject({ method: 'POST', url: '/__sandbox/clock/advance', payload: { seconds: 15_552_000 } });
    expect(advanced.json()).toMatchObject({ now: '2026-07-14T12:00:00.000Z', manual: true });
    expectError(await listTerminals(target, token), 401, 'unauthorized');
  });

  it('advance fires timers that fall due', async () => {
    const target = await start();
    let fired = 0;
    target.context.clock.setTimeout(() => fired++, 15 * 60 * 1000);
    await target.app.inject({ method: 'POST', url: '/__sandbox/clock/advance', payload: { seconds: 899 } });
    expect(fired).toBe(0);
    await target.app.inject({ method: 'POST', url: '/__sandbox/clock/advance', payload: { seconds: 1 } });
    expect(fired).toBe(1);
  });

  it('on the system clock, advance is 409 clock_not_manual', async () => {
    sandbox = await createSandbox({ clock: createSystemClock() });
    const response = await sandbox.app.inject({ method: 'POST', url: '/__sandbox/clock/advance', payload: { seconds: 5 } });
    expect(expectError(response, 409, 'clock_not_manual').message).toMatch(/manual/);
    expect((await sandbox.app.inject({ method: 'GET', url: '/__sandbox/clock' })).json()).toMatchObject({ manual: false });
  });

  it.each([{ seconds: -1 }, { seconds: 'ten' }, {}, { seconds: 1, extra: true }])('advance with %j is 400', async (payload) => {
    const target = await start();
    const response = await target.app.inject({ method: 'POST', url: '/__sandbox/clock/advance', payload });
    expect(response.statusCode).toBe(400);
    PlatformErrorBody.parse(response.json());
  });

  it('a manual clock is saved with the state and restored', async () => {
    const target = await start();
    await target.app.inject({ method: 'POST', url: '/__sandbox/clock/advance', payload: { seconds: 3600 } });
    const snapshot = target.snapshot();
    await target.close();
    const restoredClock = createManualClock(Date.UTC(2020, 0, 1));
    sandbox = await createSandbox({ clock: restoredClock, state: snapshot });
    expect(restoredClock.now()).toBe(Date.UTC(2026, 0, 15, 13));
  });
});

describe('faults', () => {
  it('the next N matching requests answer the scripted status and code, then requests are served again', async () => {
    const target = await start();
    const { access_token: token } = await clientCredentials(target);
    const [rule] = await addFaults(target, {
      method: 'GET',
      pathPattern: '/terminals/v1/*',
      count: 2,
      status: 503,
      code: 'temporarily_unavailable',
      message: 'down',
    });
    expect(rule).toMatchObject({ method: 'GET', pathPattern: '/terminals/v1/*', remaining: 2, status: 503 });

    for (let i = 0; i < 2; i++) {
      const response = await listTerminals(target, token);
      expect(response.statusCode).toBe(503);
      expect(PlatformErrorBody.parse(response.json())).toEqual({ message: 'down', error: 'temporarily_unavailable', status: 503, cause: [] });
    }
    expect((await listTerminals(target, token)).statusCode).toBe(200);
    expect((await target.app.inject({ method: 'GET', url: '/__sandbox/faults' })).json()).toEqual({ faults: [] });
  });

  it('matches by method and glob: other methods and paths pass', async () => {
    const target = await start();
    await addFaults(target, { method: 'post', pathPattern: '/terminals/v1/actions*', status: 500 });
    const { access_token: token } = await clientCredentials(target);
    expect((await listTerminals(target, token)).statusCode).toBe(200);
    const list = await target.app.inject({ method: 'GET', url: '/__sandbox/faults' });
    expect(list.json()).toMatchObject({ faults: [{ method: 'POST', remaining: 1 }] });
    const faulted = await target.app.inject({ method: 'POST', url: '/terminals/v1/actions/abc/cancel?x=1', payload: {} });
    expect(expectError(faulted, 500, 'internal_error')).toBeTruthy();
  });

  it('runs before routing and body parsing: a faulted token request with a broken body answers the fault', async () => {
    const target = await start();
    await addFaults(target, { pathPattern: '/oauth/token', status: 429, retryAfterSeconds: 7 });
    const response = await target.app.inject({ method: 'POST', url: '/oauth/token', headers: { 'content-type': 'application/json' }, payload: '{broken' });
    expectError(response, 429, 'local_rate_limited');
    expect(response.headers['retry-after']).toBe('7');
    // Unknown routes can be faulted as well.
    await addFaults(target, { pathPattern: '/nowhere', status: 502 });
    expect((await target.app.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(502);
  });

  it('never faults the control API', async () => {
    const target = await start();
    await addFaults(target, { pathPattern: '/*', count: 100, status: 500 });
    expect((await target.app.inject({ method: 'GET', url: '/__sandbox/faults' })).statusCode).toBe(200);
    expect((await target.app.inject({ method: 'DELETE', url: '/__sandbox/faults' })).json()).toEqual({ cleared: 1 });
    await clientCredentials(target);
  });

  it('DELETE one rule by id', async () => {
    const target = await start();
    const [first, second] = await addFaults(target, [
      { pathPattern: '/a', status: 500 },
      { pathPattern: '/b', status: 500 },
    ]);
    expect((await target.app.inject({ method: 'DELETE', url: `/__sandbox/faults/${first?.id ?? ''}` })).statusCode).toBe(200);
    expect((await target.app.inject({ method: 'GET', url: '/__sandbox/faults' })).json()).toEqual({ faults: [second] });
    expectError(await target.app.inject({ method: 'DELETE', url: '/__sandbox/faults/fault-999' }), 404, 'not_found');
  });

  it('a delay holds the request on the sandbox clock, then serves it normally', async () => {
    const target = await start();
    await addFaults(target, { pathPattern: '/oauth/token', delayMs: 30_000 });
    let settled = false;
    const pending = target.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'client_credentials', ...COUNTER } }).then((response) => {
      settled = true;
      return response;
    });
    await untilHeld();
    await clock.advance(29_000);
    expect(settled).toBe(false);
    await clock.advance(1_000);
    const response = await pending;
    expect(response.statusCode).toBe(200);
  });

  it('a delay with a status waits, then answers the status', async () => {
    const target = await start();
    await addFaults(target, { pathPattern: '/oauth/token', delayMs: 5_000, status: 504 });
    const pending = target.app.inject({ method: 'POST', url: '/oauth/token', payload: {} });
    await untilHeld();
    await clock.advance(5_000);
    expectError(await pending, 504, 'gateway_timeout');
  });

  it('drop destroys the connection without an answer', async () => {
    const target = await start();
    const baseUrl = await target.listen();
    await addFaults(target, { method: 'GET', pathPattern: '/__sandbox-not/*', drop: true });
    await addFaults(target, { method: 'GET', pathPattern: '/terminals/v1/list', drop: true });
    await expect(fetch(`${baseUrl}/terminals/v1/list`)).rejects.toThrow();
    // In-process too: app.inject() fails as a lost connection would.
    await addFaults(target, { method: 'GET', pathPattern: '/terminals/v1/list', drop: true });
    await expect(target.app.inject({ method: 'GET', url: '/terminals/v1/list' })).rejects.toThrow(/destroyed/);
    // The server is fine afterwards.
    expect((await fetch(`${baseUrl}/__sandbox/health`)).status).toBe(200);
    expect((await fetch(`${baseUrl}/terminals/v1/list`)).status).toBe(401);
  });

  it('dropAnswer carries the request out and loses its answer on the way back', async () => {
    const target = await start();
    const baseUrl = await target.listen();
    const { access_token: token } = await clientCredentials(target);
    const create = (key: string): Promise<Response> =>
      fetch(`${baseUrl}/terminals/v1/actions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-idempotency-key': key },
        body: JSON.stringify({
          type: 'print',
          external_reference: 'lost-answer',
          config: { point: { terminal_id: TERMINAL_1, subtype: 'custom' } },
          content: SAMPLE_RECEIPT,
        }),
      });
    await addFaults(target, { method: 'POST', pathPattern: '/terminals/v1/actions', dropAnswer: true });
    await expect(create('key-1')).rejects.toThrow();
    // The print was made all the same: the terminal's one waiting order is taken, and the same key replays it.
    expect((await create('key-2')).status).toBe(409);
    const replay = await create('key-1');
    expect(replay.status).toBe(201);
    expect(await replay.json()).toMatchObject({ external_reference: 'lost-answer', status: 'created' });
  });

  it('closing the sandbox releases requests held by a delay', async () => {
    const target = await start();
    const baseUrl = await target.listen();
    await addFaults(target, { pathPattern: '/terminals/v1/list', delayMs: 600_000 });
    const held = fetch(`${baseUrl}/terminals/v1/list`).then(
      (response) => response.status,
      () => 'failed',
    );
    for (let i = 0; i < 100 && clock.pendingTimers() === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(clock.pendingTimers()).toBe(1);
    await target.close();
    sandbox = undefined;
    expect(await held).toBe(401);
  });

  it('rules given to createSandbox are active from the start and come back after a reset', async () => {
    const target = await start({ faults: [{ pathPattern: '/oauth/token', status: 503 }] });
    expectError(await target.app.inject({ method: 'POST', url: '/oauth/token', payload: {} }), 503, 'service_unavailable');
    await clientCredentials(target);
    await target.app.inject({ method: 'POST', url: '/__sandbox/reset' });
    expect((await target.app.inject({ method: 'GET', url: '/__sandbox/faults' })).json()).toMatchObject({
      faults: [{ pathPattern: '/oauth/token', remaining: 1 }],
    });
  });

  it.each([
    [{ pathPattern: '/x' }, 'needs status, delayMs, drop: true or dropAnswer: true'],
    [{ pathPattern: '/x', status: 500, dropAnswer: true }, 'goes with neither drop nor status'],
    [{ pathPattern: '/x', status: 500, drop: true }, 'not both'],
    [{ pathPattern: 'x', status: 500 }, 'starts with /'],
    [{ pathPattern: '/x', status: 200 }, ''],
    [{ pathPattern: '/x', status: 500, count: 0 }, ''],
    [{ pathPattern: '/x', drop: true, code: 'x' }, 'only apply with status'],
    [{ pathPattern: '/x', status: 500, colour: 'red' }, ''],
  ])('rejects the rule %j with 400', async (rule, text) => {
    const target = await start();
    const response = await target.app.inject({ method: 'POST', url: '/__sandbox/faults', payload: rule });
    expect(response.statusCode).toBe(400);
    expect(PlatformErrorBody.parse(response.json()).message).toContain(text);
  });

  it('FaultRule is the schema callers validate against', () => {
    expect(FaultRule.parse({ pathPattern: '/terminals/v1/actions*', status: 500 })).toMatchObject({ method: '*', count: 1 });
  });
});

describe('POST /__sandbox/reset', () => {
  it('puts every slice back to the seed state: tokens are gone, the seeded credentials still work', async () => {
    const target = await start();
    const { access_token: token } = await clientCredentials(target);
    await addFaults(target, { pathPattern: '/nope', status: 500 });
    const response = await target.app.inject({ method: 'POST', url: '/__sandbox/reset' });
    expect(response.json()).toEqual({ reset: true });
    expectError(await listTerminals(target, token), 401, 'unauthorized');
    expect((await target.app.inject({ method: 'GET', url: '/__sandbox/faults' })).json()).toEqual({ faults: [] });
    await clientCredentials(target);
  });
});
