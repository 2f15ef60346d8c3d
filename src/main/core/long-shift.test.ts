import { afterEach, describe, expect, it } from 'vitest';
import {
  COUNTER_APP,
  createTestHttp,
  driveUntil,
  receipt,
  startTestSandbox,
  temporaryDirectory,
  testCoreOptions,
  TERMINAL_1,
  TERMINAL_2,
  TERMINAL_3,
  type TestSandbox,
} from '../testing/harness';
import { createAppCore, type AppCore } from './app-core';
import { createMemoryStore } from './settings/store';

/**
 * A long shift stays lean: what the core holds open (timers on its clock, the process's handles, the
 * process's event listeners, subscribers of its own event hub) after many prints is what it held after
 * the first few. A leak of any of them grows with the number of prints; bench/shift measures the memory.
 */

const TERMINALS = [TERMINAL_1, TERMINAL_2, TERMINAL_3];
let running: { core: AppCore; target: TestSandbox; remove(): void } | undefined;
afterEach(async () => {
  await running?.core.close();
  await running?.target.close();
  running?.remove();
  running = undefined;
});

interface Held {
  timers: number;
  handles: Record<string, number>;
  processListeners: number;
}

function held(target: TestSandbox): Held {
  const handles: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) handles[kind] = (handles[kind] ?? 0) + 1;
  const processListeners = process.eventNames().reduce((sum, name) => sum + process.listenerCount(name), 0);
  return { timers: target.clock.pendingTimers(), handles, processListeners };
}

describe('a long shift', () => {
  it('holds no more timers, handles or listeners after 90 prints than after the first 15', async () => {
    const target = await startTestSandbox();
    const data = temporaryDirectory('counter-long-shift-');
    const recorder = createTestHttp(target.clock);
    const core = createAppCore({
      settingsStore: createMemoryStore(),
      ...testCoreOptions(target, recorder.http),
      dataDirectory: data.path,
      sandboxCredentials: { ...COUNTER_APP },
      random: () => 0.5,
    });
    running = { core, target, remove: data.remove };
    let subscribers = 0;
    const subscribe = core.events.subscribe.bind(core.events);
    core.events.subscribe = (listener) => {
      subscribers++;
      const unsubscribe = subscribe(listener);
      return () => {
        subscribers--;
        return unsubscribe();
      };
    };
    await core.handlers['credentials.verify']({});

    let made = 0;
    const printBatch = async (count: number): Promise<void> => {
      for (let index = 0; index < count; index++) {
        await core.handlers['prints.enqueue']({
          terminalId: TERMINALS[made % TERMINALS.length] ?? TERMINAL_1,
          subtype: 'custom',
          content: receipt(`long ${made}`),
        });
        made++;
      }
      await driveUntil(
        target.clock,
        async () =>
          (
            await core.handlers['prints.list']({
              filters: { status: ['processed'] },
              sort: { field: 'createdAt', direction: 'desc' },
              page: { index: 0, size: 1 },
            })
          ).total === made,
        { stepMs: 1_000, maxMs: 30 * 60_000, what: `${made} prints processed` },
      );
      // Let the last polls and back-offs that follow a finished print run out, as a quiet minute at the counter would.
      await target.clock.advance(60_000);
    };

    await printBatch(15);
    const first = held(target);
    const firstSubscribers = subscribers;
    for (let round = 0; round < 5; round++) await printBatch(15);
    const last = held(target);

    expect(last.timers).toBeLessThanOrEqual(first.timers);
    // Keep-alive sockets to the platform come and go with the pool; a leak would add one per print or so.
    for (const [kind, count] of Object.entries(last.handles)) expect(count, kind).toBeLessThanOrEqual((first.handles[kind] ?? 0) + 2);
    expect(last.processListeners).toBeLessThanOrEqual(first.processListeners);
    expect(subscribers).toBeLessThanOrEqual(firstSubscribers);
  }, 120_000);
});
