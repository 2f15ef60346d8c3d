import { afterEach, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../app-core';
import { createDispatcher } from '../ipc/dispatch';
import { silentLogger } from '../ports';
import { createMemoryStore } from '../settings/store';
import { COUNTER_APP, createTestHttp, driveUntil, receipt, startTestSandbox, TERMINAL_1, TERMINAL_3, type TestSandbox } from '../../testing/harness';
import { heldTerminals, setAsideBy } from './rule';

let platform: TestSandbox | undefined;
let core: AppCore | undefined;
afterEach(async () => {
  await core?.close();
  await platform?.close();
  core = platform = undefined;
});

const MINUTE = 60_000;

describe('the backlog rule', () => {
  it('holds a terminal with a print older than the limit until it is answered, and keeps the newest N on "last N"', () => {
    const prints = [
      { id: 'a', terminalId: 'T1', createdAtMs: 0 },
      { id: 'b', terminalId: 'T1', createdAtMs: 1_000 },
      { id: 'c', terminalId: 'T1', createdAtMs: 2_000 },
      { id: 'd', terminalId: 'T2', createdAtMs: 9 * MINUTE },
    ];
    expect([...heldTerminals(prints, new Map(), 10 * MINUTE, 5 * MINUTE).keys()]).toEqual(['T1']);
    expect([...heldTerminals(prints, new Map([['T1', 5_000]]), 10 * MINUTE, 5 * MINUTE).keys()]).toEqual([]);
    expect(setAsideBy({ terminalId: 'T1', decision: 'last_n', keep: 1 }, prints.slice(0, 3)).sort()).toEqual(['a', 'b']);
    expect(setAsideBy({ terminalId: 'T1', decision: 'set_aside' }, prints.slice(0, 3))).toEqual(['a', 'b', 'c']);
    expect(setAsideBy({ terminalId: 'T1', decision: 'print_all' }, prints.slice(0, 3))).toEqual([]);
  });
});

describe('the backlog after an outage', () => {
  it('asks per terminal before prints that waited too long go out, then prints only what the cashier chose', async () => {
    platform = await startTestSandbox();
    const target = platform;
    let down = false;
    const http = createTestHttp(target.clock, ({ path }) => (down && path.startsWith('/terminals/') ? 'refuse' : 'pass'));
    core = createAppCore({
      settingsStore: createMemoryStore(),
      shell: 'browser-host',
      version: 'test',
      sandboxBaseUrl: target.baseUrl,
      clock: target.clock,
      fetch: http.http,
      logger: silentLogger,
      // Shorter than the set-aside rule's two minutes, so the outage's head prints are still waiting when held.
      backlogStaleAfterMs: MINUTE,
      sandboxCredentials: { clientId: COUNTER_APP.clientId, clientSecret: COUNTER_APP.clientSecret },
    });
    const dispatch = createDispatcher({ handlers: core.handlers, language: core.language, guard: core.guard, isTrustedSender: () => true });
    const call = async <T>(channel: string, request: unknown): Promise<T> => {
      const result = await dispatch(channel, request, { url: 'app://counter/index.html' });
      if (!result.ok) throw new Error(`${channel}: ${result.error.code}`);
      return result.value as T;
    };
    await call('credentials.verify', {});

    down = true;
    const first: string[] = [];
    for (let index = 0; index < 4; index++)
      first.push((await call<{ id: string }>('prints.enqueue', { terminalId: TERMINAL_1, subtype: 'custom', content: receipt(`late ${index}`) })).id);
    const other = await call<{ id: string }>('prints.enqueue', { terminalId: TERMINAL_3, subtype: 'custom', content: receipt('late other') });
    const start = target.clock.now();
    await driveUntil(target.clock, () => target.clock.now() - start > 1.5 * MINUTE, {
      stepMs: 1_000,
      maxMs: 2 * MINUTE,
      what: 'an outage of a minute and a half',
    });
    const during = await call<{ terminals: Array<{ terminalId: string; waiting: number }> }>('backlog.list', {});
    expect(during.terminals.map((terminal) => terminal.terminalId).sort()).toEqual([TERMINAL_1, TERMINAL_3].sort());

    // The platform is back: nothing of the held terminals goes out before the cashier answers.
    down = false;
    const back = target.clock.now();
    await driveUntil(target.clock, () => target.clock.now() - back > 30_000, { stepMs: 1_000, what: 'half a minute back online' });
    expect(target.actions()).toEqual([]);

    const answered = await call<{ released: number; setAside: number }>('backlog.decide', { terminalId: TERMINAL_1, decision: 'last_n', keep: 2 });
    expect(answered.released + answered.setAside).toBeGreaterThanOrEqual(3);
    await driveUntil(
      target.clock,
      async () => {
        const statuses = await Promise.all(first.map(async (id) => (await call<{ status: string }>('prints.get', { id })).status));
        return statuses.slice(0, 2).every((status) => status === 'canceled');
      },
      { what: 'the older prints set aside' },
    );
    const references = await Promise.all(first.map(async (id) => (await call<{ externalReference: string }>('prints.get', { id })).externalReference));
    const sentNow = () => new Set(target.actions().map((action) => action.external_reference));
    await driveUntil(target.clock, () => references.slice(2).every((reference) => sentNow().has(reference)), { what: 'the last two prints sent' });
    const sent = sentNow();
    // The newest never-sent one of the two older prints cannot have reached the platform: it never does.
    expect(sent.has(references[1] ?? '')).toBe(false);
    // The other terminal still waits for its own answer.
    expect(target.actions().some((action) => action.terminal_id === TERMINAL_3)).toBe(false);
    await call('backlog.decide', { terminalId: TERMINAL_3, decision: 'print_all' });
    await driveUntil(target.clock, () => target.actions().some((action) => action.terminal_id === TERMINAL_3), { what: 'the other terminal’s print' });
    expect((await call<{ status: string }>('prints.get', { id: other.id })).status).not.toBe('canceled');
    expect((await call<{ terminals: unknown[] }>('backlog.list', {})).terminals).toEqual([]);
  }, 120_000);
});
