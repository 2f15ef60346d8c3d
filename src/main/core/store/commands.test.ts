import { describe, expect, it } from 'vitest';
import {
  claimedStoreCommands,
  claimStoreCommands,
  finishStoreCommand,
  requestStoreCommand,
  runStoreCommands,
  storeCommand,
  StoreCommandError,
  type StoreCommand,
} from './commands';
import { seedCounters } from './testing/seed-store';
import { postgresUnavailable, useTestPostgres } from './testing/store-test-context';

describe.skipIf(postgresUnavailable !== undefined)('remote commands', () => {
  const pg = useTestPostgres();

  async function storeWithPrint() {
    const url = await pg.server().freshDatabase();
    const client = await pg.client(url);
    const counters = await seedCounters(client, ['a', 'b']);
    const owner = counters.get('a');
    const print = owner?.history.enqueue();
    await owner?.publish();
    if (print === undefined) throw new Error('no print');
    return { url, client, printId: print.id };
  }

  it('is executed once by the owning counter, even with two claimers at once, and its result is written once', async () => {
    const { url, client, printId } = await storeWithPrint();
    const asked = await requestStoreCommand(client, { kind: 'reprint', counterId: 'a', printId, terminalId: 'PAX_A910__2', requestedBy: 'manager on b' });
    expect(asked).toMatchObject({ state: 'pending', counterOnline: true, terminalId: 'PAX_A910__2' });

    const other = await pg.client(url);
    const executed: StoreCommand[] = [];
    const execute = async (command: StoreCommand) => {
      executed.push(command);
      return { ok: true as const, printId: `${command.printId}-again` };
    };
    const [first, second] = await Promise.all([runStoreCommands(client, 'a', execute), runStoreCommands(other, 'a', execute)]);
    expect(executed.map((command) => command.id)).toEqual([asked.id]);
    expect([...first, ...second]).toHaveLength(1);
    expect(await claimStoreCommands(client, 'b')).toEqual([]);

    expect(await finishStoreCommand(client, 'a', asked.id, { ok: false, code: 'late', message: 'a second report' })).toBe(false);
    expect(await storeCommand(client, asked.id)).toMatchObject({ state: 'done', result: { ok: true, printId: `${printId}-again` } });
  });

  it('reports a refusal as the result, and refuses a print the store does not have', async () => {
    const { client, printId } = await storeWithPrint();
    const asked = await requestStoreCommand(client, { kind: 'cancel', counterId: 'a', printId, requestedBy: 'manager' });
    await runStoreCommands(client, 'a', () =>
      Promise.reject(Object.assign(new Error('The print is already on the terminal.'), { code: 'cannot_cancel_order' })),
    );
    expect(await storeCommand(client, asked.id)).toMatchObject({ state: 'failed', result: { ok: false, code: 'cannot_cancel_order' } });

    const refused = await requestStoreCommand(client, { kind: 'cancel', counterId: 'b', printId, requestedBy: 'manager' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreCommandError);
    expect(refused).toMatchObject({ code: 'store_print_not_found' });
    await expect(requestStoreCommand(client, { kind: 'explode', counterId: 'a', printId, requestedBy: 'x' })).rejects.toThrow();
  });

  it('tells the view when the owning counter is offline, and hands a claimed but unreported command back after a restart', async () => {
    const { client, printId } = await storeWithPrint();
    await client.query("UPDATE counters SET last_seen = now() - interval '5 minutes' WHERE id = 'a'");
    const asked = await requestStoreCommand(client, { kind: 'reprint', counterId: 'a', printId, requestedBy: 'manager' });
    expect(asked.counterOnline).toBe(false);
    await claimStoreCommands(client, 'a');
    expect((await claimedStoreCommands(client, 'a')).map((command) => command.id)).toEqual([asked.id]);
    expect(await claimStoreCommands(client, 'a')).toEqual([]);
  });
});
