import type pg from 'pg';
import { ensureStoreSchema } from '../migrate';
import { createMemoryOutbox } from '../outbox';
import { publishBatch, registerCounter } from '../publish-batch';
import { fakeHistory } from './fake-history';

export const testCounter = (id: string) => ({ id, name: `Counter ${id.toUpperCase()}`, storeId: 'store-1', storeName: 'Main street', appVersion: '0.1.0' });

/** A database with the schema and the given counters registered; returns each counter's fake history. */
export async function seedCounters(client: pg.ClientBase, counterIds: readonly string[]) {
  await ensureStoreSchema(client, 'test');
  const counters = new Map<string, { history: ReturnType<typeof fakeHistory>; publish(): Promise<void> }>();
  for (const id of counterIds) {
    await registerCounter(client, testCounter(id));
    const outbox = createMemoryOutbox();
    const history = fakeHistory(outbox, id);
    counters.set(id, {
      history,
      async publish() {
        const entries = outbox.peek(100_000);
        await publishBatch(client, { counterId: id, environment: 'sandbox' }, entries);
        outbox.ack(entries.at(-1)?.seq ?? 0);
      },
    });
  }
  return counters;
}
