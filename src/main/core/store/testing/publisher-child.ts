import { DatabaseSync } from 'node:sqlite';
import { createSystemClock } from '../../../../shared/clock';
import { migrated } from '../../history/schema';
import { createSqliteOutbox } from '../outbox-sqlite';
import { createPublisher, storeClient } from '../publisher';

/**
 * A counter's publisher in its own process, so a test can kill it (SIGKILL) mid-batch.
 * argv: <database url> <outbox sqlite file> <counter id>
 */
const [url, file, counterId] = process.argv.slice(2);
if (url === undefined || file === undefined || counterId === undefined) throw new Error('usage: publisher-child <url> <sqlite file> <counter id>');
const publisher = createPublisher({
  environment: 'sandbox',
  outbox: createSqliteOutbox(migrated(new DatabaseSync(file))),
  counter: { id: counterId, name: counterId, storeId: 'store-1', storeName: 'Store', appVersion: 'test' },
  newClient: () => storeClient(url),
  clock: createSystemClock(),
  batchSize: 20,
});
publisher.start();
// Keeps the process alive (the system clock's timers are unref'd) until the test kills it.
setInterval(() => undefined, 60_000);
