import { describe, expect, it } from 'vitest';
import { createSystemClock } from '../../../shared/clock';
import { StoreTerminalLine } from '../../../shared/ipc/channels/store';
import { unfinishedElsewhere } from './board';
import { watchElsewhere } from './elsewhere';
import { seedCounters } from './testing/seed-store';
import { postgresUnavailable, useTestPostgres } from './testing/store-test-context';

const messageFor = (code: string) => code;

describe.skipIf(postgresUnavailable !== undefined)('a shared terminal and counters long gone', () => {
  const pg = useTestPostgres();

  it('is held only by counters seen lately, and says whose print holds it and since when', async () => {
    const url = await pg.server().freshDatabase();
    const client = await pg.client(url);
    const counters = await seedCounters(client, ['me', 'b', 'old']);
    const recent = counters.get('b');
    const gone = counters.get('old');
    if (recent === undefined || gone === undefined) throw new Error('counters missing');
    const held = recent.history.enqueue('PAX_A910__1');
    recent.history.advance(held.id);
    const forgotten = gone.history.enqueue('PAX_A910__2');
    gone.history.advance(forgotten.id);
    await recent.publish();
    await gone.publish();
    // Switched off 30 days ago with its print left `sending`.
    await client.query("UPDATE counters SET last_seen = now() - interval '30 days' WHERE id = 'old'");

    const lines = (await unfinishedElsewhere(client, { counterId: 'me', environment: 'sandbox' }, messageFor)).map((line) => StoreTerminalLine.parse(line));
    const byTerminal = new Map(lines.map((line) => [line.terminalId, line]));
    expect(byTerminal.get('PAX_A910__1')).toMatchObject({
      hold: { counterId: 'b', counterName: 'Counter B', externalReference: held.externalReference, status: 'sending', since: expect.any(String) },
      gone: [],
    });
    expect(byTerminal.get('PAX_A910__2')).toMatchObject({ hold: null, gone: [{ counterId: 'old', counterName: 'Counter OLD', lastSeen: expect.any(String) }] });

    const watch = watchElsewhere({ target: () => ({ client, counterId: 'me', environment: 'sandbox' }), clock: createSystemClock(), onFreed: () => undefined });
    await expect.poll(() => watch.busy('PAX_A910__1')).toBe(true);
    expect(watch.busy('PAX_A910__2')).toBe(false);
    await watch.close();
  });
});
