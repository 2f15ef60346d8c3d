import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSystemClock } from '../../../shared/clock';
import { DEFAULT_SETTINGS } from '../../../shared/ipc/channels/app';
import { openHistory } from '../history/open';
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
      settings: () => ({ ...DEFAULT_SETTINGS.storeDatabase, enabled: true, url, storeId: 'main', counterId: 'counter-a', counterName: 'Front' }),
      saveSettings: () => undefined,
      password: { read: () => undefined, write: () => undefined, storage: () => 'session-only', forgotten: () => false },
      clock: createSystemClock(),
      appVersion: 'test',
      onStatus: () => undefined,
      onChange: () => undefined,
    });
    const { history } = openHistory({ file: join(folder, 'history.sqlite'), changes: service.historyChanges });
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
});
