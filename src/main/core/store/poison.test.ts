import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../shared/clock';
import { migrated } from '../history/schema';
import { createSqliteOutbox } from './outbox-sqlite';
import { createPublisher, storeClient } from './publisher';
import { fakeHistory } from './testing/fake-history';
import { postgresUnavailable, useTestPostgres } from './testing/store-test-context';

const counter = { id: 'c-poison', name: 'Front', storeId: 'store-1', storeName: 'Main street', appVersion: '0.1.0' };
const at = Date.UTC(2026, 10, 23, 12);

/** An order whose amount the store's numeric(14, 2) column cannot hold (22003, numeric field overflow). */
const overflowing = { id: 'order-huge', terminalId: 'PAX_A910__1', externalReference: 'SALE-1', amount: 1e15, currency: '', status: 'created' };

describe.skipIf(postgresUnavailable !== undefined)('an outbox entry the store refuses', () => {
  const pg = useTestPostgres();

  it('is set aside with its reason, the rest publishes, and Retry puts it back under its own seq', async () => {
    const url = await pg.server().freshDatabase();
    const outbox = createSqliteOutbox(migrated(new DatabaseSync(':memory:')));
    const history = fakeHistory(outbox, counter.id);
    history.enqueue();
    const poison = outbox.append('order', overflowing.id, { ...overflowing, statusDetail: null, paymentIds: [], createdAt: at, updatedAt: at });
    const unparsable = outbox.append('print', 'broken', { id: 'broken', status: 'teleported' });
    for (let i = 0; i < 5; i++) history.enqueue();
    const clock = createManualClock(at);
    const setAside: string[] = [];
    const publisher = createPublisher({
      environment: 'sandbox',
      outbox,
      counter,
      newClient: () => storeClient(url),
      clock,
      onSetAside: (entry, refusal) => setAside.push(`${entry.recordId}:${refusal.code}`),
    });
    publisher.start();
    await publisher.settled();

    expect(publisher.state().kind).toBe('up_to_date');
    expect(outbox.pending()).toBe(0);
    expect(setAside).toEqual(['order-huge:22003', 'broken:store_outbox_entry_invalid']);
    expect(outbox.aside(10)).toMatchObject([
      { seq: poison, kind: 'order', recordId: 'order-huge', code: '22003', reason: expect.stringMatching(/numeric field overflow/), setAsideAt: at },
      { seq: unparsable, recordId: 'broken', code: 'store_outbox_entry_invalid' },
    ]);
    const client = await pg.client(url);
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM prints WHERE counter_id = $1', [counter.id]);
    expect(rows).toEqual([{ n: 6 }]);

    // Retry: back under its own seq, refused again, set aside again; nothing else moves.
    expect(outbox.retry(poison)).toBe(1);
    expect(outbox.peek(10).map((entry) => entry.seq)).toEqual([poison]);
    publisher.wake();
    await publisher.settled();
    expect(outbox.pending()).toBe(0);
    expect(outbox.asideCount()).toBe(2);
    await publisher.close();
  });

  it('sends a print whose text holds U+0000 with U+FFFD in its place, never refused', async () => {
    const url = await pg.server().freshDatabase();
    const outbox = createSqliteOutbox(migrated(new DatabaseSync(':memory:')));
    const history = fakeHistory(outbox, counter.id);
    const print = history.enqueue();
    outbox.append('print', print.id, { ...(outbox.peek(1)[0]?.payload as object), contentPreview: 'TOTAL\u0000 12.00' });
    const publisher = createPublisher({ environment: 'sandbox', outbox, counter, newClient: () => storeClient(url), clock: createManualClock(at) });
    publisher.start();
    await publisher.settled();
    expect(publisher.state().kind).toBe('up_to_date');
    expect(outbox.asideCount()).toBe(0);
    const { rows } = await (await pg.client(url)).query<{ preview: string }>('SELECT content_preview AS preview FROM prints WHERE id = $1', [print.id]);
    expect(rows).toEqual([{ preview: 'TOTAL\uFFFD 12.00' }]);
    await publisher.close();
  });
});
