import { describe, expect, it } from 'vitest';
import { testDay } from '../day/test-day';
import { readStoreDay } from './day-reads';
import { publishDay } from './day-sync';
import { registerCounter } from './publish-batch';
import { enrolCounter, ownedStoreDatabase, urlAs } from './testing/enrol';
import { testCounter } from './testing/seed-store';
import { postgresUnavailable, useTestPostgres } from './testing/store-test-context';

describe.skipIf(postgresUnavailable !== undefined)("the counters' shifts and Z reports in the store database", () => {
  const server = useTestPostgres();

  /** A store owned by a plain role, with enrolled counters (each its own role). */
  async function store() {
    const { url, database, superuser, asOwner } = await ownedStoreDatabase(server);
    const counter = async (id: string, storeId = 'store-1') => {
      const role = `${database}_${id}`;
      await enrolCounter(superuser, { role, counterId: id, storeId });
      const client = await server.client(urlAs(url, role));
      await registerCounter(client, { ...testCounter(id), storeId });
      return client;
    };
    return { url, asOwner, counter };
  }

  it('publishes new and newly closed shifts and their Zs once, and a resend changes nothing', async () => {
    const { counter, asOwner } = await store();
    const a = await counter('a');
    const day = testDay();
    const first = await day.service.open({ personId: 'p1', personName: 'Carla', floatCents: 10_000 });
    expect(await publishDay(a, { counterId: 'a', environment: 'sandbox' }, day.book)).toEqual({ shifts: 1, zReports: 0 });
    expect(await publishDay(a, { counterId: 'a', environment: 'sandbox' }, day.book)).toEqual({ shifts: 0, zReports: 0 });

    await day.clock.advance(60_000);
    await day.service.recordSale({ shiftId: first.id, tender: 'cash', kind: 'sale', amountCents: 2_500, note: null, personId: null, personName: null });
    const z1 = await day.service.close({ shiftId: first.id, countedCashCents: 12_500, terminalId: null });
    await day.clock.advance(60_000);
    const second = await day.service.open({ personId: 'p2', personName: 'Manuel', floatCents: null });
    expect(await publishDay(a, { counterId: 'a', environment: 'sandbox' }, day.book)).toEqual({ shifts: 2, zReports: 1 });
    expect(await publishDay(a, { counterId: 'a', environment: 'sandbox' }, day.book)).toEqual({ shifts: 0, zReports: 0 });

    const shifts = await asOwner.query('SELECT id, status, person_name, float_cents, counted_cash_cents, z_number FROM shifts ORDER BY opened_at');
    expect(shifts.rows).toEqual([
      { id: first.id, status: 'closed', person_name: 'Carla', float_cents: '10000', counted_cash_cents: '12500', z_number: 1 },
      { id: second.id, status: 'open', person_name: 'Manuel', float_cents: null, counted_cash_cents: null, z_number: null },
    ]);
    const zs = await asOwner.query<{ number: number; shift_id: string; report: { total: { netCents: number } }; paper: string }>(
      'SELECT number, shift_id, report, paper FROM z_reports',
    );
    expect(zs.rows).toEqual([{ number: 1, shift_id: first.id, report: z1.report, paper: z1.paper }]);
    expect(zs.rows[0]?.report.total.netCents).toBe(2_500);
  });

  it("lets a counter write only its own shifts and Zs, while every counter reads the whole store's", async () => {
    const { counter } = await store();
    const [a, b] = [await counter('a'), await counter('b')];
    const day = testDay();
    const shift = await day.service.open({ personId: null, personName: 'Carla', floatCents: null });
    await day.service.close({ shiftId: shift.id, countedCashCents: null, terminalId: null });

    // Counter b publishing a's day (as if it were a): the database refuses it.
    await expect(publishDay(b, { counterId: 'a', environment: 'sandbox' }, day.book)).rejects.toMatchObject({ code: '42501' });
    await publishDay(a, { counterId: 'a', environment: 'sandbox' }, day.book);
    expect((await b.query("UPDATE shifts SET status = 'open' WHERE counter_id = 'a'")).rowCount).toBe(0);
    await expect(b.query('DELETE FROM z_reports')).rejects.toMatchObject({ code: '42501' });
    // A Z is final: not even its own counter may change it.
    await expect(a.query("UPDATE z_reports SET paper = 'forged'")).rejects.toMatchObject({ code: '42501' });
    const seen = await b.query<{ counter_id: string; status: string }>('SELECT counter_id, status FROM shifts');
    expect(seen.rows).toEqual([{ counter_id: 'a', status: 'closed' }]);
  });

  it('tells the whole-store views when the day went up', async () => {
    const { counter, url } = await store();
    const a = await counter('a');
    const listener = await server.client(url);
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query('LISTEN store_changes');
    const day = testDay();
    await day.service.open({ personId: null, personName: 'Carla', floatCents: null });
    await publishDay(a, { counterId: 'a', environment: 'sandbox' }, day.book);
    await publishDay(a, { counterId: 'a', environment: 'sandbox' }, day.book);
    await listener.query('SELECT 1');
    expect(heard.map((payload) => JSON.parse(payload) as unknown)).toEqual([{ counterId: 'a', seq: 0 }]);
  });
});

