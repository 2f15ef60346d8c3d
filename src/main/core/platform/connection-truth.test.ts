import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../../shared/ipc/channels/app';
import { driveUntil, receipt, settle, TERMINAL_1, type Interference, startCoreOnSandbox, type CoreOnSandbox } from '../../testing/harness';
import { verdictOf } from './connection-monitor';

const rigs: CoreOnSandbox[] = [];
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
});

/** A core whose requests to the platform's API (not the sandbox's health route) answer `fault` while it is set. */
async function start() {
  let fault: (request: { method: string; path: string }) => Interference = () => 'pass';
  const rig = await startCoreOnSandbox((request) => (request.path.startsWith('/__sandbox/') ? 'pass' : fault(request)));
  rigs.push(rig);
  const { core, target } = rig;
  const lights: ConnectionState['state'][] = [];
  core.events.subscribe((name, payload) => {
    if (name === 'connection.changed') lights.push((payload as ConnectionState).state);
  });
  await driveUntil(target.clock, async () => (await core.handlers['connection.status']({})).state !== 'connecting', { what: 'the first check' });
  return {
    core,
    target,
    log: rig.log,
    lights,
    setFault(next: (request: { method: string; path: string }) => Interference) {
      fault = next;
    },
  };
}

const creates = (log: CoreOnSandbox['log']) => log.filter((request) => request.method === 'POST' && request.path === '/terminals/v1/actions');

describe('the connection light tells the truth', () => {
  it('reads each real outcome as data: no answer or a 5xx is offline, an access refusal unauthorized, any other answer online', () => {
    expect(verdictOf({ ok: false, status: 0, code: 'network_error' })).toBe('offline');
    expect(verdictOf({ ok: false, status: 503, code: 'service_unavailable' })).toBe('offline');
    expect(verdictOf({ ok: false, status: 401, code: 'unauthorized' })).toBe('unauthorized');
    expect(verdictOf({ ok: false, status: 0, code: 'not_configured' })).toBe('unauthorized');
    expect(verdictOf({ ok: false, status: 409, code: 'already_queued_order_for_terminal' })).toBe('online');
    expect(verdictOf({ ok: true, status: 200, code: null })).toBe('online');
  });

  it('goes offline when the API fails though the health route answers, stays so after "Check again", and on recovery "Check again" sends the waiting print at once', async () => {
    const { core, target, log, setFault } = await start();
    expect((await core.handlers['connection.status']({})).state).toBe('online');
    // A token is held already, as on a counter that has been working.
    await core.handlers['terminals.list']({});
    setFault(() => ({ status: 500, code: 'internal_error' }));
    const print = await core.handlers['prints.enqueue']({ terminalId: TERMINAL_1, subtype: 'custom', content: receipt('outage') });
    await driveUntil(target.clock, async () => (await core.handlers['connection.status']({})).state === 'offline', { what: 'offline', maxMs: 5_000 });
    // Let the create back-off grow, as in a long outage.
    await driveUntil(target.clock, () => creates(log).length >= 5, { what: 'five failed creates', maxMs: 60_000 });
    const checked = await core.handlers['connection.check']({});
    expect(checked.state).toBe('offline');
    expect(checked.detail).toContain('500');

    setFault(() => 'pass');
    const before = creates(log).length;
    const recovered = await core.handlers['connection.check']({});
    expect(recovered.state).toBe('online');
    // Woken at once: the create goes now, with no clock time passing, not at the back-off's next retry.
    await settle(50);
    expect(creates(log).length).toBeGreaterThan(before);
    await driveUntil(target.clock, async () => (await core.handlers['prints.get']({ id: print.id, includeContent: false })).status === 'processed', {
      what: 'processed',
    });
  });

  it('one endpoint answering 503 while the others work leaves the light online, the failing endpoint named in its detail', async () => {
    const { core, target, lights, setFault } = await start();
    await core.handlers['terminals.list']({});
    setFault((request) =>
      request.method === 'GET' && request.path.startsWith('/terminals/v1/actions/') ? { status: 503, code: 'service_unavailable' } : 'pass',
    );
    await core.handlers['prints.enqueue']({ terminalId: TERMINAL_1, subtype: 'custom', content: receipt('one endpoint') });
    const start503 = target.clock.now();
    await driveUntil(target.clock, () => target.clock.now() - start503 >= 10_000, { what: '10 s of failing status reads' });
    const state = await core.handlers['connection.status']({});
    expect(state.state).toBe('online');
    expect(state.reason).toBe('partial');
    expect(state.detail).toContain('503');
    expect(lights).not.toContain('offline');
  });

  it('after an outage of the whole API, the light is back online within 2 s of the platform coming back, with no print and no "Check again"', async () => {
    const { core, target, setFault } = await start();
    await core.handlers['terminals.list']({});
    setFault(() => ({ status: 503, code: 'service_unavailable' }));
    await core.handlers['prints.enqueue']({ terminalId: TERMINAL_1, subtype: 'custom', content: receipt('whole outage') });
    await driveUntil(target.clock, async () => (await core.handlers['connection.status']({})).state === 'offline', { what: 'offline', maxMs: 30_000 });
    const offline = await core.handlers['connection.status']({});
    expect(offline.reason).toBe('server_errors');
    // Well past every retry of the request that found the outage.
    await target.clock.advance(30_000);
    setFault(() => 'pass');
    const back = target.clock.now();
    await driveUntil(target.clock, async () => (await core.handlers['connection.status']({})).state === 'online', { what: 'online again', maxMs: 2_000 });
    expect(target.clock.now() - back).toBeLessThanOrEqual(2_000);
    expect((await core.handlers['connection.status']({})).onlineAt).not.toBeNull();
  });

  it('does not retry a persistent 401 every couple of seconds: it follows the credentials back-off, and the light says so', async () => {
    const { core, target, log, setFault } = await start();
    setFault((request) => (request.method === 'POST' && request.path === '/terminals/v1/actions' ? { status: 401, code: 'unauthorized' } : 'pass'));
    const startAt = target.clock.now();
    await core.handlers['prints.enqueue']({ terminalId: TERMINAL_1, subtype: 'custom', content: receipt('401') });
    await driveUntil(target.clock, () => target.clock.now() - startAt >= 29_000, { what: '29 s', stepMs: 250 });
    const tokenRequests = log.filter((request) => request.path === '/oauth/token');
    expect(creates(log).length).toBeLessThanOrEqual(3);
    expect(tokenRequests.length).toBeLessThanOrEqual(2);
    expect((await core.handlers['connection.status']({})).state).toBe('unauthorized');
  });
});
