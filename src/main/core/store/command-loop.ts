import type { Clock } from '../../../shared/clock';
import type { Environment } from '../../../shared/ipc/channels/app';
import { createRoundLoop } from '../rounds/loop';
import type { StoreCommand, StoreCommandResult } from '../../../shared/ipc/channels/store';
import { CounterError } from '../errors';
import { silentLogger, type Logger } from '../ports';
import type { PrintQueue } from '../print-queue/print-queue';
import { claimedStoreCommands, COMMAND_REFUSED, finishStoreCommand, runStoreCommands } from './commands';
import type { Queryable } from './queries';

/** Without a notification (a dropped LISTEN), pending commands are still looked for this often. */
const POLL_MS = 5_000;

export interface CommandLoopOptions {
  /** The store's pool, this counter's id and its environment now, or undefined while the database is off. */
  target(): { client: Queryable; counterId: string; environment: Environment } | undefined;
  queue(): Promise<Pick<PrintQueue, 'reprint' | 'cancel' | 'get'>>;
  clock: Clock;
  logger?: Logger;
}

export interface CommandLoop {
  /** A command may be waiting: look now (serialised with any round under way). */
  poke(): void;
  close(): Promise<void>;
}

/**
 * Runs a store command on this counter's own queue, exactly once: a reprint's new print takes the
 * command's id as its id and idempotency key, so a second run (a crash between acting and reporting)
 * finds that print in the history instead of making another; a cancel of a print already cancelled is
 * a success. A print this counter's history does not hold is another counter's (or none): refused.
 */
export async function executeStoreCommand(queue: Pick<PrintQueue, 'reprint' | 'cancel' | 'get'>, command: StoreCommand): Promise<StoreCommandResult> {
  const find = (id: string) => queue.get(id, false).catch(() => undefined);
  if (command.kind === 'reprint') {
    const done = await find(command.id);
    if (done !== undefined) return { ok: true, printId: done.id };
  }
  const print = await find(command.printId);
  if (print === undefined)
    return {
      ok: false,
      code: COMMAND_REFUSED,
      message: `print ${command.printId} is not one of this counter's prints`,
    };
  if (command.kind === 'reprint') {
    const reprinted = await queue.reprint(command.printId, command.terminalId ?? undefined, command.id);
    return { ok: true, printId: reprinted.id };
  }
  if (print.status === 'canceled') return { ok: true, printId: print.id };
  const canceled = await queue.cancel(command.printId);
  return { ok: true, printId: canceled.id };
}

/** A refusal from the queue as the result the view shows (its code and the English message for IT). */
async function settle(run: () => Promise<StoreCommandResult>): Promise<StoreCommandResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CounterError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

/**
 * The owning counter's side of store commands: on each poke (a NOTIFY for this counter, the live feed
 * connecting) and every POLL_MS, first the commands it claimed and never reported (a crash, or a
 * connection lost before the report; resumed, not re-run: executeStoreCommand finds what was already
 * done), then the pending ones, each reported once.
 */
export function createCommandLoop(options: CommandLoopOptions): CommandLoop {
  const logger = options.logger ?? silentLogger;

  async function once(): Promise<void> {
    const target = options.target();
    if (target === undefined) return;
    const { client, counterId } = target;
    // Only the commands asked in this counter's environment: a sandbox print is never looked for among real ones.
    const counter = { counterId, environment: target.environment };
    const queue = await options.queue();
    const execute = (command: StoreCommand) => settle(() => executeStoreCommand(queue, command));
    // Claimed but never reported: by an earlier run that stopped, or by an earlier round whose report
    // was lost with its connection. Rounds run one at a time, so none of these is being run now.
    for (const command of await claimedStoreCommands(client, counter)) await finishStoreCommand(client, counterId, command.id, await execute(command));
    await runStoreCommands(client, counter, execute);
  }

  const loop = createRoundLoop({
    clock: options.clock,
    round: once,
    intervalMs: POLL_MS,
    // A failed round is looked at again at the usual pace, or at once on the next notification.
    backoff: { initialMs: POLL_MS, factor: 1, capMs: POLL_MS },
    onError: (error) => logger.warn('store commands could not be run now', { error: error instanceof Error ? error.message : String(error) }),
  });
  return { poke: () => loop.poke(), close: () => loop.close() };
}
