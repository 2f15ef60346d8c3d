import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSystemClock } from '../../../shared/clock';
import { DEFAULT_SETTINGS, type StoreDatabaseSettings } from '../../../shared/ipc/channels/app';
import type { PrintDetail } from '../../../shared/ipc/channels/prints';
import type { StoreCommand } from '../../../shared/ipc/channels/store';
import { historyMeta } from '../history/meta';
import { openHistory } from '../history/open';
import { PrintQueueError } from '../print-queue/errors';
import { queuedPrint } from '../print-queue/records';
import { createCommandLoop, executeStoreCommand } from './command-loop';
import { watchElsewhere } from './elsewhere';
import { createStoreHandlers } from './handlers';
import { claimStoreCommands, requestStoreCommand, storeCommand } from './commands';
import { createStoreService, type StoreService } from './store-service';
import { seedCounters } from './testing/seed-store';
import { postgresUnavailable, useTestPostgres } from './testing/store-test-context';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function service(settings: StoreDatabaseSettings): StoreService {
  let current = settings;
  return createStoreService({
    environment: () => 'sandbox',
    settings: () => current,
    saveSettings: (patch) => (current = { ...current, ...patch }),
    password: { read: () => undefined, write: () => undefined, storage: () => 'session-only', forgotten: () => false },
    clock: createSystemClock(),
    appVersion: 'test',
    onStatus: () => undefined,
    onChange: () => undefined,
  });
}

function printAt(id: string, seq: number) {
  return queuedPrint({
    id,
    seq,
    terminalId: 'PAX_A910__1',
    subtype: 'custom',
    externalReference: `ref-${id}`,
    idempotencyKey: `key-${id}`,
    at: Date.now(),
    contentBytes: 5,
    contentPreview: 'hello',
  });
}

