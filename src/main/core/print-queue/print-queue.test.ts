import { sqlite } from '../history/sqlite';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PrintSummary } from '../../../shared/ipc/channels/prints';
import { createAppCore, type AppCore, type AppCoreOptions } from '../app-core';
import type { Http } from '../ports';
import { createMemoryStore, type KeyValueStore } from '../settings/store';
import {
  addFaults,
  completeOnTerminal,
  configureTerminal,
  COUNTER_APP,
  createTestHttp,
  failureOf,
  driveUntil,
  OTHER_USERS_TERMINAL,
  pressTerminal,
  receipt,
  settle,
  STANDALONE_TERMINAL,
  startTestSandbox,
  temporaryDirectory,
  testCoreOptions,
  TERMINAL_1,
  TERMINAL_2,
  type Interference,
  type TestSandbox,
} from '../../testing/harness';

let platform: TestSandbox | undefined;
const cores: AppCore[] = [];
const directories: Array<{ remove(): void }> = [];
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  await platform?.close();
  platform = undefined;
  for (const directory of directories.splice(0)) directory.remove();
});

interface Started {
  core: AppCore;
  target: TestSandbox;
  log: ReturnType<typeof createTestHttp>['log'];
  events: PrintSummary[];
  store: KeyValueStore;
  dataDirectory: string;
  status(id: string): Promise<string>;
  waitFor(id: string, status: string, maxMs?: number): Promise<void>;
}

async function start(
  options: {
    interfere?: (request: { method: string; path: string }) => Interference;
    http?: Http;
    store?: KeyValueStore;
    dataDirectory?: string;
  } & Partial<AppCoreOptions> = {},
): Promise<Started> {
  platform ??= await startTestSandbox();
  const target = platform;
  const recorder = createTestHttp(target.clock, options.interfere);
  let dataDirectory = options.dataDirectory;
  if (dataDirectory === undefined) {
    const directory = temporaryDirectory();
    directories.push(directory);
    dataDirectory = directory.path;
  }
  const store = options.settingsStore ?? createMemoryStore();
  const core = createAppCore({
    settingsStore: store,
    ...testCoreOptions(target, options.http ?? recorder.http),
    sandboxCredentials: { clientId: COUNTER_APP.clientId, clientSecret: COUNTER_APP.clientSecret },
    dataDirectory,
    random: () => 0.5,
    ...options,
  });
  cores.push(core);
  const events: PrintSummary[] = [];
  core.events.subscribe((name, payload) => {
    if (name === 'print.changed') events.push(payload as PrintSummary);
  });
  const status = async (id: string) => (await core.handlers['prints.get']({ id, includeContent: false })).status;
  return {
    core,
    target,
    log: recorder.log,
    events,
    store,
    dataDirectory,
    status,
    waitFor: (id, wanted, maxMs) => driveUntil(target.clock, async () => (await status(id)) === wanted, { what: `print ${id} ${wanted}`, maxMs }),
  };
}

const enqueue = (core: AppCore, terminalId: string, label: string, externalReference?: string) =>
  core.handlers['prints.enqueue']({ terminalId, subtype: 'custom', content: receipt(label), externalReference });

