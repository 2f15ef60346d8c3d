import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../shared/clock';
import { migrated } from '../history/schema';
import { sqlite } from '../history/sqlite';
import { createStaffRecords, type StaffRow } from '../history/staff-records';
import { createPeople } from '../staff/people';
import { TEST_PIN_COST } from '../staff/test-staff';
import { createMemoryOutbox } from './outbox';
import { registerCounter } from './publish-batch';
import { createPublisher, storeClient } from './publisher';
import { exportStorePrints, listStorePrints } from './queries';
import { seedCounters } from './testing/seed-store';
import { publishAudit, publishStaff, pullStaff, shareStaff, syncStaff } from './staff-sync';
import { enrolCounter, ownedStoreDatabase, urlAs } from './testing/enrol';
import { testCounter } from './testing/seed-store';
import { postgresUnavailable, useTestPostgres } from './testing/store-test-context';

const person = (id: string, updatedAt: string, name = id): StaffRow => ({
  id,
  name,
  role: 'cashier',
  pin_hash: 'scrypt$not-a-pin',
  failed_pins: 0,
  locked_until: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: updatedAt,
});

const audit = (seq: number, personId: string) => ({
  seq,
  at: '2026-11-01T10:00:00.000Z',
  counter: 'local',
  personId,
  personName: personId,
  approvedById: null,
  approvedByName: null,
  action: 'sales.refund',
  subject: 'sale-1',
  detail: '{}',
});