describe.skipIf(postgresUnavailable !== undefined)('store service', () => {
  const pg = useTestPostgres();

  it('copies every print the history writes, with its latest state, once the database is on; off, it queues nothing', async () => {
    const url = await pg.server().freshDatabase();
    const folder = mkdtempSync(join(tmpdir(), 'counter-store-service-'));
    folders.push(folder);
    const settings = { ...DEFAULT_SETTINGS.storeDatabase, url, storeId: 'main', counterName: 'Counter A', counterId: 'counter-a' };
    const off = service(settings);
    const offHistory = openHistory({ file: join(folder, 'off.sqlite'), changes: off.historyChanges('sandbox') }).history;
    offHistory.append(printAt('p0', 1), 'hello');
    expect(off.status().sync).toEqual({ kind: 'off' });
    offHistory.closeSync();

    const on = service({ ...settings, enabled: true });
    const { history } = openHistory({ file: join(folder, 'on.sqlite'), changes: on.historyChanges('sandbox') });
    await history.append(printAt('p1', 1), 'hello').durable;
    await history.append(printAt('p2', 2), 'hello').durable;
    await history.update('p1', { status: 'sending', updatedAt: Date.now() }, { status: 'sending', at: Date.now(), reason: null }).durable;
    await expect.poll(() => on.status().sync.kind, { timeout: 10_000 }).toBe('up_to_date');

    const client = await pg.client(url);
    const { rows } = await client.query<{ id: string; status: string }>('SELECT id, status FROM prints ORDER BY id');
    expect(rows).toEqual([
      { id: 'p1', status: 'sending' },
      { id: 'p2', status: 'queued' },
    ]);
    history.closeSync();
    await on.close();
  });

  it('publishes a history under its own environment, and once more a history published before the store knew environments', async () => {
    const url = await pg.server().freshDatabase();
    const folder = mkdtempSync(join(tmpdir(), 'counter-store-environment-'));
    folders.push(folder);
    const file = join(folder, 'history-production.sqlite');
    // Published by an earlier version: its backfill marker is the old one.
    const earlier = openHistory({ file });
    await earlier.history.append(printAt('p-old', 1), 'hello').durable;
    historyMeta(earlier.db).mark('store_backfill');
    earlier.history.closeSync();

    const settings = { ...DEFAULT_SETTINGS.storeDatabase, url, storeId: 'main', counterName: 'Counter A', counterId: 'counter-a', enabled: true };
    const on = service(settings);
    const { history } = openHistory({ file, changes: on.historyChanges('production') });
    await history.append(printAt('p-new', 2), 'hello').durable;
    await expect.poll(() => on.status().sync.kind, { timeout: 10_000 }).toBe('up_to_date');
    const client = await pg.client(url);
    const { rows } = await client.query<{ id: string; environment: string }>('SELECT id, environment FROM prints ORDER BY id');
    expect(rows).toEqual([
      { id: 'p-new', environment: 'production' },
      { id: 'p-old', environment: 'production' },
    ]);
    history.closeSync();
    await on.close();
  });

  it('runs a reprint asked from another counter exactly once, even when a crash came between acting and reporting', async () => {
    const url = await pg.server().freshDatabase();
    const client = await pg.client(url);
    const counters = await seedCounters(client, ['a', 'b']);
    const owner = counters.get('a');
    const original = owner?.history.enqueue();
    await owner?.publish();
    if (original === undefined) throw new Error('no print');

    const made = new Map<string, PrintDetail>([[original.id, { id: original.id, status: 'on_terminal' } as PrintDetail]]);
    const reprints: string[] = [];
    const queue = {
      get: async (id: string) => {
        const print = made.get(id);
        if (print === undefined) throw new PrintQueueError('print_not_found', 404);
        return print;
      },
      reprint: async (_id: string, _terminalId?: string, asId?: string) => {
        const print = { id: asId ?? 'random', status: 'queued' } as PrintDetail;
        reprints.push(print.id);
        made.set(print.id, print);
        return print;
      },
      cancel: async () => {
        throw new PrintQueueError('cannot_cancel_order', 409);
      },
    };

    // Claimed, acted upon, then the counter died before reporting: the next start resumes it without a second print.
    const asked = await requestStoreCommand(client, { kind: 'reprint', counterId: 'a', printId: original.id, requestedBy: 'b' }, 'sandbox');
    const [claimed] = await claimStoreCommands(client, { counterId: 'a', environment: 'sandbox' });
    await executeStoreCommand(queue, claimed as StoreCommand);
    const loop = createCommandLoop({
      target: () => ({ client, counterId: 'a', environment: 'sandbox' }),
      queue: async () => queue,
      clock: createSystemClock(),
    });
    loop.poke();
    await expect.poll(async () => (await storeCommand(client, asked.id))?.state, { timeout: 10_000 }).toBe('done');
    expect(reprints).toEqual([asked.id]);
    expect((await storeCommand(client, asked.id))?.result).toEqual({ ok: true, printId: asked.id });

    // A refusal of the owning counter's queue is its result, with the queue's code.
    const cancel = await requestStoreCommand(client, { kind: 'cancel', counterId: 'a', printId: original.id, requestedBy: 'b' }, 'sandbox');
    loop.poke();
    await expect.poll(async () => (await storeCommand(client, cancel.id))?.state, { timeout: 10_000 }).toBe('failed');
    expect((await storeCommand(client, cancel.id))?.result).toMatchObject({ ok: false, code: 'cannot_cancel_order' });
    await loop.close();
  });

  it('tells a counter sharing a terminal that another counter holds it, and when it is free again', async () => {
    const url = await pg.server().freshDatabase();
    const client = await pg.client(url);
    const counters = await seedCounters(client, ['a', 'b']);
    const other = counters.get('b');
    const held = other?.history.enqueue('PAX_A910__1');
    if (other === undefined || held === undefined) throw new Error('no print');
    other.history.advance(held.id); // sending
    other.history.advance(held.id); // created: the platform's one waiting order on that terminal
    await other.publish();

    let freed = 0;
    const watch = watchElsewhere({ target: () => ({ client, counterId: 'a', environment: 'sandbox' }), clock: createSystemClock(), onFreed: () => freed++ });
    await expect.poll(() => watch.busy('PAX_A910__1'), { timeout: 10_000 }).toBe(true);
    expect(watch.busy('PAX_A910__2')).toBe(false);
    // Its own prints never hold a counter back (its own lane already orders them).
    const own = watchElsewhere({ target: () => ({ client, counterId: 'b', environment: 'sandbox' }), clock: createSystemClock(), onFreed: () => undefined });

    other.history.advance(held.id); // on_terminal: the terminal took it, the line is free
    await other.publish();
    watch.refresh();
    await expect.poll(() => watch.busy('PAX_A910__1'), { timeout: 10_000 }).toBe(false);
    expect(freed).toBe(1);
    expect(own.busy('PAX_A910__1')).toBe(false);
    await watch.close();
    await own.close();
  });

  it('exports the whole store’s matching prints as CSV with each print’s counter, in the cashier’s language', async () => {
    const url = await pg.server().freshDatabase();
    const client = await pg.client(url);
    const counters = await seedCounters(client, ['a', 'b']);
    for (const id of ['a', 'b']) {
      const counter = counters.get(id);
      counter?.history.enqueue();
      counter?.history.enqueue('PAX_A910__2');
      await counter?.publish();
    }
    const store = { queryable: () => pg.pool(url), identity: () => undefined, environment: () => 'sandbox' } as unknown as StoreService;
    const handlers = createStoreHandlers({ store, clock: createSystemClock(), language: () => 'es' });
    const answer = await handlers['store.export']({ filters: { terminalId: 'PAX_A910__2' }, sort: { field: 'createdAt', direction: 'asc' } });
    expect(answer).toMatchObject({ rows: 2, capped: false });
    const lines = answer.csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]?.startsWith('Mostrador,id_mostrador,creada_utc')).toBe(true);
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(','))).toEqual(['Counter A,a', 'Counter B,b']);
  });
});