describe('print queue against the sandbox', () => {
  it('takes a print from enqueue to processed, with an event for every transition and its history kept', async () => {
    const { core, events, waitFor } = await start();
    const print = await enqueue(core, TERMINAL_1, 'life');
    expect(print).toMatchObject({ status: 'queued', terminalId: TERMINAL_1, subtype: 'custom', attempts: 0, actionId: null });
    expect(print.externalReference).toMatch(/^CTR-\d{8}-\d{6}-[A-HJ-NP-Z2-9]{6}$/);
    await waitFor(print.id, 'processed');
    const statuses = events.filter((event) => event.id === print.id).map((event) => event.status);
    expect([...new Set(statuses)]).toEqual(['queued', 'sending', 'created', 'on_terminal', 'processed']);
    const detail = await core.handlers['prints.get']({ id: print.id, includeContent: true });
    expect(detail.history.map((step) => step.status)).toEqual(['queued', 'sending', 'created', 'on_terminal', 'processed']);
    expect(detail).toMatchObject({ attempts: 1, lastError: null, content: receipt('life') });
    expect(detail.actionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('has the print and its idempotency key durably on disk before the first request', async () => {
    const directory = temporaryDirectory();
    directories.push(directory);
    const seenOnDisk: Array<string | undefined> = [];
    const checkingHttp: Http = async (url, init = {}) => {
      if (init.method === 'POST' && new URL(url).pathname === '/terminals/v1/actions') {
        // As the platform would: the request counts once its whole body is in (it may be prepared earlier).
        const body = await new Request(url, init).text();
        // Read-only, from a second connection, as a restarted process would find the committed history.
        const key = new Headers(init.headers).get('x-idempotency-key') ?? 'no key';
        const reader = new (sqlite().DatabaseSync)(join(directory.path, 'history-sandbox.sqlite'), { readOnly: true });
        try {
          seenOnDisk.push(reader.prepare('SELECT id FROM prints WHERE idempotency_key = ?').get(key) === undefined ? undefined : key);
        } finally {
          reader.close();
        }
        return fetch(url, { method: init.method, headers: init.headers, body, signal: init.signal });
      }
      return fetch(url, init);
    };
    const { core, waitFor } = await start({ http: checkingHttp, dataDirectory: directory.path });
    const print = await enqueue(core, TERMINAL_1, 'durable');
    await waitFor(print.id, 'created');
    expect(seenOnDisk).toHaveLength(1);
    expect(seenOnDisk[0]).toBeDefined();
  });

  it('keeps one terminal’s order and never has two of its prints waiting in created', async () => {
    const { core, target, waitFor, log } = await start();
    await configureTerminal(target, TERMINAL_1, { mode: 'manual' });
    const prints = [];
    for (const label of ['A', 'B', 'C']) prints.push(await enqueue(core, TERMINAL_1, label));
    const [a, b, c] = prints.map((print) => print.id) as [string, string, string];
    await waitFor(a, 'created');
    await target.clock.advance(10_000);
    expect(await Promise.all([b, c].map(async (id) => (await core.handlers['prints.get']({ id, includeContent: false })).status))).toEqual([
      'queued',
      'queued',
    ]);
    for (const id of [a, b, c]) {
      await waitFor(id, 'created');
      expect(target.actions().filter((action) => action.terminal_id === TERMINAL_1 && action.status === 'created')).toHaveLength(1);
      expect((await pressTerminal(target, TERMINAL_1, 'refresh')).status).toBe(200);
      await waitFor(id, 'processed');
    }
    const order = target
      .actions()
      .sort((x, y) => x.createdAt - y.createdAt)
      .map((action) => action.external_reference);
    expect(order).toEqual(prints.map((print) => print.externalReference));
    // Never refused for a waiting order of its own: the queue, not the platform, enforced the rule.
    expect(log.filter((request) => request.status === 409)).toHaveLength(0);
  });

  it('sends prints for different terminals in parallel', async () => {
    const { core, target, waitFor } = await start();
    await configureTerminal(target, TERMINAL_1, { mode: 'manual' });
    await configureTerminal(target, TERMINAL_2, { mode: 'manual' });
    const first = await enqueue(core, TERMINAL_1, 'one');
    const second = await enqueue(core, TERMINAL_2, 'two');
    await waitFor(first.id, 'created');
    await waitFor(second.id, 'created');
  });

  it('waits, instead of failing, while another client’s order holds the terminal (409 already_queued_order_for_terminal)', async () => {
    const { core, target, waitFor, log } = await start();
    await configureTerminal(target, TERMINAL_1, { mode: 'manual' });
    // Another cash register app of the same account.
    const token = (await (
      await fetch(`${target.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', client_id: COUNTER_APP.clientId, client_secret: COUNTER_APP.clientSecret }),
      })
    ).json()) as { access_token: string };
    const foreign = await fetch(`${target.baseUrl}/terminals/v1/actions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token.access_token}`, 'x-idempotency-key': 'foreign-1' },
      body: JSON.stringify({
        type: 'print',
        external_reference: 'FOREIGN-1',
        config: { point: { terminal_id: TERMINAL_1, subtype: 'custom' } },
        content: receipt('foreign'),
      }),
    });
    expect(foreign.status).toBe(201);

    const ours = await enqueue(core, TERMINAL_1, 'ours');
    // The log has the 409 once its headers are in; the print shows it once its body has been read too.
    await driveUntil(
      target.clock,
      async () => (await core.handlers['prints.get']({ id: ours.id, includeContent: false })).lastError?.code === 'already_queued_order_for_terminal',
      { what: 'the 409 on the print' },
    );
    expect(log.filter((request) => request.status === 409)).not.toHaveLength(0);
    await target.clock.advance(5_000);
    const waiting = await core.handlers['prints.get']({ id: ours.id, includeContent: false });
    // Still `sending`, under its first key: the platform keeps no answer to a 4xx under a key (spec 7.2).
    expect(waiting).toMatchObject({ status: 'sending', lastError: { code: 'already_queued_order_for_terminal', retryable: true } });
    expect(waiting.lastError?.message).toContain('waiting');
    const keys = new Set(
      log.filter((request) => request.method === 'POST' && request.path === '/terminals/v1/actions').map((request) => request.idempotencyKey),
    );
    expect(keys).toEqual(new Set([(await core.handlers['prints.get']({ id: ours.id, includeContent: false })).idempotencyKey]));

    expect((await pressTerminal(target, TERMINAL_1, 'refresh')).status).toBe(200);
    await waitFor(ours.id, 'created', 60_000);
    expect(target.actions().filter((action) => action.external_reference === ours.externalReference)).toHaveLength(1);
  });

  it('cancels per state: locally when only queued, through the API when created, and explains on_terminal', async () => {
    const { core, target, waitFor, log } = await start();
    await configureTerminal(target, TERMINAL_1, { mode: 'manual', completion: 'manual' });
    const first = await enqueue(core, TERMINAL_1, 'first');
    const second = await enqueue(core, TERMINAL_1, 'second');
    await waitFor(first.id, 'created');

    const requestsBefore = log.length;
    expect(await core.handlers['prints.cancel']({ id: second.id })).toMatchObject({ status: 'canceled' });
    expect(log.length).toBe(requestsBefore);

    expect(await core.handlers['prints.cancel']({ id: first.id })).toMatchObject({ status: 'canceled' });
    const cancelRequest = log.find((request) => request.path.endsWith('/cancel'));
    expect(cancelRequest).toMatchObject({ status: 200 });
    expect(cancelRequest?.idempotencyKey).toBeTruthy();
    expect(target.actions().find((action) => action.external_reference === first.externalReference)?.status).toBe('canceled');

    const third = await enqueue(core, TERMINAL_1, 'third');
    await waitFor(third.id, 'created');
    expect((await pressTerminal(target, TERMINAL_1, 'refresh')).status).toBe(200);
    await waitFor(third.id, 'on_terminal');
    const refused = await failureOf(core.handlers['prints.cancel']({ id: third.id }));
    expect(refused).toMatchObject({ code: 'cannot_cancel_order', status: 409 });
    expect(refused.message).toContain('terminal');
    expect((await completeOnTerminal(target, TERMINAL_1, 'processed')).status).toBe(200);
    await waitFor(third.id, 'processed');
    expect(await failureOf(core.handlers['prints.cancel']({ id: third.id }))).toMatchObject({ code: 'print_already_final' });
  });

  it('answers the spec’s 409 when a created print was picked up before the cancel arrived', async () => {
    const { core, target, waitFor } = await start();
    await configureTerminal(target, TERMINAL_1, { mode: 'manual', completion: 'manual' });
    const print = await enqueue(core, TERMINAL_1, 'race');
    await waitFor(print.id, 'created');
    // Picked up on the terminal; the queue has not polled yet.
    expect((await pressTerminal(target, TERMINAL_1, 'refresh')).status).toBe(200);
    const refused = await failureOf(core.handlers['prints.cancel']({ id: print.id }));
    expect(refused).toMatchObject({ code: 'cannot_cancel_order', status: 409 });
    expect(await core.handlers['prints.get']({ id: print.id, includeContent: false })).toMatchObject({ status: 'on_terminal' });
  });

  it('cancels a print asked to cancel while its create was in flight, as soon as it exists', async () => {
    let hangCreates = 1;
    const { core, target, waitFor } = await start({
      interfere: ({ method, path }) => (method === 'POST' && path === '/terminals/v1/actions' && hangCreates-- > 0 ? 'hang' : 'pass'),
    });
    await configureTerminal(target, TERMINAL_1, { mode: 'manual' });
    const print = await enqueue(core, TERMINAL_1, 'in flight');
    await driveUntil(target.clock, async () => (await core.handlers['prints.get']({ id: print.id, includeContent: false })).status === 'sending', {
      what: 'sending',
    });
    expect(await core.handlers['prints.cancel']({ id: print.id })).toMatchObject({ status: 'sending', cancelRequested: true });
    await waitFor(print.id, 'canceled', 120_000);
    expect(
      target
        .actions()
        .filter((action) => action.external_reference === print.externalReference)
        .map((action) => action.status),
    ).toEqual(['canceled']);
  });

  it('fails a print the platform refuses for good (4xx) and moves on to the next one', async () => {
    const { core, waitFor } = await start();
    const foreign = await enqueue(core, OTHER_USERS_TERMINAL, 'not mine');
    await waitFor(foreign.id, 'failed');
    expect(await core.handlers['prints.get']({ id: foreign.id, includeContent: false })).toMatchObject({
      lastError: { code: 'forbidden_checking_terminal_owner', status: 403, retryable: false },
    });

    const standalone = await enqueue(core, STANDALONE_TERMINAL, 'standalone');
    await waitFor(standalone.id, 'failed');
    expect((await core.handlers['prints.get']({ id: standalone.id, includeContent: false })).lastError?.code).toBe('property_value');

    // Once the terminals are listed, a STANDALONE terminal is refused before anything is journaled.
    const list = await core.handlers['terminals.list']({});
    expect(list.terminals.find((terminal) => terminal.id === STANDALONE_TERMINAL)).toMatchObject({ canPrint: false, operatingMode: 'STANDALONE' });
    expect(list.terminals.find((terminal) => terminal.id === TERMINAL_1)).toMatchObject({ canPrint: true });
    expect(await failureOf(enqueue(core, STANDALONE_TERMINAL, 'again'))).toMatchObject({ code: 'terminal_cannot_print' });
    expect(await failureOf(core.handlers['prints.enqueue']({ terminalId: TERMINAL_1, subtype: 'image', content: 'not base64!' }))).toMatchObject({
      code: 'invalid_base64',
    });
  });

  it('refuses an invoice the DTE checker flags before queueing it, naming the problem', async () => {
    const { core } = await start();
    const deep = `<DTE>${'<a>'.repeat(101)}x${'</a>'.repeat(101)}</DTE>`;
    const refusal = await failureOf(core.handlers['prints.enqueue']({ terminalId: TERMINAL_1, subtype: 'invoice', content: deep }));
    expect(refusal).toMatchObject({ code: 'invalid_data_xml', status: 400 });
    expect(refusal.message).toMatch(/^The invoice XML .* nested 102 levels deep/);
    expect((await failureOf(core.handlers['prints.enqueue']({ terminalId: TERMINAL_1, subtype: 'invoice', content: deep }), 'es')).message).toMatch(
      /anidados 102 niveles/,
    );
    const all = await core.handlers['prints.list']({ filters: {}, sort: { field: 'createdAt', direction: 'desc' }, page: { index: 0, size: 50 } });
    expect(all.total).toBe(0);
  });

  it('reports a print the terminal could not print (no paper) as failed', async () => {
    const { core, target, waitFor } = await start();
    await configureTerminal(target, TERMINAL_1, { paper: 'out' });
    const print = await enqueue(core, TERMINAL_1, 'no paper');
    await waitFor(print.id, 'failed');
  });

  it('polls fast at first, then slower, within 40 requests a minute per terminal, and pauses on 429', async () => {
    const { core, target, log, waitFor } = await start();
    await configureTerminal(target, TERMINAL_1, { mode: 'manual' });
    const print = await enqueue(core, TERMINAL_1, 'long wait');
    await waitFor(print.id, 'created');
    const createdAt = target.clock.now();
    await driveUntil(target.clock, () => target.clock.now() - createdAt >= 5 * 60_000, { stepMs: 500, maxMs: 6 * 60_000, what: 'five minutes' });
    const polls = log.filter((request) => request.method === 'GET' && request.path.startsWith('/terminals/v1/actions/'));
    const gaps = polls.slice(1).map((request, index) => request.at - (polls[index]?.at ?? 0));
    // 1.3 s, ×1.1, capped at 1.5 s for 30 s, then at 2 s (each rounded up to the driver's 500 ms step).
    expect(gaps[0]).toBeLessThanOrEqual(1_500);
    expect(gaps.at(-1) ?? 0).toBeGreaterThan(gaps[0] ?? Infinity);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(2_600);
    for (let minute = 0; minute < 5; minute++) {
      const inMinute = polls.filter((request) => request.at >= createdAt + minute * 60_000 && request.at < createdAt + (minute + 1) * 60_000);
      expect(inMinute.length).toBeLessThanOrEqual(40);
      expect(inMinute.length).toBeGreaterThan(5);
    }

    await addFaults(target, [{ method: 'GET', pathPattern: '/terminals/v1/actions/*', count: 1, status: 429, retryAfterSeconds: 20 }]);
    await driveUntil(target.clock, () => log.some((request) => request.status === 429), { what: 'the 429' });
    const limitedAt = log.find((request) => request.status === 429)?.at ?? 0;
    await driveUntil(target.clock, () => target.clock.now() - limitedAt >= 30_000, { stepMs: 500, what: 'thirty seconds' });
    const afterLimit = log.filter((request) => request.at > limitedAt);
    expect(afterLimit[0]?.at ?? Infinity).toBeGreaterThanOrEqual(limitedAt + 20_000);
    void core;
  });

  it('learns a terminal that always takes a minute to pick up: fewer polls before the pickup, the change still seen quickly', async () => {
    const { core, target, log, waitFor } = await start();
    await configureTerminal(target, TERMINAL_1, { pickup_delay_ms: 60_000, print_duration_ms: 2_000 });
    const pollsInFirst45s = async (label: string) => {
      const print = await enqueue(core, TERMINAL_1, label);
      await waitFor(print.id, 'created');
      const detail = await core.handlers['prints.get']({ id: print.id, includeContent: false });
      await waitFor(print.id, 'processed', 3 * 60_000);
      const after = await core.handlers['prints.get']({ id: print.id, includeContent: false });
      const createdAt = Date.parse(detail.history.find((step) => step.status === 'created')?.at ?? '');
      const pickedAt = Date.parse(after.history.find((step) => step.status === 'on_terminal')?.at ?? '');
      const polls = log.filter(
        (request) => request.method === 'GET' && request.path === `/terminals/v1/actions/${after.actionId ?? ''}` && request.at < createdAt + 45_000,
      );
      return { polls: polls.length, seenAfterPickup: pickedAt - (createdAt + 60_000) };
    };
    const first = await pollsInFirst45s('first');
    await pollsInFirst45s('second');
    await pollsInFirst45s('third');
    const learned = await pollsInFirst45s('fourth');
    expect(first.polls).toBeGreaterThan(20);
    expect(learned.polls).toBeLessThanOrEqual(12);
    // Still seen within the quick cadence once the pickup is due (plus the test driver's step).
    expect(learned.seenAfterPickup).toBeLessThanOrEqual(2_100);
  });

  it('resumes every unfinished print after a restart on the same data directory', async () => {
    const first = await start();
    await configureTerminal(first.target, TERMINAL_1, { mode: 'manual' });
    const a = await enqueue(first.core, TERMINAL_1, 'before restart A');
    const b = await enqueue(first.core, TERMINAL_1, 'before restart B');
    await first.waitFor(a.id, 'created');
    await first.core.close();

    const second = await start({ dataDirectory: first.dataDirectory, settingsStore: first.store });
    expect(await second.status(a.id)).toBe('created');
    expect(await second.status(b.id)).toBe('queued');
    expect((await pressTerminal(second.target, TERMINAL_1, 'refresh')).status).toBe(200);
    await second.waitFor(a.id, 'processed');
    await second.waitFor(b.id, 'created');
    expect((await pressTerminal(second.target, TERMINAL_1, 'refresh')).status).toBe(200);
    await second.waitFor(b.id, 'processed');
    expect(second.target.actions()).toHaveLength(2);
  });

  it('lists, filters, sorts and pages in main; reprints; prunes by age', async () => {
    const { core, target, waitFor } = await start();
    const one = await enqueue(core, TERMINAL_1, 'one', 'ORDER-0001');
    await target.clock.advance(1_000);
    const two = await enqueue(core, TERMINAL_2, 'two', 'ORDER-0002');
    await target.clock.advance(1_000);
    const three = await enqueue(core, TERMINAL_1, 'three', 'REFUND-0003');
    await waitFor(one.id, 'processed');
    await waitFor(two.id, 'processed');
    await waitFor(three.id, 'processed');

    const all = await core.handlers['prints.list']({ filters: {}, sort: { field: 'createdAt', direction: 'desc' }, page: { index: 0, size: 50 } });
    expect(all.items.map((item) => item.id)).toEqual([three.id, two.id, one.id]);
    const orders = await core.handlers['prints.list']({
      filters: { search: 'order' },
      sort: { field: 'externalReference', direction: 'asc' },
      page: { index: 0, size: 1 },
    });
    expect(orders).toMatchObject({ total: 2, items: [{ id: one.id }], page: { index: 0, size: 1 } });
    const secondPage = await core.handlers['prints.list']({
      filters: { search: 'order' },
      sort: { field: 'externalReference', direction: 'asc' },
      page: { index: 1, size: 1 },
    });
    expect(secondPage.items.map((item) => item.id)).toEqual([two.id]);
    const terminalOne = await core.handlers['prints.list']({
      filters: { terminalId: TERMINAL_1, status: ['processed'], subtype: 'custom' },
      sort: { field: 'createdAt', direction: 'asc' },
      page: { index: 0, size: 50 },
    });
    expect(terminalOne.items.map((item) => item.id)).toEqual([one.id, three.id]);
    const range = await core.handlers['prints.list']({
      filters: { from: two.createdAt, to: three.createdAt },
      sort: { field: 'createdAt', direction: 'asc' },
      page: { index: 0, size: 50 },
    });
    expect(range.items.map((item) => item.id)).toEqual([two.id]);

    const again = await core.handlers['prints.reprint']({ id: one.id, terminalId: TERMINAL_2 });
    expect(again).toMatchObject({ reprintOf: one.id, terminalId: TERMINAL_2, status: 'queued' });
    expect(again.externalReference).toMatch(/^ORDER-0001-R[0-9A-Z]{6}$/);
    await waitFor(again.id, 'processed');
    expect((await core.handlers['prints.get']({ id: again.id, includeContent: true })).content).toBe(receipt('one'));

    await target.clock.advance(3 * 24 * 60 * 60_000);
    const fresh = await enqueue(core, TERMINAL_1, 'fresh');
    await waitFor(fresh.id, 'processed');
    expect(await core.handlers['prints.prune']({ olderThanDays: 2 })).toEqual({ removed: 4 });
    const left = await core.handlers['prints.list']({ filters: {}, sort: { field: 'createdAt', direction: 'asc' }, page: { index: 0, size: 50 } });
    expect(left.items.map((item) => item.id)).toEqual([fresh.id]);
    expect(await failureOf(core.handlers['prints.get']({ id: one.id, includeContent: false }))).toMatchObject({ code: 'print_not_found' });
  });

  it('holds prints while the credentials fail and sends them as soon as they are fixed', async () => {
    const { core, target, waitFor } = await start();
    await core.handlers['settings.update']({ environment: 'production' });
    await core.handlers['credentials.setProduction']({ baseUrl: target.baseUrl, clientId: COUNTER_APP.clientId, clientSecret: 'wrong' });
    const print = await enqueue(core, TERMINAL_1, 'held');
    const lastErrorCode = async () => (await core.handlers['prints.get']({ id: print.id, includeContent: false })).lastError?.code;
    await driveUntil(target.clock, async () => (await lastErrorCode()) === 'invalid_client', { what: 'invalid_client' });
    expect(await core.handlers['prints.get']({ id: print.id, includeContent: false })).toMatchObject({ status: 'queued', attempts: 0 });
    expect(target.actions()).toHaveLength(0);
    await core.handlers['credentials.setProduction']({ clientSecret: COUNTER_APP.clientSecret });
    // Sent at once, not at the next scheduled retry (30 s away).
    await settle(30);
    expect(await core.handlers['prints.get']({ id: print.id, includeContent: false })).toMatchObject({ status: 'created' });
    await waitFor(print.id, 'processed');
  });
});
