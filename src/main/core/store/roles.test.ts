import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { claimStoreCommands, finishStoreCommand, requestStoreCommand, runStoreCommands } from './commands';
import { storeFailureCode } from './errors';
import { createSystemClock } from '../../../shared/clock';
import { ensureStoreSchema, migrateStore } from './migrate';
import { MIGRATIONS } from './migrations';
import { createPublisher, storeClient } from './publisher';
import { createMemoryOutbox } from './outbox';
import { publishBatch, registerCounter } from './publish-batch';
import { enrolCounter, ownedStoreDatabase, prepareCounterRoles, revokeCounter, urlAs } from './testing/enrol';
import { fakeHistory } from './testing/fake-history';
import { testCounter } from './testing/seed-store';
import { postgresUnavailable, useTestPostgres } from './testing/store-test-context';

describe.skipIf(postgresUnavailable !== undefined)('each counter as its own database role', () => {
  const server = useTestPostgres();

  const ownedStore = () => ownedStoreDatabase(server);

  async function counter(store: Awaited<ReturnType<typeof ownedStore>>, id: string) {
    const role = `${store.database}_${id}`;
    await enrolCounter(store.superuser, { role, counterId: id, storeId: 'store-1' });
    const client = await server.client(urlAs(store.url, role));
    await ensureStoreSchema(client, id);
    await registerCounter(client, testCounter(id));
    const outbox = createMemoryOutbox();
    const history = fakeHistory(outbox, id);
    return {
      role,
      client,
      history,
      async publish() {
        const entries = outbox.peek(1_000);
        await publishBatch(client, { counterId: id, environment: 'sandbox' }, entries);
        outbox.ack(entries.at(-1)?.seq ?? 0);
      },
    };
  }

  it('lets a counter write only its own rows and read the whole store; the owner role is not held to it', async () => {
    const store = await ownedStore();
    const [a, b] = [await counter(store, 'a'), await counter(store, 'b')];
    a.history.enqueue();
    const printOfB = b.history.enqueue();
    await a.publish();
    await b.publish();

    // a as b: a copy of b's print, b's counter row, b's rows changed in place. All refused or untouched.
    const outbox = createMemoryOutbox();
    fakeHistory(outbox, 'b').enqueue('FORGED');
    const publishedAsB = await publishBatch(a.client, { counterId: 'b', environment: 'sandbox' }, outbox.peek(10)).catch((error: unknown) => error);
    expect(storeFailureCode(publishedAsB)).toBe('store_not_enrolled');
    await expect(registerCounter(a.client, testCounter('b'))).rejects.toMatchObject({ code: 'store_not_enrolled' });
    expect((await a.client.query("UPDATE prints SET status = 'failed' WHERE counter_id = 'b'")).rowCount).toBe(0);
    expect((await a.client.query("UPDATE counters SET name = 'mine' WHERE id = 'b'")).rowCount).toBe(0);
    await expect(a.client.query('DELETE FROM prints')).rejects.toMatchObject({ code: '42501' });
    await expect(a.client.query('SELECT * FROM counter_roles')).rejects.toMatchObject({ code: '42501' });
    await expect(a.client.query('CREATE TABLE mine (id int)')).rejects.toMatchObject({ code: '42501' });

    const seen = await a.client.query<{ counter_id: string; terminal_id: string }>('SELECT counter_id, terminal_id FROM prints ORDER BY counter_id');
    expect(seen.rows).toEqual([
      { counter_id: 'a', terminal_id: 'PAX_A910__1' },
      { counter_id: 'b', terminal_id: printOfB.terminalId },
    ]);

    // The owner (every single-role install) still registers and writes any counter.
    await registerCounter(store.asOwner, testCounter('c'));
    const ownerOutbox = createMemoryOutbox();
    fakeHistory(ownerOutbox, 'c').enqueue();
    await publishBatch(store.asOwner, { counterId: 'c', environment: 'sandbox' }, ownerOutbox.peek(10));
    expect((await store.asOwner.query("SELECT count(*)::int AS n FROM prints WHERE counter_id = 'c'")).rows).toEqual([{ n: 1 }]);
  });

  it("lets a counter write only its own shifts and Z reports and read every counter's", async () => {
    const store = await ownedStore();
    const [a, b] = [await counter(store, 'a'), await counter(store, 'b')];
    const shift = (client: pg.ClientBase, counterId: string, id: string) =>
      client.query("INSERT INTO shifts (counter_id, environment, id, status, person_name, opened_at) VALUES ($1, 'sandbox', $2, 'open', 'Ana', now())", [
        counterId,
        id,
      ]);
    const z = (client: pg.ClientBase, counterId: string, number: number) =>
      client.query(
        "INSERT INTO z_reports (counter_id, environment, number, shift_id, created_at, report, paper) VALUES ($1, 'sandbox', $2, 's', now(), '{}', 'Z')",
        [counterId, number],
      );
    await shift(a.client, 'a', 'shift-a');
    await shift(b.client, 'b', 'shift-b');
    await z(b.client, 'b', 1);
    await expect(shift(a.client, 'b', 'forged')).rejects.toMatchObject({ code: '42501' });
    await expect(z(a.client, 'b', 2)).rejects.toMatchObject({ code: '42501' });
    expect((await a.client.query("UPDATE shifts SET status = 'closed' WHERE counter_id = 'b'")).rowCount).toBe(0);
    // A Z is final: counters may insert Z reports and never change one.
    await expect(a.client.query("UPDATE z_reports SET paper = 'forged' WHERE counter_id = 'b'")).rejects.toMatchObject({ code: '42501' });
    await expect(a.client.query('DELETE FROM z_reports')).rejects.toMatchObject({ code: '42501' });
    const seen = await a.client.query<{ counter_id: string; id: string }>('SELECT counter_id, id FROM shifts ORDER BY counter_id');
    expect(seen.rows).toEqual([
      { counter_id: 'a', id: 'shift-a' },
      { counter_id: 'b', id: 'shift-b' },
    ]);
    expect((await a.client.query("SELECT paper FROM z_reports WHERE counter_id = 'b'")).rows).toEqual([{ paper: 'Z' }]);
  });

  it('lets a counter ask another for a reprint, but only the counter addressed takes it and answers it', async () => {
    const store = await ownedStore();
    const [a, b] = [await counter(store, 'a'), await counter(store, 'b')];
    const printOfB = b.history.enqueue();
    await b.publish();

    const asked = await requestStoreCommand(a.client, { kind: 'reprint', counterId: 'b', printId: printOfB.id, requestedBy: 'a' }, 'sandbox');
    expect(await claimStoreCommands(a.client, { counterId: 'b', environment: 'sandbox' })).toEqual([]);
    expect(await finishStoreCommand(a.client, 'b', asked.id, { ok: true, printId: 'made up' })).toBe(false);
    await expect(
      a.client.query(
        `INSERT INTO store_commands (id, target_counter_id, kind, print_id, requested_by, state, result, environment)
         VALUES (gen_random_uuid(), 'b', 'reprint', $1, 'a', 'done', '{"ok":true,"printId":"x"}', 'sandbox')`,
        [printOfB.id],
      ),
    ).rejects.toMatchObject({ code: '42501' });

    const ran: string[] = [];
    await runStoreCommands(b.client, { counterId: 'b', environment: 'sandbox' }, async (command) => {
      ran.push(command.id);
      return { ok: true, printId: command.id };
    });
    expect(ran).toEqual([asked.id]);
  });

  it('is revoked with the guide’s SQL: the role writes nothing more and cannot connect again', async () => {
    const store = await ownedStore();
    const [a, b] = [await counter(store, 'a'), await counter(store, 'b')];
    // Without its mapping, a connection already open writes nothing.
    await store.superuser.query('DELETE FROM counter_roles WHERE role_name = $1', [a.role]);
    a.history.enqueue();
    expect(storeFailureCode(await a.publish().catch((error: unknown) => error))).toBe('store_not_enrolled');

    await revokeCounter(store.superuser, a.role);
    await expect(a.client.query('SELECT 1')).rejects.toThrow();
    const again = new pg.Client({ connectionString: urlAs(store.url, a.role) });
    again.on('error', () => undefined);
    await expect(again.connect()).rejects.toMatchObject({ code: '28000' });
    await again.end().catch(() => undefined);

    b.history.enqueue();
    await b.publish();
  });

  it('keeps a counter enrolled as another id waiting with store_not_enrolled, its changes kept; a schema only the owner may apply is store_schema_needs_owner', async () => {
    const store = await ownedStore();
    const a = await counter(store, 'a');
    const outbox = createMemoryOutbox();
    fakeHistory(outbox, 'b').enqueue();
    // This counter's settings say b, its role is enrolled as a.
    const publisher = createPublisher({
      environment: 'sandbox',
      outbox,
      counter: testCounter('b'),
      newClient: () => storeClient(urlAs(store.url, a.role)),
      clock: createSystemClock(),
    });
    publisher.start();
    await expect.poll(() => publisher.state().kind, { timeout: 10_000 }).toBe('error');
    expect(storeFailureCode(publisher.state())).toBe('store_not_enrolled');
    expect(outbox.pending()).toBe(1);
    // Enrolled as b now (re-enrolment): it catches up by itself.
    await store.superuser.query("UPDATE counter_roles SET counter_id = 'b' WHERE role_name = $1", [a.role]);
    await expect.poll(() => publisher.state().kind, { timeout: 15_000 }).toBe('up_to_date');
    expect(outbox.pending()).toBe(0);
    await publisher.close();

    const newer = { version: 1_000, name: 'newer', minCompatibleVersion: 1, sql: 'ALTER TABLE prints ADD COLUMN note text' };
    const refused = await migrateStore(a.client, 'a', [...MIGRATIONS, newer]).catch((error: unknown) => error);
    expect(storeFailureCode(refused)).toBe('store_schema_needs_owner');
    await expect(migrateStore(store.asOwner, 'owner', [...MIGRATIONS, newer])).resolves.toMatchObject({ kind: 'compatible', applied: [1_000] });
  });

  it('cannot be fooled by a temporary table of the same name as the mapping, even when a superuser made the schema', async () => {
    const url = await server.server().freshDatabase();
    const database = new URL(url).pathname.slice(1);
    const superuser = await server.client(url);
    await ensureStoreSchema(superuser, 'superuser');
    await prepareCounterRoles(superuser, database);
    await registerCounter(superuser, testCounter('b'));
    const role = `${database}_a`;
    await enrolCounter(superuser, { role, counterId: 'a', storeId: 'store-1' });
    const a = await server.client(urlAs(url, role));
    await a.query('CREATE TEMPORARY TABLE counter_roles (role_name name, counter_id text, store_id text)');
    await a.query("INSERT INTO counter_roles VALUES (current_user, 'b', 'store-1')");
    const outbox = createMemoryOutbox();
    fakeHistory(outbox, 'b').enqueue('FORGED');
    expect(storeFailureCode(await publishBatch(a, { counterId: 'b', environment: 'sandbox' }, outbox.peek(10)).catch((error: unknown) => error))).toBe(
      'store_not_enrolled',
    );
    expect((await superuser.query("SELECT count(*)::int AS n FROM prints WHERE counter_id = 'b'")).rows).toEqual([{ n: 0 }]);
  });
});