describe.skipIf(postgresUnavailable !== undefined)('staff and the audit trail in the store database', () => {
  const server = useTestPostgres();

  /** A store whose tables belong to a plain owner role, and enrolled counters a and b of store-1, c of store-2. */
  async function store() {
    const { url, database, superuser } = await ownedStoreDatabase(server);
    const counter = async (id: string, storeId = 'store-1') => {
      const role = `${database}_${id}`;
      await enrolCounter(superuser, { role, counterId: id, storeId });
      const client = await server.client(urlAs(url, role));
      await registerCounter(client, { ...testCounter(id), storeId });
      return client;
    };
    return { url, counter };
  }

  it("shares one list per store, the newest copy winning, and keeps each counter's audit rows its own and append-only", async () => {
    const { counter } = await store();
    const [a, b, c] = [await counter('a'), await counter('b'), await counter('c', 'store-2')];

    await publishStaff(a, { storeId: 'store-1', counterId: 'a', environment: 'sandbox' }, [person('p1', '2026-11-01T10:00:00.000Z', 'Carla')]);
    await publishStaff(b, { storeId: 'store-1', counterId: 'b', environment: 'sandbox' }, [person('p1', '2026-11-01T11:00:00.000Z', 'Carla R.')]);
    await publishStaff(a, { storeId: 'store-1', counterId: 'a', environment: 'sandbox' }, [person('p1', '2026-11-01T10:00:00.000Z', 'Carla')]);
    expect((await pullStaff(a, { storeId: 'store-1', environment: 'sandbox' })).map((row) => row.name)).toEqual(['Carla R.']);
    // Another store's counter writes nothing into this store's list.
    await expect(
      publishStaff(c, { storeId: 'store-1', counterId: 'c', environment: 'sandbox' }, [person('p2', '2026-11-01T10:00:00.000Z')]),
    ).rejects.toMatchObject({ code: '42501' });
    expect((await c.query("UPDATE staff SET name = 'x' WHERE store_id = 'store-1'")).rowCount).toBe(0);
    await expect(a.query('DELETE FROM staff')).rejects.toMatchObject({ code: '42501' });

    await publishAudit(a, { counterId: 'a', environment: 'sandbox' }, [audit(1, 'p1'), audit(2, 'p1')]);
    await publishAudit(a, { counterId: 'a', environment: 'sandbox' }, [audit(2, 'p1')]);
    await expect(publishAudit(a, { counterId: 'b', environment: 'sandbox' }, [audit(1, 'p1')])).rejects.toMatchObject({ code: '42501' });
    await expect(a.query("UPDATE audit_log SET person_id = 'nobody'")).rejects.toMatchObject({ code: '42501' });
    await expect(a.query('DELETE FROM audit_log')).rejects.toMatchObject({ code: '42501' });
    const rows = await b.query<{ counter_id: string; seq: string }>('SELECT counter_id, seq FROM audit_log ORDER BY seq');
    expect(rows.rows).toEqual([
      { counter_id: 'a', seq: '1' },
      { counter_id: 'a', seq: '2' },
    ]);
  });

  it('lets a person added on one counter sign in on another, a PIN reset reach the others, and a counter keep its copy when the store is down', async () => {
    const { counter } = await store();
    const clock = createManualClock();
    const local = () => {
      const records = createStaffRecords(migrated(new (sqlite().DatabaseSync)(':memory:')));
      return { records, people: createPeople(() => records, clock, TEST_PIN_COST) };
    };
    const [onA, onB] = [local(), local()];
    const [a, b] = [await counter('a'), await counter('b')];

    const carla = await onA.people.add('Carla', 'cashier', '1357');
    await syncStaff(a, { storeId: 'store-1', counterId: 'a', environment: 'sandbox' }, onA.records);
    expect(await syncStaff(b, { storeId: 'store-1', counterId: 'b', environment: 'sandbox' }, onB.records)).toEqual({ taken: 1 });
    expect((await onB.people.check(carla.id, '1357')).name).toBe('Carla');

    await clock.advance(60_000);
    await onB.people.change(carla.id, { pin: '8642' });
    await syncStaff(b, { storeId: 'store-1', counterId: 'b', environment: 'sandbox' }, onB.records);
    await syncStaff(a, { storeId: 'store-1', counterId: 'a', environment: 'sandbox' }, onA.records);
    await expect(onA.people.check(carla.id, '1357')).rejects.toMatchObject({ code: 'wrong_pin' });
    expect((await onA.people.check(carla.id, '8642')).name).toBe('Carla');

    await b.end();
    await expect(syncStaff(b, { storeId: 'store-1', counterId: 'b', environment: 'sandbox' }, onB.records)).rejects.toThrow();
    expect((await onB.people.check(carla.id, '8642')).name).toBe('Carla');
  });

  it('publishes each round the audit entries the store lacks and the people, alongside the outbox', async () => {
    const { url, counter } = await store();
    const clock = createManualClock();
    const records = createStaffRecords(migrated(new (sqlite().DatabaseSync)(':memory:')));
    const people = createPeople(() => records, clock, TEST_PIN_COST);
    const manuel = await people.add('Manuel', 'manager', '2468');
    const entry = (action: string) => ({ ...audit(1, manuel.id), action });
    records.append(entry('staff.signIn'));
    records.append(entry('sales.refund'));
    const b = await counter('b');
    await counter('a');

    const publisher = createPublisher({
      environment: 'sandbox',
      outbox: createMemoryOutbox(),
      counter: testCounter('a'),
      newClient: () => storeClient(urlAs(url, `${new URL(url).pathname.slice(1)}_a`)),
      clock,
      alongside: async (db) => void (await shareStaff(db, { storeId: 'store-1', counterId: 'a', environment: 'sandbox' }, records)),
    });
    publisher.start();
    await publisher.settled();
    records.append(entry('prints.cancel'));
    const again = await server.client(urlAs(url, `${new URL(url).pathname.slice(1)}_a`));
    expect(await shareStaff(again, { storeId: 'store-1', counterId: 'a', environment: 'sandbox' }, records)).toEqual({ audited: 1, taken: 0 });
    await publisher.close();

    const seen = await b.query<{ action: string; person_name: string }>("SELECT action, person_name FROM audit_log WHERE counter_id = 'a' ORDER BY seq");
    expect(seen.rows.map((row) => row.action)).toEqual(['staff.signIn', 'sales.refund', 'prints.cancel']);
    expect((await pullStaff(b, { storeId: 'store-1', environment: 'sandbox' })).map((row) => row.name)).toEqual(['Manuel']);
  });

  it("filters the whole store's prints by the person who made them, from the published audit trail", async () => {
    const url = await server.server().freshDatabase();
    const client = await server.client(url);
    const counters = await seedCounters(client, ['a', 'b']);
    const [a, b] = [counters.get('a'), counters.get('b')];
    if (a === undefined || b === undefined) throw new Error('no counters');
    const carlas = a.history.enqueue();
    a.history.enqueue();
    const manuelsOnB = b.history.enqueue();
    await a.publish();
    await b.publish();
    const made = (seq: number, subject: string, personId: string) => ({ ...audit(seq, personId), action: 'prints.enqueue', subject });
    await publishAudit(client, { counterId: 'a', environment: 'sandbox' }, [made(1, carlas.id, 'carla'), made(2, 'other', 'manuel')]);
    await publishAudit(client, { counterId: 'b', environment: 'sandbox' }, [made(1, manuelsOnB.id, 'manuel')]);

    const messageFor = (code: string) => code;
    const page = await listStorePrints(client, { filters: { personId: 'carla' }, page: { size: 50 } }, messageFor, 'sandbox');
    expect(page.items.map((item) => [item.counterId, item.id])).toEqual([['a', carlas.id]]);
    expect(page.total).toBe(1);
    const exported = await exportStorePrints(client, { filters: { personId: 'manuel' } }, messageFor, 'sandbox');
    expect(exported.items.map((item) => item.counterId)).toEqual(['b']);
  });
});
