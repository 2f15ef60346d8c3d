import { afterEach, describe, expect, it } from 'vitest';
import { createAppCore, type AppCore } from '../app-core';
import { createMemoryStore } from '../settings/store';
import {
  configureTerminal,
  COUNTER_APP,
  createTestHttp,
  driveUntil,
  failureOf,
  pressTerminal,
  receipt,
  startTestSandbox,
  temporaryDirectory,
  testCoreOptions,
  TERMINAL_1,
  type Interference,
  type TestSandbox,
} from '../../testing/harness';

/**
 * The lane half of a failing print: a print whose creates keep failing is set aside (`needs_attention`)
 * instead of holding its terminal's lane for 23 h; the cashier tries it again or gives it up, and it
 * is never created twice. Against the sandbox, with the failures made by the test's Http.
 */

const CREATE = '/terminals/v1/actions';
const SET_ASIDE = { failures: 3, afterMs: 5_000 };

let platform: TestSandbox | undefined;
const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
  platform = undefined;
});

/** How the test's Http treats the next creates: a script of interferences, then `pass`. */
async function start() {
  platform = await startTestSandbox();
  const target = platform;
  cleanup.push(() => target.close());
  const script: Interference[] = [];
  const recorder = createTestHttp(target.clock, ({ method, path }) => (method === 'POST' && path === CREATE ? (script.shift() ?? 'pass') : 'pass'));
  const directory = temporaryDirectory();
  cleanup.push(() => directory.remove());
  const core: AppCore = createAppCore({
    settingsStore: createMemoryStore(),
    ...testCoreOptions(target, recorder.http),
    sandboxCredentials: { clientId: COUNTER_APP.clientId, clientSecret: COUNTER_APP.clientSecret },
    dataDirectory: directory.path,
    random: () => 0.5,
    queuePolicy: { setAside: SET_ASIDE },
  });
  cleanup.push(() => core.close());
  await configureTerminal(target, TERMINAL_1, { mode: 'manual' });
  const get = (id: string) => core.handlers['prints.get']({ id, includeContent: false });
  const waitFor = (id: string, status: string) =>
    driveUntil(target.clock, async () => (await get(id)).status === status, { what: `print ${id} ${status}`, maxMs: 300_000 });
  const enqueue = (label: string) => core.handlers['prints.enqueue']({ terminalId: TERMINAL_1, subtype: 'custom', content: receipt(label) });
  const actionsOf = (reference: string) => target.actions().filter((action) => action.external_reference === reference);
  const keysOf = (count: number) =>
    new Set(recorder.log.filter((entry) => entry.method === 'POST' && entry.path === CREATE).map((entry) => entry.idempotencyKey)).size === count;
  return { core, target, script, log: recorder.log, get, waitFor, enqueue, actionsOf, keysOf };
}

