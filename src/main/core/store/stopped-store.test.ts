import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createManualClock, createSystemClock } from '../../../shared/clock';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/channels/app';
import { openHistory } from '../history/open';
import { silentLogger } from '../ports';
import { createStoreService } from './store-service';
import { postgresUnavailable, useTestPostgres } from './testing/store-test-context';

const folder = mkdtempSync(join(tmpdir(), 'counter-stopped-store-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe.skipIf(postgresUnavailable !== undefined)('a store database that stops', () => {
  const pg = useTestPostgres();

  it('is no longer "up to date" within moments, long before the next heartbeat', async () => {
    const server = pg.server();
    const url = await server.freshDatabase();
    const service = createStoreService({
      environment: () => 'sandbox',
      settings: () => ({ ...DEFAULT_SETTINGS.storeDatabase, enabled: true, url, storeId: 'main', counterId: 'counter-a', counterName: 'Front' }),
      saveSettings: () => undefined,
      password: { read: () => undefined, write: () => undefined, storage: () => 'session-only', forgotten: () => false },
      clock: createSystemClock(),
      appVersion: 'test',
      onStatus: () => undefined,
      onChange: () => undefined,
    });
    const { history } = openHistory({ file: join(folder, 'history.sqlite'), changes: service.historyChanges('sandbox') });
    try {
      await expect.poll(() => service.status().sync.kind, { timeout: 10_000 }).toBe('up_to_date');
      await server.stopServer();
      // The heartbeat is every 15 s: only the live feed's word can make it this quick.
      await expect.poll(() => service.status().sync, { timeout: 5_000, interval: 100 }).toMatchObject({ kind: 'error', code: 'store_unreachable' });
    } finally {
      await server.startServer();
      history.closeSync();
      await service.close();
    }
  }, 30_000);

  it('is "up to date" again on the live feed\'s reconnect, without waiting out the publisher\'s back-off', async () => {
    const server = pg.server();
    const url = await server.freshDatabase();
    // Time moves only when the test says: the publisher's back-off timer never fires on its own here.
    const clock = createManualClock();
    let publishFailures = 0;
    const service = createStoreService({
      environment: () => 'sandbox',
      settings: () => ({ ...DEFAULT_SETTINGS.storeDatabase, enabled: true, url, storeId: 'main', counterId: 'counter-b', counterName: 'Back' }),
      saveSettings: () => undefined,
      password: { read: () => undefined, write: () => undefined, storage: () => 'session-only', forgotten: () => false },
      clock,
      appVersion: 'test',
      logger: { ...silentLogger, warn: (message) => void (message.startsWith('the store database could not take') && (publishFailures += 1)) },
      onStatus: () => undefined,
      onChange: () => undefined,
    });
    const { history } = openHistory({ file: join(folder, 'history-b.sqlite'), changes: service.historyChanges('sandbox') });
    let stopped = false;
    try {
      await expect.poll(() => service.status().sync.kind, { timeout: 10_000 }).toBe('up_to_date');
      await server.stopServer();
      stopped = true;
      // Down long enough for the back-off to reach its cap (a wait of 15 to 30 s from the last failure).
      for (let step = 0; step < 120 && publishFailures < 7; step++) {
        await clock.advance(1_000);
        await service.publisher()?.settled();
      }
      expect(publishFailures).toBeGreaterThanOrEqual(7);
      expect(service.status().sync.kind).toBe('error');
      await server.startServer();
      stopped = false;
      // Two seconds on the clock: the live feed's next try (every second) finds the server; the back-off has far longer to go.
      await clock.advance(1_000);
      await clock.advance(1_000);
      await expect.poll(() => service.status().sync.kind, { timeout: 10_000, interval: 50 }).toBe('up_to_date');
    } finally {
      if (stopped) await server.startServer();
      history.closeSync();
      await service.close();
    }
  }, 60_000);
});
