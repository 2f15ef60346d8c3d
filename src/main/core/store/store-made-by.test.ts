import { describe, expect, it } from 'vitest';
import type { MadeBy } from '../../../shared/staff/made-by';
import { sampleSale } from '../history/test-sales';
import { queuedPrint } from '../print-queue/records';
import { publishBatch, registerCounter } from './publish-batch';
import { exportStorePrints, listStorePrints } from './queries';
import { publishedOrder, publishedPrint, publishedSale } from './records';
import { enrolCounter, ownedStoreDatabase, urlAs } from './testing/enrol';
import { testCounter } from './testing/seed-store';
import { postgresUnavailable, useTestPostgres } from './testing/store-test-context';

const carla: MadeBy = { personId: 'p-carla', personName: 'Carla', approvedById: null, approvedByName: null };
const approved: MadeBy = { personId: 'p-carla', personName: 'Carla', approvedById: 'p-manuel', approvedByName: 'Manuel' };

const print = (id: string, madeBy: MadeBy | null, at: number) =>
  queuedPrint({
    id,
    seq: 1,
    terminalId: 'NEWLAND_N950__SBX0000001',
    subtype: 'custom',
    externalReference: `REF-${id}`,
    idempotencyKey: `key-${id}`,
    at,
    contentBytes: 10,
    contentPreview: 'Thank you',
    madeBy,
  });

describe.skipIf(postgresUnavailable !== undefined)('who made a print or a sale, in the store database', () => {
  const server = useTestPostgres();

  it('is published with each print, order and sale, read back by every counter of the store, filtered by person, and only its own counter writes it', async () => {
    const { url, database, superuser } = await ownedStoreDatabase(server);
    const counter = async (id: string) => {
      const role = `${database}_${id}`;
      await enrolCounter(superuser, { role, counterId: id, storeId: 'store-1' });
      const client = await server.client(urlAs(url, role));
      await registerCounter(client, { ...testCounter(id), storeId: 'store-1' });
      return client;
    };
    const [a, b] = [await counter('a'), await counter('b')];
    const sale = sampleSale('sale-1', { madeBy: approved });
    await publishBatch(a, { counterId: 'a', environment: 'sandbox' }, [
      { seq: 1, kind: 'print', recordId: 'pr-1', payload: publishedPrint(print('pr-1', carla, 1_763_900_000_000)) },
      { seq: 2, kind: 'print', recordId: 'pr-2', payload: publishedPrint(print('pr-2', null, 1_763_900_001_000)) },
      { seq: 3, kind: 'order', recordId: sale.id, payload: publishedOrder(sale) },
      { seq: 4, kind: 'sale', recordId: sale.id, payload: publishedSale(sale) },
    ]);
    await publishBatch(b, { counterId: 'b', environment: 'sandbox' }, [
      { seq: 1, kind: 'print', recordId: 'pr-3', payload: publishedPrint(print('pr-3', approved, 1_763_900_002_000)) },
    ]);

    const messageFor = (code: string) => code;
    const carlas = await listStorePrints(b, { filters: { personId: 'p-carla' }, page: { size: 50 } }, messageFor, 'sandbox');
    expect(carlas.items.map((item) => [item.counterId, item.id, item.madeBy])).toEqual([
      ['b', 'pr-3', approved],
      ['a', 'pr-1', carla],
    ]);
    const everyone = await listStorePrints(a, { page: { size: 50 } }, messageFor, 'sandbox');
    expect(everyone.items.find((item) => item.id === 'pr-2')?.madeBy).toBeNull();
    const exported = await exportStorePrints(a, { filters: { personId: 'p-carla' } }, messageFor, 'sandbox');
    expect(exported.items.map((item) => item.id)).toEqual(['pr-3', 'pr-1']);

    const orders = await b.query('SELECT person_name, approved_by_name FROM payment_orders');
    expect(orders.rows).toEqual([{ person_name: 'Carla', approved_by_name: 'Manuel' }]);
    const sales = await b.query('SELECT person_id, approved_by_id FROM sales');
    expect(sales.rows).toEqual([{ person_id: 'p-carla', approved_by_id: 'p-manuel' }]);

    // Another counter of the store cannot rewrite who made a's print.
    expect((await b.query("UPDATE prints SET person_id = 'p-nobody' WHERE counter_id = 'a'")).rowCount).toBe(0);
    expect((await a.query("SELECT person_id FROM prints WHERE id = 'pr-1'")).rows).toEqual([{ person_id: 'p-carla' }]);
  });
});
