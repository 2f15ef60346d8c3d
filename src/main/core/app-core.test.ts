import { afterEach, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from './app-core';
import { createDispatcher } from './ipc/dispatch';
import { silentLogger } from './ports';
import { createMemoryStore } from './settings/store';
import { COUNTER_APP, receipt, startTestSandbox, TERMINAL_1, type TestSandbox } from '../testing/harness';

let platform: TestSandbox | undefined;
let core: AppCore | undefined;
afterEach(async () => {
  await core?.close();
  await platform?.close();
  core = undefined;
  platform = undefined;
});

const sender = { url: 'app://counter/index.html' };

async function dispatcher() {
  platform = await startTestSandbox();
  core = createAppCore({
    settingsStore: createMemoryStore(),
    shell: 'browser-host',
    version: 'test',
    sandboxBaseUrl: platform.baseUrl,
    clock: platform.clock,
    logger: silentLogger,
    sandboxCredentials: { clientId: COUNTER_APP.clientId, clientSecret: COUNTER_APP.clientSecret },
  });
  return createDispatcher({ handlers: core.handlers, language: core.language, guard: core.guard, isTrustedSender: () => true });
}

describe('the core behind the contract', () => {
  it('refuses a malformed print before anything is journaled, naming the field', async () => {
    const dispatch = await dispatcher();
    const result = await dispatch(
      'prints.enqueue',
      { terminalId: TERMINAL_1, subtype: 'custom', content: receipt('x'), externalReference: 'has spaces!' },
      sender,
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_request', issues: [{ path: 'externalReference' }] } });
    const list = await dispatch('prints.list', {}, sender);
    expect(list).toMatchObject({ ok: true, value: { total: 0, items: [], page: { index: 0, size: 50 } } });
  });

  it('answers typed failures with the cashier’s message in the language of the settings', async () => {
    const dispatch = await dispatcher();
    await dispatch('settings.update', { language: 'es' }, sender);
    const result = await dispatch('prints.cancel', { id: 'no-such-print' }, sender);
    expect(result).toMatchObject({ ok: false, error: { code: 'print_not_found', status: 404 } });
    if (!result.ok) expect(result.error.message).toBe('Esta impresión no está en el historial.');
  });

  it('keeps tokens out of every answer and event', async () => {
    const dispatch = await dispatcher();
    const seen: unknown[] = [];
    core?.events.subscribe((_name, payload) => seen.push(payload));
    const status = await dispatch('credentials.verify', {}, sender);
    const terminals = await dispatch('terminals.list', {}, sender);
    expect(status).toMatchObject({ ok: true, value: { state: 'ready', token: { type: 'APP_USR' } } });
    expect(terminals).toMatchObject({ ok: true });
    const everything = JSON.stringify([status, terminals, seen]);
    expect(everything).not.toMatch(/APP_USR-\d+-\d{6}-/);
    expect(everything).not.toContain(COUNTER_APP.clientSecret);
  });

  it('keeps one print history per environment: a switch shows the other’s, and switching back shows the first again', async () => {
    const dispatch = await dispatcher();
    const enqueued = await dispatch('prints.enqueue', { terminalId: TERMINAL_1, subtype: 'custom', content: receipt('sandbox print') }, sender);
    expect(enqueued).toMatchObject({ ok: true });
    expect(await dispatch('prints.list', {}, sender)).toMatchObject({ ok: true, value: { total: 1 } });

    expect(await dispatch('settings.update', { environment: 'production' }, sender)).toMatchObject({ ok: true, value: { environment: 'production' } });
    expect(await dispatch('app.info', {}, sender)).toMatchObject({ ok: true, value: { environment: 'production', sandboxControlUrl: null } });
    expect(await dispatch('prints.list', {}, sender)).toMatchObject({ ok: true, value: { total: 0 } });

    await dispatch('settings.update', { environment: 'sandbox' }, sender);
    const back = await dispatch('prints.list', {}, sender);
    expect(back).toMatchObject({ ok: true, value: { total: 1, items: [{ id: (enqueued as { value: { id: string } }).value.id }] } });
  });
});
