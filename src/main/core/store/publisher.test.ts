import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../../shared/clock';
import { migrated } from '../history/schema';
import type { JournalPrint } from '../history/records/print';
import { createMemoryOutbox, type Outbox } from './outbox';
import { createSqliteOutbox } from './outbox-sqlite';
import { publishBatch } from './publish-batch';
import { createPublisher, storeClient, type Publisher } from './publisher';
import { fakeHistory } from './testing/fake-history';
import { postgresUnavailable, useTestPostgres } from './testing/store-test-context';

const counter = (id: string) => ({ id, name: `Counter ${id}`, storeId: 'store-1', storeName: 'Main street', appVersion: '0.1.0' });

interface Row {
  id: string;
  status: string;
  version: string;
  attempts: number;
  transitions: number;
}

async function storedPrints(client: pg.Client, counterId: string): Promise<Map<string, Row>> {
  const { rows } = await client.query<Row>(
    `SELECT p.id, p.status, p.version, p.attempts, (SELECT count(*)::int FROM print_transitions t WHERE t.counter_id = p.counter_id AND t.print_id = p.id) AS transitions
     FROM prints p WHERE p.counter_id = $1`,
    [counterId],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every local print is in the database exactly as its latest local state, with each transition once. */
function expectSameAsLocal(stored: Map<string, Row>, local: Map<string, JournalPrint>): void {
  expect(stored.size).toBe(local.size);
  for (const [id, print] of local) {
    expect(stored.get(id), id).toMatchObject({ status: print.status, attempts: print.attempts, transitions: print.history.length });
  }
}

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(postgresUnavailable !== undefined)('publisher', () => {
  const pg = useTestPostgres();

  function publisherFor(
    url: string,
    outbox: Outbox,
    id: string,
    clock = createManualClock(),
  ): { publisher: Publisher; clock: ReturnType<typeof createManualClock> } {
    const publisher = createPublisher({ environment: 'sandbox', outbox, counter: counter(id), newClient: () => storeClient(url), clock, batchSize: 25 });
    return { publisher, clock };
  }

  it('copies each print with its latest state and its transitions, then says it is up to date', async () => {
    const url = await pg.server().freshDatabase();
    const outbox = createMemoryOutbox();
    const history = fakeHistory(outbox, 'c1');
    for (let i = 0; i < 30; i++) history.enqueue();
    for (const id of [...history.prints.keys()].slice(0, 10)) for (let step = 0; step < 4; step++) history.advance(id);
    const { publisher } = publisherFor(url, outbox, 'c1');
    expect(publisher.state()).toMatchObject({ kind: 'waiting', pending: 70 });
    publisher.start();
    await publisher.settled();
    expect(publisher.state().kind).toBe('up_to_date');
    expect(outbox.pending()).toBe(0);
    const client = await pg.client(url);
    expectSameAsLocal(await storedPrints(client, 'c1'), history.prints);
    const progress = await client.query<{ published_seq: string }>('SELECT published_seq FROM counters WHERE id = $1', ['c1']);
    expect(progress.rows).toEqual([{ published_seq: '70' }]);
    await publisher.close();
  });

  it('loses and duplicates nothing when the server stops mid-run and comes back, waiting with back-off meanwhile', async () => {
    const server = pg.server();
    const url = await server.freshDatabase();
    const outbox = createMemoryOutbox();
    const history = fakeHistory(outbox, 'c2');
    for (let i = 0; i < 400; i++) history.enqueue();
    const { publisher, clock } = publisherFor(url, outbox, 'c2');
    publisher.start();
    for (const id of history.prints.keys()) history.advance(id);
    publisher.wake();
    await server.stopServer();
    await publisher.settled();
    for (const id of history.prints.keys()) history.advance(id, 'failed', 'paper_out');
    publisher.wake();
    await publisher.settled();
    expect(publisher.state()).toMatchObject({ kind: 'error', pending: outbox.pending() });
    expect(outbox.pending()).toBeGreaterThan(400);

    await server.startServer();
    for (let round = 0; round < 10 && publisher.state().kind !== 'up_to_date'; round++) {
      await clock.advance(30_000);
      await publisher.settled();
    }
    expect(publisher.state().kind).toBe('up_to_date');
    expectSameAsLocal(await storedPrints(await pg.client(url), 'c2'), history.prints);
    await publisher.close();
  }, 60_000);

  it('changes nothing when a batch is sent again after a lost answer, or an older copy arrives late', async () => {
    const url = await pg.server().freshDatabase();
    const outbox = createMemoryOutbox();
    const history = fakeHistory(outbox, 'c3');
    const print = history.enqueue();
    history.advance(print.id);
    history.advance(print.id);
    const { publisher } = publisherFor(url, outbox, 'c3');
    const entries = outbox.peek(10);
    publisher.start();
    await publisher.settled();
    const client = await pg.client(url);
    const before = await client.query('SELECT status, version, published_at, updated_at FROM prints');

    await publishBatch(client, { counterId: 'c3', environment: 'sandbox' }, entries);
    await publishBatch(client, { counterId: 'c3', environment: 'sandbox' }, entries.slice(0, 1));
    const after = await client.query('SELECT status, version, published_at, updated_at FROM prints');
    expect(after.rows).toEqual(before.rows);
    expect(after.rows[0]).toMatchObject({ status: 'created', version: '3' });
    expect((await storedPrints(client, 'c3')).get(print.id)?.transitions).toBe(3);
    await publisher.close();
  });

  it('sets aside an outbox entry that is not a print, with its reason, rather than drop it or stop at it', async () => {
    const url = await pg.server().freshDatabase();
    const outbox = createMemoryOutbox();
    outbox.append('print', 'broken', { id: 'broken', status: 'teleported' });
    const { publisher } = publisherFor(url, outbox, 'c4');
    publisher.start();
    await publisher.settled();
    expect(publisher.state()).toMatchObject({ kind: 'up_to_date' });
    expect(outbox.aside(10)).toMatchObject([{ recordId: 'broken', code: 'store_outbox_entry_invalid' }]);
    await publisher.close();
  });

  it('resumes where a publisher killed mid-batch stopped, from the durable outbox', async () => {
    const url = await pg.server().freshDatabase();
    const folder = mkdtempSync(join(tmpdir(), 'counter-publisher-'));
    folders.push(folder);
    const file = join(folder, 'history.sqlite');
    const local = migrated(new DatabaseSync(file));
    const history = fakeHistory(createSqliteOutbox(local), 'c5');
    local.exec('BEGIN');
    for (let i = 0; i < 3_000; i++) history.enqueue();
    for (const id of history.prints.keys()) history.advance(id);
    local.exec('COMMIT');

    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'testing', 'publisher-child.ts'), url, file, 'c5'], {
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const client = await pg.client(url);
    let published = 0;
    while (published === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const { rows } = await client.query<{ published_seq: string }>("SELECT published_seq FROM counters WHERE id = 'c5'").catch(() => ({ rows: [] }));
      published = Number(rows[0]?.published_seq ?? 0);
    }
    child.kill('SIGKILL');
    await exited;
    const outbox = createSqliteOutbox(migrated(new DatabaseSync(file)));
    expect(outbox.pending()).toBeGreaterThan(0);

    const { publisher } = publisherFor(url, outbox, 'c5');
    publisher.start();
    await publisher.settled();
    expect(publisher.state().kind).toBe('up_to_date');
    expectSameAsLocal(await storedPrints(client, 'c5'), history.prints);
    await publisher.close();
  }, 60_000);
});
