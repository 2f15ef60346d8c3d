import { describe, expect, it } from 'vitest';
import type { Environment } from '../../../shared/ipc/channels/app';
import { testDay } from '../day/test-day';
import { storeBoard, unfinishedElsewhere } from './board';
import { claimStoreCommands, requestStoreCommand } from './commands';
import { readStoreDay } from './day-reads';
import { publishDay } from './day-sync';
import { migrateStore } from './migrate';
import { MIGRATIONS } from './migrations';
import { createMemoryOutbox } from './outbox';
import { publishBatch, registerCounter } from './publish-batch';
import { listStorePrints, storePrintDetail } from './queries';
import { publishAudit, publishStaff, pullStaff } from './staff-sync';
import { fakeHistory } from './testing/fake-history';
import { testCounter } from './testing/seed-store';
import { postgresUnavailable, useTestPostgres } from './testing/store-test-context';

const messageFor = (code: string) => code;
const scope = (environment: Environment) => ({ counterId: 'a', environment });

describe.skipIf(postgresUnavailable !== undefined)('the store database keeps each environment apart', () => {
  const pg = useTestPostgres();

  it('keeps a counter’s sandbox and production rows apart, Z numbers included, and every read shows one environment', async () => {
    const client = await pg.client(await pg.server().freshDatabase());
    await migrateStore(client, 'test');
    await registerCounter(client, testCounter('a'));
    // The same print id in both environments (each environment's history numbers its own), unfinished on the same terminal.
    const sandboxOutbox = createMemoryOutbox();
    const productionOutbox = createMemoryOutbox();
    const sandboxPrint = fakeHistory(sandboxOutbox, 'a').enqueue('PAX_A910__1');
    const productionPrint = fakeHistory(productionOutbox, 'a').enqueue('PAX_A910__1');
    expect(productionPrint.id).toBe(sandboxPrint.id);
    await publishBatch(client, scope('sandbox'), sandboxOutbox.peek(10));
    await publishBatch(client, scope('production'), productionOutbox.peek(10));

    const [inSandbox, inProduction] = [testDay(), testDay()];
    for (const day of [inSandbox, inProduction]) {
      const shift = await day.service.open({ personId: null, personName: 'Carla', floatCents: 1_000 });
      await day.service.recordSale({ shiftId: shift.id, tender: 'cash', kind: 'sale', amountCents: 500, note: null, personId: null, personName: null });
      await day.service.close({ shiftId: shift.id, countedCashCents: 1_500, terminalId: null });
    }
    expect(await publishDay(client, scope('sandbox'), inSandbox.book)).toEqual({ shifts: 1, zReports: 1 });
    // Z number 1 of production is its own row, not refused as a copy of the sandbox's Z 1.
    expect(await publishDay(client, scope('production'), inProduction.book)).toEqual({ shifts: 1, zReports: 1 });
    const zs = await client.query<{ environment: string; number: number }>('SELECT environment, number FROM z_reports ORDER BY environment');
    expect(zs.rows).toEqual([
      { environment: 'production', number: 1 },
      { environment: 'sandbox', number: 1 },
    ]);

    for (const environment of ['sandbox', 'production'] as const) {
      const page = await listStorePrints(client, {}, messageFor, environment);
      expect(page.total).toBe(1);
      await expect(storePrintDetail(client, { counterId: 'a', id: sandboxPrint.id }, messageFor, environment)).resolves.toMatchObject({ id: sandboxPrint.id });
      const board = await storeBoard(client, { dayStartMs: 0, messageFor, environment });
      expect(board.flatMap((line) => line.prints).length).toBe(1);
      const window = { from: '2000-01-01T00:00:00.000Z', until: '2100-01-01T00:00:00.000Z' };
      const day = await readStoreDay(client, { storeId: 'store-1', environment }, window);
      expect([day.shifts.length, day.zReports.length]).toEqual([1, 1]);
    }
    // Another counter's sandbox print never holds a terminal for a counter in production.
    await registerCounter(client, testCounter('b'));
    const onB = createMemoryOutbox();
    const historyOfB = fakeHistory(onB, 'b');
    historyOfB.advance(historyOfB.enqueue('PAX_A910__2').id, 'sending');
    await publishBatch(client, { counterId: 'b', environment: 'sandbox' }, onB.peek(10));
    const held = (environment: Environment) =>
      unfinishedElsewhere(client, { counterId: 'a', environment }, messageFor).then((lines) =>
        lines.filter((line) => line.hold !== null).map((line) => line.terminalId),
      );
    expect(await held('sandbox')).toEqual(['PAX_A910__2']);
    expect(await held('production')).toEqual([]);
  });

  it('keeps the sandbox’s people and audit trail out of production, and commands in the environment they were asked in', async () => {
    const client = await pg.client(await pg.server().freshDatabase());
    await migrateStore(client, 'test');
    await registerCounter(client, testCounter('a'));
    const person = { id: 'demo', name: 'Demo cashier', role: 'cashier' as const, pin_hash: 'scrypt$demo', failed_pins: 0, locked_until: null };
    const dated = { created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-01T10:00:00.000Z' };
    await publishStaff(client, { storeId: 'store-1', counterId: 'a', environment: 'sandbox' }, [{ ...person, ...dated }]);
    expect(await pullStaff(client, { storeId: 'store-1', environment: 'production' })).toEqual([]);
    expect((await pullStaff(client, { storeId: 'store-1', environment: 'sandbox' })).map((row) => row.name)).toEqual(['Demo cashier']);

    const entry = { seq: 1, at: dated.created_at, counter: 'a', personId: null, personName: null, approvedById: null, approvedByName: null };
    await publishAudit(client, scope('sandbox'), [{ ...entry, action: 'demo', subject: null, detail: 'sandbox' }]);
    await publishAudit(client, scope('production'), [{ ...entry, action: 'sales.refund', subject: null, detail: 'real' }]);
    const audit = await client.query('SELECT environment, detail FROM audit_log ORDER BY environment');
    expect(audit.rows).toEqual([
      { environment: 'production', detail: 'real' },
      { environment: 'sandbox', detail: 'sandbox' },
    ]);

    const outbox = createMemoryOutbox();
    const print = fakeHistory(outbox, 'a').enqueue();
    await publishBatch(client, scope('sandbox'), outbox.peek(10));
    // A manager in production cannot ask for a print that exists only in the sandbox.
    await expect(requestStoreCommand(client, { kind: 'reprint', counterId: 'a', printId: print.id, requestedBy: 'm' }, 'production')).rejects.toMatchObject({
      code: 'store_print_not_found',
    });
    const asked = await requestStoreCommand(client, { kind: 'reprint', counterId: 'a', printId: print.id, requestedBy: 'm' }, 'sandbox');
    expect(await claimStoreCommands(client, scope('production'))).toEqual([]);
    expect((await claimStoreCommands(client, scope('sandbox'))).map((command) => command.id)).toEqual([asked.id]);
  });

  it('refuses a write that does not say its environment', async () => {
    const client = await pg.client(await pg.server().freshDatabase());
    await migrateStore(client, 'test');
    await registerCounter(client, testCounter('a'));
    await expect(
      client.query("INSERT INTO z_reports (counter_id, number, shift_id, created_at, report, paper) VALUES ('a', 1, 's', now(), '{}', 'Z')"),
    ).rejects.toMatchObject({ code: '23502' });
  });

  it('shows rows published before the store knew environments in neither environment, and refuses an older counter', async () => {
    const client = await pg.client(await pg.server().freshDatabase());
    const older = MIGRATIONS.filter((migration) => migration.version <= 5);
    await migrateStore(client, 'older', older);
    await registerCounter(client, testCounter('a'));
    await client.query(
      `INSERT INTO prints (counter_id, id, version, terminal_id, subtype, external_reference, status, created_at, updated_at)
       VALUES ('a', 'old-print', 1, 'PAX_A910__1', 'custom', 'ref', 'failed', now(), now())`,
    );
    await client.query("INSERT INTO z_reports (counter_id, number, shift_id, created_at, report, paper) VALUES ('a', 1, 's', now(), '{}', 'Z')");

    expect(await migrateStore(client, 'newer')).toMatchObject({ kind: 'compatible', applied: [6] });
    const kept = await client.query("SELECT environment FROM prints UNION ALL SELECT environment FROM z_reports WHERE counter_id = 'a'");
    expect(kept.rows).toEqual([{ environment: 'unknown' }, { environment: 'unknown' }]);
    for (const environment of ['sandbox', 'production'] as const) {
      expect((await listStorePrints(client, {}, messageFor, environment)).total).toBe(0);
      const day = await readStoreDay(client, { storeId: 'store-1', environment }, { from: '2000-01-01T00:00:00Z', until: '2100-01-01T00:00:00Z' });
      expect(day.zReports).toEqual([]);
    }
    // The counter publishes its history again under its environment: Z 1 of production goes up beside the unknown Z 1.
    const production = testDay();
    const shift = await production.service.open({ personId: null, personName: 'Carla', floatCents: null });
    await production.service.close({ shiftId: shift.id, countedCashCents: 0, terminalId: null });
    expect(await publishDay(client, scope('production'), production.book)).toEqual({ shifts: 1, zReports: 1 });

    // A counter that knows only version 5 would publish without an environment: it is refused.
    expect(await migrateStore(client, 'older', older)).toMatchObject({ kind: 'incompatible', minCompatibleVersion: 6, knownVersion: 5 });
  });
});
