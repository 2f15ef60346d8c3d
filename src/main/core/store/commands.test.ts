import { describe, expect, it } from 'vitest';
import { PrintQueueError } from '../print-queue/errors';
import type { PrintDetail } from '../../../shared/ipc/channels/prints';
import { executeStoreCommand } from './command-loop';
import {
  admitStoreCommand,
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
    const asked = await requestStoreCommand(
      client,
      { kind: 'reprint', counterId: 'a', printId, terminalId: 'PAX_A910__2', requestedBy: 'manager on b' },
      'sandbox',
    );
    expect(asked).toMatchObject({ state: 'pending', counterOnline: true, terminalId: 'PAX_A910__2' });

    const other = await pg.client(url);
    const executed: StoreCommand[] = [];
    const execute = async (command: StoreCommand) => {
      executed.push(command);
      return { ok: true as const, printId: `${command.printId}-again` };
    };
    const [first, second] = await Promise.all([
      runStoreCommands(client, { counterId: 'a', environment: 'sandbox' }, execute),
      runStoreCommands(other, { counterId: 'a', environment: 'sandbox' }, execute),
    ]);
    expect(executed.map((command) => command.id)).toEqual([asked.id]);
    expect([...first, ...second]).toHaveLength(1);
    expect(await claimStoreCommands(client, { counterId: 'b', environment: 'sandbox' })).toEqual([]);

    expect(await finishStoreCommand(client, 'a', asked.id, { ok: false, code: 'late', message: 'a second report' })).toBe(false);
    expect(await storeCommand(client, asked.id)).toMatchObject({ state: 'done', result: { ok: true, printId: `${printId}-again` } });
  });

  it('reports a refusal as the result, and refuses a print the store does not have', async () => {
    const { client, printId } = await storeWithPrint();
    const asked = await requestStoreCommand(client, { kind: 'cancel', counterId: 'a', printId, requestedBy: 'manager' }, 'sandbox');
    await runStoreCommands(client, { counterId: 'a', environment: 'sandbox' }, () =>
      Promise.reject(Object.assign(new Error('The print is already on the terminal.'), { code: 'cannot_cancel_order' })),
    );
    expect(await storeCommand(client, asked.id)).toMatchObject({ state: 'failed', result: { ok: false, code: 'cannot_cancel_order' } });

    const refused = await requestStoreCommand(client, { kind: 'cancel', counterId: 'b', printId, requestedBy: 'manager' }, 'sandbox').catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(StoreCommandError);
    expect(refused).toMatchObject({ code: 'store_print_not_found' });
    await expect(requestStoreCommand(client, { kind: 'explode', counterId: 'a', printId, requestedBy: 'x' }, 'sandbox')).rejects.toThrow();
  });

  it('tells the view when the owning counter is offline, and hands a claimed but unreported command back after a restart', async () => {
    const { client, printId } = await storeWithPrint();
    await client.query("UPDATE counters SET last_seen = now() - interval '5 minutes' WHERE id = 'a'");
    const asked = await requestStoreCommand(client, { kind: 'reprint', counterId: 'a', printId, requestedBy: 'manager' }, 'sandbox');
    expect(asked.counterOnline).toBe(false);
    await claimStoreCommands(client, { counterId: 'a', environment: 'sandbox' });
    expect((await claimedStoreCommands(client, { counterId: 'a', environment: 'sandbox' })).map((command) => command.id)).toEqual([asked.id]);
    expect(await claimStoreCommands(client, { counterId: 'a', environment: 'sandbox' })).toEqual([]);
  });

  /** A row as anyone with the database's address could write it, past requestStoreCommand's checks. */
  async function insertDirectly(client: Awaited<ReturnType<typeof pg.client>>, row: { target: string; kind: string; printId: string; terminalId?: string }) {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO store_commands (id, target_counter_id, kind, print_id, terminal_id, requested_by, environment) VALUES (gen_random_uuid(), $1, $2, $3, $4, 'someone', 'sandbox') RETURNING id::text`,
      [row.target, row.kind, row.printId, row.terminalId ?? null],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('not inserted');
    return id;
  }

  it('refuses, with its reason, a command the IPC channel would refuse (a 3,000-character terminal id), and never runs it', async () => {
    const { client, printId } = await storeWithPrint();
    const id = await insertDirectly(client, { target: 'a', kind: 'reprint', printId, terminalId: 'T'.repeat(3_000) });
    const executed: string[] = [];
    const finished = await runStoreCommands(client, { counterId: 'a', environment: 'sandbox' }, async (command) => {
      executed.push(command.id);
      return { ok: true, printId: 'made' };
    });
    expect(executed).toEqual([]);
    expect(finished).toEqual([]);
    const refused = await storeCommand(client, id);
    expect(refused).toMatchObject({ state: 'failed', result: { ok: false, code: 'command_refused' } });
    expect(refused?.result?.ok === false ? refused.result.message : '').toMatch(/terminalId/);
    // Finished: no counter takes it again.
    expect(await claimStoreCommands(client, { counterId: 'a', environment: 'sandbox' })).toEqual([]);
    expect(await claimedStoreCommands(client, { counterId: 'a', environment: 'sandbox' })).toEqual([]);
  });

  it('refuses a command addressed to another counter, and one for a print this counter did not make', async () => {
    const { client, printId } = await storeWithPrint();
    const row = { id: 'c1', target_counter_id: 'b', kind: 'cancel', print_id: printId, terminal_id: null, requested_by: 'x' };
    expect(admitStoreCommand(row, 'a')).toEqual({ ok: false, id: 'c1', reason: 'addressed to counter b, not to this one' });
    expect(admitStoreCommand({ ...row, kind: 'explode' }, 'b')).toMatchObject({ ok: false, reason: expect.stringMatching(/^not a valid command/) });
    // A cancel carries no terminal: the schema is strict, as the channel's is.
    expect(admitStoreCommand({ ...row, terminal_id: 'PAX_A910__1' }, 'b')).toMatchObject({ ok: false });

    // Addressed to b, about a's print: b's history has no such print, so b refuses it and runs nothing.
    const id = await insertDirectly(client, { target: 'b', kind: 'reprint', printId });
    const reprinted: string[] = [];
    const queueOfB = {
      get: async (): Promise<PrintDetail> => {
        throw new PrintQueueError('print_not_found', 404);
      },
      reprint: async (printOf: string) => {
        reprinted.push(printOf);
        return { id: 'made' } as PrintDetail;
      },
      cancel: async (printOf: string) => {
        reprinted.push(printOf);
        return { id: printOf } as PrintDetail;
      },
    };
    await runStoreCommands(client, { counterId: 'b', environment: 'sandbox' }, (command) => executeStoreCommand(queueOfB, command));
    expect(reprinted).toEqual([]);
    expect(await storeCommand(client, id)).toMatchObject({ state: 'failed', result: { ok: false, code: 'command_refused' } });
    // a never takes b's commands.
    expect(await claimStoreCommands(client, { counterId: 'a', environment: 'sandbox' })).toEqual([]);
  });
});
