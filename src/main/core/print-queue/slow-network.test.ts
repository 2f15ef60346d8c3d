import { afterEach, describe, expect, it } from 'vitest';
import type { PrintSummary } from '../../../shared/ipc/channels/prints';
import { createAppCore } from '../app-core';
import type { Http } from '../ports';
import { createMemoryStore } from '../settings/store';
import {
  addFaults,
  completeOnTerminal,
  configureTerminal,
  COUNTER_APP,
  createTestHttp,
  driveUntil,
  pressTerminal,
  receipt,
  settle,
  startTestSandbox,
  temporaryDirectory,
  testCoreOptions,
  TERMINAL_1,
  type TestSandbox,
  foreignPrintOrder,
} from '../../testing/harness';

/**
 * What a slow network does to exactly-once: a request or an answer held back must not print a receipt
 * twice, nor undo a cancel. Each test puts a small proxy (an Http port) between the queue and the
 * sandbox that holds one request or one response back while the rest goes on.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(proxy?: (inner: Http) => Http) {
  const target = await startTestSandbox();
  cleanups.push(() => target.close());
  const directory = temporaryDirectory();
  cleanups.push(() => directory.remove());
  const recorder = createTestHttp(target.clock);
  const core = createAppCore({
    settingsStore: createMemoryStore(),
    ...testCoreOptions(target, proxy === undefined ? recorder.http : proxy(recorder.http)),
    sandboxCredentials: { clientId: COUNTER_APP.clientId, clientSecret: COUNTER_APP.clientSecret },
    dataDirectory: directory.path,
    random: () => 0.5,
  });
  cleanups.push(() => core.close());
  const get = (id: string) => core.handlers['prints.get']({ id, includeContent: false });
  return {
    core,
    target,
    log: recorder.log,
    get,
    enqueue: async (label: string): Promise<PrintSummary> =>
      core.handlers['prints.enqueue']({ terminalId: TERMINAL_1, subtype: 'custom', content: receipt(label) }),
    waitFor: (id: string, status: string, maxMs?: number) =>
      driveUntil(target.clock, async () => (await get(id)).status === status, { what: `print ${id} ${status}`, maxMs }),
    actionsOf: (print: PrintSummary) => target.actions().filter((action) => action.external_reference === print.externalReference),
  };
}

const isCreate = (url: string, init: RequestInit) => init.method === 'POST' && new URL(url).pathname === '/terminals/v1/actions';
const isStatusRead = (url: string, init: RequestInit) => (init.method ?? 'GET') === 'GET' && new URL(url).pathname.startsWith('/terminals/v1/actions/');

/** Another point of sale of the same account puts an order on the terminal. */
const foreignOrder = (target: TestSandbox, terminalId: string): Promise<number> =>
  foreignPrintOrder(target, terminalId, { key: `foreign-${terminalId}`, reference: 'FOREIGN-1' });