describe.skipIf(postgresUnavailable !== undefined)("the whole store's day", () => {
  const server = useTestPostgres();

  it("shows every counter's open and closed shifts of the day and prints the store's Z as the sum of its counters' Zs", async () => {
    const { url, database, superuser } = await ownedStoreDatabase(server);
    const enrolled = async (id: string) => {
      const role = `${database}_${id}`;
      await enrolCounter(superuser, { role, counterId: id, storeId: 'store-1' });
      const client = await server.client(urlAs(url, role));
      await registerCounter(client, testCounter(id));
      return client;
    };
    const [a, b] = [await enrolled('a'), await enrolled('b')];
    const [onA, onB] = [testDay(), testDay()];
    const cash = (shiftId: string, amountCents: number) =>
      ({ shiftId, tender: 'cash', kind: 'sale', amountCents, note: null, personId: null, personName: null }) as const;

    const shiftA = await onA.service.open({ personId: null, personName: 'Carla', floatCents: 5_000 });
    await onA.service.recordSale(cash(shiftA.id, 1_250));
    await onA.service.close({ shiftId: shiftA.id, countedCashCents: 6_250, terminalId: null });
    const shiftB = await onB.service.open({ personId: null, personName: 'Manuel', floatCents: 1_000 });
    await onB.service.recordSale(cash(shiftB.id, 700));
    await onB.service.recordSale({ ...cash(shiftB.id, 200), tender: 'other' });
    await onB.service.close({ shiftId: shiftB.id, countedCashCents: 1_600, terminalId: null });
    await onB.clock.advance(60_000);
    const stillOpen = await onB.service.open({ personId: null, personName: 'Manuel', floatCents: null });
    await publishDay(a, { counterId: 'a', environment: 'sandbox' }, onA.book);
    await publishDay(b, { counterId: 'b', environment: 'sandbox' }, onB.book);

    // The manager at counter a reads the store through the store's pool, as its role.
    const pool = server.pool(urlAs(url, `${database}_a`));
    const manager = testDay({ overrides: { store: () => ({ read: (window) => readStoreDay(pool, { storeId: 'store-1', environment: 'sandbox' }, window) }) } });
    const day = await manager.service.storeDay();
    expect(day.storeName).toBe('Main street');
    expect(day.shifts.map((shift) => [shift.counterName, shift.personName, shift.status])).toEqual([
      ['Counter A', 'Carla', 'closed'],
      ['Counter B', 'Manuel', 'closed'],
      ['Counter B', 'Manuel', 'open'],
    ]);
    expect(day.shifts.at(-1)?.id).toBe(stillOpen.id);
    expect(day.zReports.map((z) => [z.counterId, z.number])).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
    expect(day.report?.total).toEqual({ count: 3, grossCents: 2_150, refundCents: 0, netCents: 2_150 });
    expect(day.report?.byTender.cash.netCents).toBe(1_950);
    expect(day.report?.byTender.other.netCents).toBe(200);
    expect(day.report?.byPerson.map((group) => [group.person, group.netCents])).toEqual([
      ['Carla', 1_250],
      ['Manuel', 900],
    ]);
    expect(day.report?.expectedCashCents).toBe(5_000 + 1_250 + 1_000 + 700);
    expect(day.report?.shift.countedCashCents).toBe(6_250 + 1_600);

    const printed = await manager.service.printStoreZ('NEWLAND_N950__SBX0000001');
    expect(manager.printed).toHaveLength(1);
    expect(manager.printed[0]?.content).toContain('STORE Z REPORT');
    expect(manager.printed[0]?.content).toContain('21.50');
    expect(manager.printed[0]?.externalReference).toMatch(/^store-z-[0-9-]+-[0-9a-z]+$/);
    expect(printed.report.total.netCents).toBe(2_150);
  });

  it("says the store's day needs the store database, and that a store Z needs a closed shift", async () => {
    const without = testDay();
    await expect(without.service.storeDay()).rejects.toMatchObject({ code: 'store_day_unavailable' });
    const empty = testDay({
      overrides: { store: () => ({ read: () => Promise.resolve({ storeName: 'S', environment: 'sandbox' as const, shifts: [], zReports: [] }) }) },
    });
    expect((await empty.service.storeDay()).report).toBeNull();
    await expect(empty.service.printStoreZ('T1')).rejects.toMatchObject({ code: 'store_day_empty' });
  });
});
