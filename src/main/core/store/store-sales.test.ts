import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSystemClock } from '../../../shared/clock';
import { DEFAULT_SETTINGS, type StoreDatabaseSettings } from '../../../shared/ipc/channels/app';
import { openHistory } from '../history/open';
import { createSalesHistory } from '../history/sales-history';
import type { DatabaseSync } from '../history/sqlite';
import type { SaleRecord } from '../history/records/terminal-sale';
import { sampleSale } from '../history/test-sales';
import { queuedPrint } from '../print-queue/records';
import { publishBatch } from './publish-batch';
import { publishedOrder, publishedSale } from './records';
import { createStoreService, type StoreService } from './store-service';
import { postgresUnavailable, useTestPostgres } from './testing/store-test-context';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const made = mkdtempSync(join(tmpdir(), 'counter-store-sales-'));
  folders.push(made);
  return made;
}

/** A store service whose settings the test can change, as Settings does (then `reconfigure`). */
function service(initial: StoreDatabaseSettings): { store: StoreService; set(patch: Partial<StoreDatabaseSettings>): void } {
  let current = initial;
  const store = createStoreService({
    environment: () => 'sandbox',
    settings: () => current,
    saveSettings: (patch) => (current = { ...current, ...patch }),
    password: { read: () => undefined, write: () => undefined, storage: () => 'session-only', forgotten: () => false },
    clock: createSystemClock(),
    appVersion: 'test',
    onStatus: () => undefined,
    onChange: () => undefined,
  });
  return {
    store,
    set(patch) {
      current = { ...current, ...patch };
      store.reconfigure();
    },
  };
}

const sale = sampleSale;

function processed(id: string): SaleRecord {
  const at = '2026-11-20T10:00:05.000Z';
  return sale(id, {
    orderId: `ORD-${id}`,
    status: 'processed',
    statusDetail: 'accredited',
    transactionId: 'PAY01JQ4S4KY8HWQ6NA5PXB65B3D4',
    updatedAt: at,
    history: [
      { status: 'created', detail: null, at: '2026-11-20T10:00:00.000Z' },
      { status: 'processed', detail: 'accredited', at },
    ],
  });
}

const outboxRows = (db: DatabaseSync): number => Number((db.prepare('SELECT count(*) AS n FROM store_outbox').get() as { n: number }).n);

describe.skipIf(postgresUnavailable !== undefined)('sales in the store database', () => {
  const pg = useTestPostgres();
  const base = { ...DEFAULT_SETTINGS.storeDatabase, storeId: 'main', counterName: 'Counter A', counterId: 'counter-a' };

  it('publishes a sale saved locally and its payment order, once, with their latest state; a resend of older copies changes nothing', async () => {
    const url = await pg.server().freshDatabase();
    const { store } = service({ ...base, url, enabled: true });
    const { history, db, changes } = openHistory({ file: join(folder(), 'history.sqlite'), changes: store.historyChanges('sandbox') });
    const sales = createSalesHistory(db, changes);
    sales.save(sale('s1'));
    sales.save(processed('s1'));
    await expect.poll(() => store.status().sync.kind, { timeout: 10_000 }).toBe('up_to_date');

    const client = await pg.client(url);
    const read = async () => ({
      orders: (await client.query('SELECT counter_id, id, amount::text, status, status_detail, payment_ids, terminal_id FROM payment_orders')).rows,
      sales: (await client.query('SELECT id, order_id, total::text, status, payment_ids, items, published_at FROM sales')).rows,
    });
    const published = await read();
    expect(published.orders).toEqual([
      {
        counter_id: 'counter-a',
        id: 's1',
        amount: '24.00',
        status: 'processed',
        status_detail: 'accredited',
        payment_ids: ['PAY01JQ4S4KY8HWQ6NA5PXB65B3D4'],
        terminal_id: 'NEWLAND_N950__SBX0000001',
      },
    ]);
    expect(published.sales).toMatchObject([
      { id: 's1', order_id: 's1', total: '24.00', status: 'processed', items: [{ name: 'Coffee', quantity: 2, unitPrice: '12.00' }] },
    ]);

    // The copies of the first save, sent again late: older versions than the store holds.
    const created = sale('s1');
    await publishBatch(client, { counterId: 'counter-a', environment: 'sandbox' }, [
      { seq: 1, kind: 'order', recordId: 's1', payload: publishedOrder(created) },
      { seq: 2, kind: 'sale', recordId: 's1', payload: publishedSale(created) },
    ]);
    expect(await read()).toEqual(published);
    history.closeSync();
    await store.close();
  });

  it('keeps sales out of both the history and the outbox when their transaction fails', async () => {
    const { store } = service({ ...base, url: 'postgres://127.0.0.1:1/none', enabled: true });
    const { history, db, changes } = openHistory({ file: join(folder(), 'history.sqlite'), changes: store.historyChanges('sandbox') });
    const sales = createSalesHistory(db, changes);
    // The first sale's order and sale are in the outbox when the second fails: the rollback takes them back.
    expect(() => sales.importSales([sale('good'), sale('bad', { createdAt: 'not a date' })], 'import-test')).toThrow();
    expect(sales.get('good')).toBeUndefined();
    expect(outboxRows(db)).toBe(0);
    history.closeSync();
    await store.close();
  });

  it('publishes the prints and sales written before the store database was switched on, once', async () => {
    const url = await pg.server().freshDatabase();
    const file = join(folder(), 'history.sqlite');
    const counter = service({ ...base, url, enabled: false });
    const first = openHistory({ file, changes: counter.store.historyChanges('sandbox') });
    await first.history.append(
      queuedPrint({
        id: 'p-before',
        seq: 1,
        terminalId: 'PAX_A910__1',
        subtype: 'custom',
        externalReference: 'ref-p',
        idempotencyKey: 'key-p',
        at: Date.now(),
        contentBytes: 5,
        contentPreview: 'hello',
      }),
      'hello',
    ).durable;
    createSalesHistory(first.db, first.changes).save(processed('s-before'));
    expect(outboxRows(first.db)).toBe(0);

    counter.set({ enabled: true });
    await expect.poll(() => counter.store.status().sync.kind, { timeout: 10_000 }).toBe('up_to_date');
    const client = await pg.client(url);
    const ids = async (table: string) => (await client.query<{ id: string }>(`SELECT id FROM ${table} ORDER BY id`)).rows.map((row) => row.id);
    expect(await ids('prints')).toEqual(['p-before']);
    expect(await ids('payment_orders')).toEqual(['s-before']);
    expect(await ids('sales')).toEqual(['s-before']);

    // Switched off and on again, or the history reopened: nothing is put in the outbox a second time.
    counter.set({ enabled: false });
    counter.set({ enabled: true });
    expect(outboxRows(first.db)).toBe(0);

    // A sale made while it was switched off again is published when it is back on.
    counter.set({ enabled: false });
    createSalesHistory(first.db, first.changes).save(processed('s-while-off'));
    counter.set({ enabled: true });
    await expect.poll(async () => await ids('sales'), { timeout: 10_000 }).toEqual(['s-before', 's-while-off']);
    expect(await ids('prints')).toEqual(['p-before']);
    first.history.closeSync();
    const again = openHistory({ file, changes: counter.store.historyChanges('sandbox') });
    expect(outboxRows(again.db)).toBe(0);
    again.history.closeSync();
    await counter.store.close();
  });
});
