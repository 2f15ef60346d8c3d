import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { PrintSummary } from '../../../shared/ipc/channels/prints';
import { createAppCore } from '../app-core';
import { createMemoryStore } from '../settings/store';
import {
  configureTerminal,
  COUNTER_APP,
  createTestHttp,
  driveUntil,
  foreignPrintOrder,
  receipt,
  startTestSandbox,
  temporaryDirectory,
  testCoreOptions,
  TERMINAL_1,
  type Interference,
  type RecordedRequest,
} from '../../testing/harness';

/**
 * A lane that drains (prints waiting behind the one the terminal is about to take): the next print's
 * create is tried in place of a status read of the one ahead, at the lane's learned pace. The platform
 * accepts it only once nothing waits on the terminal, and refuses it with a 409 busy otherwise, which
 * it does not keep under the key. These tests hold the money/paper rule through that: every print
 * printed once, in order, none lost, whatever the platform answers meanwhile.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(interfere?: (request: { method: string; path: string }) => Interference) {
  const target = await startTestSandbox();
  cleanups.push(() => target.close());
  const directory = temporaryDirectory();
  cleanups.push(() => directory.remove());
  const recorder = createTestHttp(target.clock, interfere);
  /** A counter on the data directory; a second one after the first is closed is the same counter restarted. */
  const openCore = () => {
    const opened = createAppCore({
      settingsStore: createMemoryStore(),
      ...testCoreOptions(target, recorder.http),
      sandboxCredentials: { clientId: COUNTER_APP.clientId, clientSecret: COUNTER_APP.clientSecret },
      dataDirectory: directory.path,
      random: () => 0.5,
    });
    cleanups.push(() => opened.close());
    return opened;
  };
  let core = openCore();
  const restart = async () => {
    await core.close();
    core = openCore();
  };
  const get = async (id: string) => core.handlers['prints.get']({ id, includeContent: false });
  const enqueueMany = async (count: number, label: string): Promise<PrintSummary[]> => {
    const prints: PrintSummary[] = [];
    for (let index = 0; index < count; index++)
      prints.push(
        await core.handlers['prints.enqueue']({
          terminalId: TERMINAL_1,
          subtype: 'custom',
          content: receipt(`${label} ${index}`),
          // Its own reference, so each platform action can be told apart (the generated ones share the second).
          externalReference: `${label}-${index}`,
        }),
      );
    return prints;
  };
  const allFinal = async (prints: readonly PrintSummary[]) =>
    (await Promise.all(prints.map(async (print) => (await get(print.id)).status))).every((status) => ['processed', 'failed', 'canceled'].includes(status));
  return { core: () => core, restart, target, log: recorder.log, get, enqueueMany, allFinal };
}

const creates = (log: readonly RecordedRequest[]) => log.filter((request) => request.method === 'POST' && request.path === '/terminals/v1/actions');
const actionRequests = (log: readonly RecordedRequest[]) => log.filter((request) => request.path.startsWith('/terminals/v1/actions'));

