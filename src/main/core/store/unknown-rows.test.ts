import { describe, expect, it } from 'vitest';
import { StoreBoard, StorePrintDetail, StorePrintPage } from '../../../shared/ipc/channels/store';
import { printsCsvWith } from '../manager/csv';
import { storeBoard, unfinishedElsewhere } from './board';
import { exportStorePrints, listStorePrints, storePrintDetail } from './queries';
import { seedCounters } from './testing/seed-store';
import { postgresUnavailable, useTestPostgres } from './testing/store-test-context';

const messageFor = (code: string) => `message for ${code}`;

/** Rows a newer Counter would write: a status and a subtype this one does not know, a last error in a newer shape. */
describe.skipIf(postgresUnavailable !== undefined)('rows only a newer Counter understands', () => {
  const pg = useTestPostgres();

  it('read as unknown, with the store’s own word, and never fail the whole-store reads', async () => {
    const url = await pg.server().freshDatabase();
    const client = await pg.client(url);
    const counters = await seedCounters(client, ['a', 'n']);
    const newer = counters.get('n');
    if (newer === undefined) throw new Error('no counter n');
    const [paused, video, odd] = [newer.history.enqueue(), newer.history.enqueue(), newer.history.enqueue()];
    newer.history.advance(paused.id);
    await newer.publish();
    await client.query("UPDATE prints SET status = 'paused_by_newer' WHERE id = $1", [paused.id]);
    await client.query("UPDATE print_transitions SET status = 'paused_by_newer' WHERE print_id = $1 AND position = 1", [paused.id]);
    await client.query("UPDATE prints SET subtype = 'video' WHERE id = $1", [video.id]);
    await client.query(`UPDATE prints SET last_error = '{"shape": 9}'::jsonb WHERE id = $1`, [odd.id]);

    const page = StorePrintPage.parse(await listStorePrints(client, {}, messageFor, 'sandbox'));
    const byId = new Map(page.items.map((item) => [item.id, item]));
    expect(byId.get(paused.id)).toMatchObject({ status: 'unknown', unknown: { status: 'paused_by_newer' } });
    expect(byId.get(video.id)).toMatchObject({ status: 'queued', subtype: 'unknown', unknown: { subtype: 'video' } });
    expect(byId.get(odd.id)?.lastError).toMatchObject({ code: 'unknown_error' });

    const detail = StorePrintDetail.parse(await storePrintDetail(client, { counterId: 'n', id: paused.id }, messageFor, 'sandbox'));
    expect(detail.history.map((step) => step.status)).toEqual(['queued', 'unknown']);
    expect(detail.history[1]).toMatchObject({ unknownStatus: 'paused_by_newer' });

    const lines = await storeBoard(client, { dayStartMs: 0, messageFor, environment: 'sandbox' });
    StoreBoard.shape.lines.parse(lines);
    expect(lines.flatMap((line) => line.prints.map((print) => print.id))).toContain(video.id);
    expect(
      (await unfinishedElsewhere(client, { counterId: 'a', environment: 'sandbox' }, messageFor)).flatMap((line) => line.prints.map((print) => print.subtype)),
    ).toContain('unknown');

    const { items } = await exportStorePrints(client, {}, messageFor, 'sandbox');
    const csv = printsCsvWith(items, 'en');
    expect(csv).toContain('paused_by_newer');
    expect(csv).toContain('Unknown (newer Counter)');
  });
});