describe('print queue on a slow network', () => {
  it('never sends a print cancelled while it waited for its terminal’s budget, paused by a 429 on another print’s status read', async () => {
    const { core, target, log, enqueue, get, waitFor, actionsOf } = await start();
    await configureTerminal(target, TERMINAL_1, { mode: 'manual', completion: 'manual' });
    const first = await enqueue('first');
    await waitFor(first.id, 'created');
    expect((await pressTerminal(target, TERMINAL_1, 'refresh')).status).toBe(200);
    await waitFor(first.id, 'on_terminal');
    await addFaults(target, [{ method: 'GET', pathPattern: '/terminals/v1/actions/*', count: 1, status: 429, retryAfterSeconds: 20 }]);
    await driveUntil(target.clock, () => log.some((request) => request.status === 429), { what: 'the 429' });

    const second = await enqueue('second');
    await settle();
    expect((await get(second.id)).status).toBe('queued');
    expect(await core.handlers['prints.cancel']({ id: second.id })).toMatchObject({ status: 'canceled' });
    await driveUntil(target.clock, () => false, { stepMs: 500, maxMs: 40_000 }).catch(() => undefined);

    expect(actionsOf(second)).toEqual([]);
    expect((await get(second.id)).status).toBe('canceled');
    expect(log.filter((request) => request.method === 'POST' && request.path === '/terminals/v1/actions')).toHaveLength(1);
  });

  it('keeps a print’s key after a 409 busy, so its late first create and the retry make one action', async () => {
    let late: (() => Promise<Response>) | undefined;
    const { target, log, enqueue, get, waitFor, actionsOf } = await start((inner) => async (url, init = {}) => {
      if (late !== undefined || !isCreate(url, init)) return inner(url, init);
      // The first create is held on the way: the app times out, the platform sees it later.
      const body = await new Request(url, init).text();
      const headers = new Headers(init.headers);
      late = () => fetch(url, { method: 'POST', headers, body });
      return new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason ?? new Error('aborted')), { once: true }),
      );
    });
    await configureTerminal(target, TERMINAL_1, { mode: 'manual' });
    const print = await enqueue('late');
    await driveUntil(target.clock, () => late !== undefined, { what: 'the first create on its way' });
    expect(await foreignOrder(target, TERMINAL_1)).toBe(201);
    await driveUntil(target.clock, () => log.some((request) => request.status === 409), { what: 'the retry refused with 409 busy' });

    // The other order is picked up, then the first create finally arrives.
    expect((await pressTerminal(target, TERMINAL_1, 'refresh')).status).toBe(200);
    expect((await late?.())?.status).toBe(201);
    await driveUntil(target.clock, async () => (await get(print.id)).status !== 'sending', { what: 'the retry answered', maxMs: 30_000 }).catch(
      () => undefined,
    );
    // From now on the terminal picks up whatever waits by itself (it would print both, were there two).
    await configureTerminal(target, TERMINAL_1, { mode: 'auto' });
    await driveUntil(target.clock, () => false, { stepMs: 500, maxMs: 60_000 }).catch(() => undefined);

    expect(actionsOf(print)).toHaveLength(1);
    await waitFor(print.id, 'processed');
    const settled = await get(print.id);
    expect(settled.actionId).toBe(actionsOf(print)[0]?.id);
    // The late first create, the 409 busy and at least one retry, all under the print's one key (how many
    // retries depends on when a working request wakes the lane).
    expect(settled.attempts).toBeGreaterThanOrEqual(3);
  });

  it('cancels at once, with no request, a print whose every create was refused because another order held the terminal', async () => {
    const { core, target, log, enqueue, get, actionsOf } = await start();
    await configureTerminal(target, TERMINAL_1, { mode: 'manual' });
    expect(await foreignOrder(target, TERMINAL_1)).toBe(201);
    const print = await enqueue('behind a foreign order');
    await driveUntil(target.clock, async () => (await get(print.id)).lastError?.code === 'already_queued_order_for_terminal', { what: 'the 409 busy' });
    const requests = log.length;
    expect(await core.handlers['prints.cancel']({ id: print.id })).toMatchObject({ status: 'canceled', cancelRequested: false });
    expect(log.length).toBe(requests);
    expect((await pressTerminal(target, TERMINAL_1, 'refresh')).status).toBe(200);
    await driveUntil(target.clock, () => false, { stepMs: 500, maxMs: 30_000 }).catch(() => undefined);
    expect(actionsOf(print)).toEqual([]);
    expect(log.length).toBe(requests);
  });

  it('only asks to cancel a print whose create timed out before the 409 busy, and cancels its late action on the platform', async () => {
    let late: (() => Promise<Response>) | undefined;
    const { core, target, log, enqueue, get, waitFor, actionsOf } = await start((inner) => async (url, init = {}) => {
      if (late !== undefined || !isCreate(url, init)) return inner(url, init);
      const body = await new Request(url, init).text();
      const headers = new Headers(init.headers);
      late = () => fetch(url, { method: 'POST', headers, body });
      return new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason ?? new Error('aborted')), { once: true }),
      );
    });
    await configureTerminal(target, TERMINAL_1, { mode: 'manual', completion: 'manual' });
    const print = await enqueue('late, then cancelled');
    await driveUntil(target.clock, () => late !== undefined, { what: 'the first create on its way' });
    expect(await foreignOrder(target, TERMINAL_1)).toBe(201);
    await driveUntil(target.clock, () => log.some((request) => request.status === 409), { what: 'the retry refused with 409 busy' });

    expect(await core.handlers['prints.cancel']({ id: print.id })).toMatchObject({ status: 'sending', cancelRequested: true });
    // The cashier's terminal finishes the other order; the first create arrives; the queue learns of it and cancels it.
    expect((await pressTerminal(target, TERMINAL_1, 'refresh')).status).toBe(200);
    expect((await completeOnTerminal(target, TERMINAL_1, 'processed')).status).toBe(200);
    expect((await late?.())?.status).toBe(201);
    await waitFor(print.id, 'canceled', 60_000);
    expect(actionsOf(print).map((action) => action.status)).toEqual(['canceled']);
    expect((await get(print.id)).history.at(-1)).toMatchObject({ status: 'canceled', reason: 'canceled_by_api' });
  });

  it('does not move a cancelled print back to created on a status read that was on its way', async () => {
    let holdNextRead = false;
    let release: (() => void) | undefined;
    const { core, target, enqueue, get, waitFor, actionsOf } = await start((inner) => async (url, init = {}) => {
      const response = await inner(url, init);
      if (!holdNextRead || !isStatusRead(url, init)) return response;
      holdNextRead = false;
      // The platform answered `created`; the answer reaches the app only after the cancel below.
      const body = await response.text();
      await new Promise<void>((resolve) => (release = resolve));
      return new Response(body, { status: response.status, headers: { 'content-type': 'application/json' } });
    });
    await configureTerminal(target, TERMINAL_1, { mode: 'manual' });
    const print = await enqueue('cancel me');
    await waitFor(print.id, 'created');
    holdNextRead = true;
    await driveUntil(target.clock, () => release !== undefined, { what: 'a status read held on its way back' });

    expect(await core.handlers['prints.cancel']({ id: print.id })).toMatchObject({ status: 'canceled' });
    release?.();
    await settle();
    await driveUntil(target.clock, () => false, { stepMs: 500, maxMs: 10_000 }).catch(() => undefined);

    expect(actionsOf(print).map((action) => action.status)).toEqual(['canceled']);
    const detail = await get(print.id);
    expect(detail.status).toBe('canceled');
    expect(detail.history.map((step) => step.status)).toEqual(['queued', 'sending', 'created', 'canceled']);
  });
});