describe('a draining lane', () => {
  it('lets the next create stand in for reads of the print ahead: every print once, in order, with fewer requests', async () => {
    const { target, log, get, enqueueMany, allFinal } = await start();
    const prints = await enqueueMany(16, 'DRAIN');
    await driveUntil(target.clock, () => allFinal(prints), { stepMs: 100, maxMs: 10 * 60_000, what: 'the lane drained' });

    for (const print of prints) expect((await get(print.id)).status).toBe('processed');
    const actions = target.actions().filter((action) => action.terminal_id === TERMINAL_1);
    // One action per print, created in the order the prints were made.
    expect(actions.map((action) => action.external_reference).sort()).toEqual(prints.map((print) => print.externalReference).sort());
    expect([...actions].sort((left, right) => left.createdAt - right.createdAt).map((action) => action.external_reference)).toEqual(
      prints.map((print) => print.externalReference),
    );
    // Some creates went while the one ahead still waited, and were refused busy: the probes.
    expect(creates(log).some((request) => request.status === 409)).toBe(true);
    // A create and about one read per print once the pace is learned; reading each print's pickup costs 3.
    expect(actionRequests(log).length / prints.length).toBeLessThan(2.6);
  });

  it('reads a print that keeps waiting after at most two busy answers, so an order of another client cannot hide its status', async () => {
    const { target, log, get, enqueueMany, allFinal } = await start();
    const first = await enqueueMany(6, 'PACE');
    await driveUntil(target.clock, () => allFinal(first), { stepMs: 100, maxMs: 5 * 60_000, what: 'the pace learned' });
    // The terminal stops taking orders by itself, and another client's order waits on it.
    await configureTerminal(target, TERMINAL_1, { mode: 'manual' });
    const [held, ...behind] = await enqueueMany(3, 'HELD');
    if (held === undefined) throw new Error('no print');
    await driveUntil(target.clock, async () => (await get(held.id)).status === 'created', { what: 'the held print created' });
    const actionId = (await get(held.id)).actionId;
    const since = log.length;
    const until = target.clock.now() + 20_000;
    await driveUntil(target.clock, () => target.clock.now() >= until, { stepMs: 100, what: '20 s of waiting' });
    const after = log.slice(since);
    expect(creates(after).filter((request) => request.status === 409).length).toBeLessThanOrEqual(2);
    // From then on its status is read, as for any print: at least every 2 s.
    expect(after.filter((request) => request.method === 'GET' && request.path.endsWith(`/${actionId ?? ''}`)).length).toBeGreaterThanOrEqual(8);
    for (const print of behind) expect(['queued', 'sending']).toContain((await get(print.id)).status);
    expect(target.actions().filter((action) => behind.some((print) => print.externalReference === action.external_reference))).toHaveLength(0);
    expect(await foreignPrintOrder(target, TERMINAL_1, { key: 'foreign-while-held', reference: 'FOREIGN-HELD' })).toBe(409);
  });

  it('resumes a drain after a restart in the middle of it: every print once, in order', async () => {
    const { restart, target, get, enqueueMany, allFinal } = await start();
    const prints = await enqueueMany(12, 'RESTART');
    // Past the learning of the pace, with probes going: some prints created, some sending, some queued.
    await driveUntil(target.clock, async () => (await get(prints[5]?.id ?? '')).status !== 'queued', { stepMs: 100, what: 'the drain under way' });
    await restart();
    await driveUntil(target.clock, () => allFinal(prints), { stepMs: 100, maxMs: 10 * 60_000, what: 'the drain finished after the restart' });
    for (const print of prints) expect((await get(print.id)).status).toBe('processed');
    const actions = [...target.actions().filter((action) => action.terminal_id === TERMINAL_1)].sort((left, right) => left.createdAt - right.createdAt);
    expect(actions.map((action) => action.external_reference)).toEqual(prints.map((print) => print.externalReference));
  });

  it('never loses or doubles a print when creates and reads meet 409, 429, 5xx and lost answers mid-drain', async () => {
    const trouble = fc.array(
      fc.constantFrom<Interference>(
        'pass',
        'pass',
        'pass',
        'pass',
        'pass',
        'lose-response',
        'refuse',
        { status: 500, code: 'internal_error' },
        {
          status: 429,
          code: 'local_rate_limited',
          retryAfterSeconds: 1,
        },
      ),
      { minLength: 40, maxLength: 40 },
    );
    await fc.assert(
      fc.asyncProperty(trouble, fc.integer({ min: 0, max: 7 }), fc.boolean(), async (plan, cancelAt, foreign) => {
        let request = 0;
        const { core, target, get, enqueueMany, allFinal } = await start(({ path }) =>
          path.startsWith('/terminals/') ? (plan[request++ % plan.length] ?? 'pass') : 'pass',
        );
        try {
          const prints = await enqueueMany(8, 'FAULTS');
          let canceled: PrintSummary | undefined;
          await driveUntil(
            target.clock,
            async () => {
              if (foreign && target.clock.now() % 7_000 < 100)
                await foreignPrintOrder(target, TERMINAL_1, { key: `f-${target.clock.now()}`, reference: `F${target.clock.now()}` });
              const victim = prints[cancelAt];
              if (canceled === undefined && victim !== undefined && (await get(victim.id)).status === 'sending') {
                canceled = victim;
                // Refused (it moved on meanwhile) is an answer too: the print goes on.
                await Promise.resolve()
                  .then(() => core().handlers['prints.cancel']({ id: victim.id }))
                  .catch(() => undefined);
              }
              return allFinal(prints);
            },
            { stepMs: 100, maxMs: 15 * 60_000, what: 'the lane drained through the faults' },
          );
          for (const print of prints) {
            const actions = target.actions().filter((action) => action.external_reference === print.externalReference);
            // Never two actions for one print, whatever was lost or refused on the way.
            expect(actions.length).toBeLessThanOrEqual(1);
            const status = (await get(print.id)).status;
            if (print.id === canceled?.id) {
              expect(status).not.toBe('failed');
              if (status === 'canceled') expect(actions.every((action) => action.status === 'canceled')).toBe(true);
            } else {
              // None lost: every other print reached the paper, once.
              expect(status).toBe('processed');
              expect(actions.map((action) => action.status)).toEqual(['processed']);
            }
          }
        } finally {
          for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
        }
      }),
      { numRuns: 4, seed: 20261128 },
    );
  }, 300_000);
});