describe('a print that keeps failing is set aside', () => {
  it('stops holding its lane: the print behind it prints, and it says why in both languages', async () => {
    const { core, target, script, get, waitFor, enqueue, actionsOf } = await start();
    script.push(...Array.from({ length: 50 }, () => ({ status: 500, code: 'internal_error' }) as const));
    const stuck = await enqueue('stuck');
    await waitFor(stuck.id, 'needs_attention');
    const summary = await get(stuck.id);
    // At least the policy's failures AND its time: not one failure earlier.
    expect(summary.attempts).toBeGreaterThanOrEqual(SET_ASIDE.failures);
    expect(summary.attention).toMatchObject({ code: 'internal_error' });
    expect(summary.attention?.message).toContain('Try again, or give up on it');
    expect(summary.lastError?.message).not.toContain('Counter will retry');
    const attemptsWhenSetAside = summary.attempts;

    script.length = 0;
    const next = await enqueue('next');
    await waitFor(next.id, 'created');
    expect((await pressTerminal(target, TERMINAL_1, 'refresh')).status).toBe(200);
    await waitFor(next.id, 'processed');
    // Set aside, it is not resent by itself.
    expect((await get(stuck.id)).attempts).toBe(attemptsWhenSetAside);
    expect(actionsOf(stuck.externalReference)).toEqual([]);

    await core.handlers['settings.update']({ language: 'es' });
    expect((await get(stuck.id)).attention?.message).toContain('Inténtelo de nuevo o abandónela');
  });

  it('Give up on a create that reached the platform unheard: the same key finds the action, which is cancelled; never two', async () => {
    const { core, target, script, log, waitFor, enqueue, actionsOf, keysOf } = await start();
    // The first create reaches the platform but its answer is lost; every resend is refused on the way.
    script.push('lose-response', ...Array.from({ length: 50 }, () => 'refuse' as const));
    const stuck = await enqueue('unheard');
    await waitFor(stuck.id, 'needs_attention');
    expect(actionsOf(stuck.externalReference).map((action) => action.status)).toEqual(['created']);
    script.length = 0;

    // The action it left on the terminal keeps the next print out (spec 7.2), as the platform's rule.
    const next = await enqueue('behind');
    await driveUntil(target.clock, () => log.some((entry) => entry.path === CREATE && entry.status === 409), { what: 'a busy answer' });

    const given = await core.handlers['prints.giveUp']({ id: stuck.id });
    expect(given).toMatchObject({ status: 'canceled' });
    expect(actionsOf(stuck.externalReference).map((action) => action.status)).toEqual(['canceled']);
    // Every create of it, the give-up's resend included, carried its one key.
    const stuckKeys = new Set(log.filter((entry) => entry.path === CREATE && entry.idempotencyKey !== null).map((entry) => entry.idempotencyKey));
    expect(stuckKeys.size).toBe(2);
    await waitFor(next.id, 'created');
    expect(keysOf(2)).toBe(true);
    expect(actionsOf(next.externalReference)).toHaveLength(1);
  });

  it('Give up on a print the platform never had: the resend is refused (the terminal is busy), so it is failed, and nothing of it exists', async () => {
    const { core, target, script, get, waitFor, enqueue, actionsOf } = await start();
    script.push(...Array.from({ length: 50 }, () => 'refuse' as const));
    const stuck = await enqueue('never there');
    await waitFor(stuck.id, 'needs_attention');
    script.length = 0;
    const next = await enqueue('waiting');
    await waitFor(next.id, 'created');

    const given = await core.handlers['prints.giveUp']({ id: stuck.id });
    expect(given).toMatchObject({ status: 'failed', lastError: { code: 'print_given_up' } });
    expect(actionsOf(stuck.externalReference)).toEqual([]);
    expect((await get(stuck.id)).status).toBe('failed');
    await pressTerminal(target, TERMINAL_1, 'refresh');
    await waitFor(next.id, 'processed');
    expect(actionsOf(stuck.externalReference)).toEqual([]);
  });

  it('a give-up whose resend fails again leaves it set aside, with the failure for the cashier', async () => {
    const { core, script, get, waitFor, enqueue, actionsOf } = await start();
    script.push(...Array.from({ length: 50 }, () => 'refuse' as const));
    const stuck = await enqueue('still down');
    await waitFor(stuck.id, 'needs_attention');
    const failure = await failureOf(core.handlers['prints.giveUp']({ id: stuck.id }));
    expect(failure.code).toBe('network_error');
    expect((await get(stuck.id)).status).toBe('needs_attention');
    expect(actionsOf(stuck.externalReference)).toEqual([]);
  });

  it('Try again puts it back in its lane with the same key, and it prints once', async () => {
    const { core, target, script, log, waitFor, enqueue, actionsOf } = await start();
    script.push('lose-response', ...Array.from({ length: 50 }, () => 'refuse' as const));
    const stuck = await enqueue('again');
    await waitFor(stuck.id, 'needs_attention');
    script.length = 0;
    // Back in its lane: by the time the answer comes its resend may already have been answered.
    expect(['sending', 'created']).toContain((await core.handlers['prints.retry']({ id: stuck.id })).status);
    await waitFor(stuck.id, 'created');
    await pressTerminal(target, TERMINAL_1, 'refresh');
    await waitFor(stuck.id, 'processed');
    expect(actionsOf(stuck.externalReference)).toHaveLength(1);
    expect(new Set(log.filter((entry) => entry.path === CREATE).map((entry) => entry.idempotencyKey)).size).toBe(1);
    // Only a print set aside can be tried again or given up.
    expect((await failureOf(core.handlers['prints.retry']({ id: stuck.id }))).code).toBe('print_not_set_aside');
    expect((await failureOf(core.handlers['prints.giveUp']({ id: stuck.id }))).code).toBe('print_not_set_aside');
  });
});
