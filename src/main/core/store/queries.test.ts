import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../shared/clock';
import type { PrintStatus } from '../../../shared/ipc/channels/prints';
import { queryPrints } from '../print-queue/query';
import { storeBoard, unfinishedElsewhere } from './board';
import { listenStoreChanges, type StoreChange } from './live';
import { createMemoryOutbox } from './outbox';
import { publishBatch } from './publish-batch';
import { createPublisher, storeClient } from './publisher';
import { listStorePrints, storePrintDetail, StorePrintsRequest } from './queries';
import { fakeHistory } from './testing/fake-history';
import { seedCounters, testCounter } from './testing/seed-store';
import { postgresUnavailable, useTestPostgres } from './testing/store-test-context';

const messageFor = (code: string) => `message for ${code}`;
const TERMINALS = ['PAX_A910__1', 'PAX_A910__2', 'NEWLAND_N950__3'];
const ENDINGS: Array<[PrintStatus, string | undefined]> = [
  ['processed', undefined],
  ['failed', 'paper_out'],
  ['canceled', undefined],
  ['on_terminal', undefined],
  ['failed', 'already_queued_order_for_terminal'],
];

describe.skipIf(postgresUnavailable !== undefined)('whole-store queries', () => {
  const pg = useTestPostgres();

  async function twoCounters() {
    const url = await pg.server().freshDatabase();
    const client = await pg.client(url);
    const counters = await seedCounters(client, ['a', 'b']);
    for (const [, { history }] of counters) {
      for (let i = 0; i < 60; i++) {
        const print = history.enqueue(TERMINALS[i % TERMINALS.length]);
        const [status, code] = ENDINGS[i % ENDINGS.length] ?? ['processed', undefined];
        if (i % 7 !== 0) history.advance(print.id, status, code);
      }
    }
    for (const [, counter] of counters) await counter.publish();
    return { url, client, counters };
  }

  it('answers each filter, sort and page of prints.list as the counter itself would, for one counter', async () => {
    const { client, counters } = await twoCounters();
    const local = [...(counters.get('a')?.history.prints.values() ?? [])];
    const requests = [
      {},
      { sort: { field: 'status', direction: 'asc' }, page: { index: 1, size: 7 } },
      { filters: { terminalId: 'PAX_A910__2' }, sort: { field: 'updatedAt', direction: 'desc' } },
      { filters: { status: ['failed', 'queued'] }, sort: { field: 'lastError', direction: 'asc' } },
      { filters: { status: ['failed'], terminalId: 'PAX_A910__1' } },
      { filters: { search: 'A-1' }, sort: { field: 'externalReference', direction: 'desc' } },
      { filters: { from: new Date(Date.UTC(2026, 10, 23, 12, 0, 20)).toISOString(), to: new Date(Date.UTC(2026, 10, 23, 12, 0, 50)).toISOString() } },
      { sort: { field: 'attempts', direction: 'desc' }, page: { index: 2, size: 10 } },
    ];
    for (const input of requests) {
      const request = StorePrintsRequest.parse(input);
      const { counterId: _counter, ...filters } = request.filters;
      const expected = queryPrints(local, { ...request, filters });
      const page = await listStorePrints(client, { ...request, filters: { ...filters, counterId: 'a' } }, messageFor, 'sandbox');
      expect(
        page.items.map((item) => item.id),
        JSON.stringify(input),
      ).toEqual(expected.items.map((print) => print.id));
      expect(page.total).toBe(expected.total);
      expect(page.totalCapped).toBe(false);
    }
  });

  it('shows every counter with its name, newest first, and tells the cashier what went wrong', async () => {
    const { client, counters } = await twoCounters();
    const failed = [...counters.values()].flatMap(({ history }) => [...history.prints.values()]).filter((print) => print.status === 'failed').length;
    const page = await listStorePrints(client, { filters: { status: ['failed'] }, page: { size: 200 } }, messageFor, 'sandbox');
    expect(page.total).toBe(failed);
    expect(new Set(page.items.map((item) => item.counterName))).toEqual(new Set(['Counter A', 'Counter B']));
    const times = page.items.map((item) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(page.items[0]?.lastError).toMatchObject({ code: expect.any(String), message: expect.stringMatching(/^message for /) });
    await expect(listStorePrints(client, { page: { size: 500 } }, messageFor, 'sandbox')).rejects.toThrow();
  });

  it("opens one print of another counter with its steps in order, as that counter's history has them", async () => {
    const { client, counters } = await twoCounters();
    const failed = [...(counters.get('b')?.history.prints.values() ?? [])].find((print) => print.status === 'failed');
    if (failed === undefined) throw new Error('counter b has no failed print');
    const detail = await storePrintDetail(client, { counterId: 'b', id: failed.id }, messageFor, 'sandbox');
    expect(detail).toMatchObject({ counterId: 'b', counterName: 'Counter B', externalReference: failed.externalReference, status: 'failed' });
    expect(detail.history.map((step) => [step.status, Date.parse(step.at), step.reason])).toEqual(
      failed.history.map((step) => [step.status, step.at, step.reason]),
    );
    expect(detail.lastError?.message).toMatch(/^message for /);
    // The same id under the other counter is another print, or none: never counter b's.
    await expect(storePrintDetail(client, { counterId: 'a', id: failed.id }, messageFor, 'sandbox')).rejects.toMatchObject({ code: 'store_print_not_found' });
  });

  it("builds each terminal's line across counters, and what other counters still have there", async () => {
    const { client, counters } = await twoCounters();
    const failed = [...counters.values()].flatMap(({ history }) => [...history.prints.values()]).filter((print) => print.status === 'failed').length;
    const board = await storeBoard(client, { dayStartMs: Date.UTC(2026, 10, 23), messageFor, environment: 'sandbox' });
    expect(board.map((line) => line.terminalId)).toEqual([...TERMINALS].sort());
    for (const line of board) {
      expect(line.prints.every((print) => ['queued', 'sending', 'created', 'on_terminal'].includes(print.status))).toBe(true);
      expect(new Set(line.prints.map((print) => print.counterId))).toEqual(new Set(['a', 'b']));
    }
    expect(board.reduce((sum, line) => sum + line.failuresToday, 0)).toBe(failed);
    const elsewhere = await unfinishedElsewhere(client, { counterId: 'a', environment: 'sandbox' }, messageFor);
    expect(elsewhere.flatMap((line) => line.prints.map((print) => print.counterId))).not.toContain('a');
    expect(elsewhere.flatMap((line) => line.prints)).not.toHaveLength(0);
  });

  it("brings one counter's published change to another's live view", async () => {
    const { url } = await twoCounters();
    const changes: StoreChange[] = [];
    let arrived: () => void = () => undefined;
    const notified = new Promise<void>((resolve) => (arrived = resolve));
    const live = listenStoreChanges({
      newClient: () => storeClient(url),
      clock: createManualClock(),
      onChange: (change) => {
        if (change.channel !== 'resync') changes.push(change);
        arrived();
      },
    });
    await live.ready();
    const outbox = createMemoryOutbox();
    fakeHistory(outbox, 'c').enqueue();
    const publisher = createPublisher({
      environment: 'sandbox',
      outbox,
      counter: testCounter('c'),
      newClient: () => storeClient(url),
      clock: createManualClock(),
    });
    publisher.start();
    await publisher.settled();
    await notified;
    expect(changes).toEqual([{ channel: 'store_changes', counterId: 'c', seq: 1 }]);
    await publisher.close();
    await live.close();
  });

  it('tells the live view to reload after its connection came back, and carries on', async () => {
    const server = pg.server();
    const url = await server.freshDatabase();
    await seedCounters(await pg.client(url), ['a']);
    const clock = createManualClock();
    const seen: string[] = [];
    const live = listenStoreChanges({ newClient: () => storeClient(url), clock, onChange: (change) => seen.push(change.channel), retryMs: 1_000 });
    await live.ready();
    await server.stopServer();
    await server.startServer();
    for (let round = 0; round < 50 && !seen.includes('resync'); round++) {
      await clock.advance(1_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toContain('resync');
    const notifier = await pg.client(url);
    await notifier.query(`SELECT pg_notify('store_changes', '{"counterId":"a","seq":9}')`);
    for (let round = 0; round < 50 && !seen.includes('store_changes'); round++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toContain('store_changes');
    await live.close();
  }, 60_000);

  it('puts payment orders on their terminal until they finish, and keeps the sales they settle', async () => {
    const { client } = await twoCounters();
    const outbox = createMemoryOutbox();
    const at = Date.UTC(2026, 10, 23, 13);
    const order = {
      id: 'order-1',
      terminalId: 'PAX_A910__2',
      externalReference: 'sale-1',
      amount: 1250.5,
      currency: 'CLP',
      status: 'created',
      statusDetail: null,
      paymentIds: [],
      createdAt: at,
      updatedAt: at,
    };
    outbox.append('order', order.id, order);
    outbox.append('sale', 'sale-1', {
      id: 'sale-1',
      orderId: 'order-1',
      total: 1250.5,
      currency: 'CLP',
      status: 'open',
      paymentIds: [],
      items: [{ title: 'Coffee' }],
      createdAt: at,
      updatedAt: at,
    });
    await publishBatch(client, { counterId: 'b', environment: 'sandbox' }, outbox.peek(10));
    const line = (await storeBoard(client, { dayStartMs: at, messageFor, environment: 'sandbox' })).find((candidate) => candidate.terminalId === 'PAX_A910__2');
    expect(line?.orders).toEqual([expect.objectContaining({ id: 'order-1', counterName: 'Counter B', amount: 1250.5, status: 'created' })]);
    expect(
      (await unfinishedElsewhere(client, { counterId: 'a', environment: 'sandbox' }, messageFor)).flatMap((candidate) =>
        candidate.orders.map((pending) => pending.id),
      ),
    ).toEqual(['order-1']);

    outbox.append('order', order.id, { ...order, status: 'processed', statusDetail: 'accredited', paymentIds: ['pay-9'], updatedAt: at + 5_000 });
    await publishBatch(client, { counterId: 'b', environment: 'sandbox' }, outbox.peek(10));
    const after = await storeBoard(client, { dayStartMs: at, messageFor, environment: 'sandbox' });
    expect(after.flatMap((candidate) => candidate.orders)).toEqual([]);
    const sales = await client.query<{ total: string; items: unknown }>("SELECT total::text, items FROM sales WHERE id = 'sale-1'");
    expect(sales.rows).toEqual([{ total: '1250.50', items: [{ title: 'Coffee' }] }]);
    const stored = await client.query<{ payment_ids: string[] }>("SELECT payment_ids FROM payment_orders WHERE id = 'order-1'");
    expect(stored.rows).toEqual([{ payment_ids: ['pay-9'] }]);
  });
});
