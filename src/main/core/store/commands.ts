import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { StoreCommand, StoreCommandRequest, StoreCommandResult, StoreCommandState } from '../../../shared/ipc/channels/store';
import { payloadViolation, VIOLATION_TEXT } from '../ipc/payload-limits';
import type { Environment } from '../../../shared/ipc/channels/app';
import type { PublishScope } from './publish-batch';
import type { Queryable } from './queries';

export { StoreCommand, StoreCommandRequest, StoreCommandResult, StoreCommandState };

export class StoreCommandError extends Error {
  constructor(
    readonly code: 'store_print_not_found',
    message: string,
  ) {
    super(message);
    this.name = 'StoreCommandError';
  }
}

/** A counter is offline once its heartbeat (publisher.ts, every 15 s) is this old. */
export const OFFLINE_AFTER_MS = 60_000;

const CommandRow = z.object({
  id: z.string(),
  target_counter_id: z.string(),
  kind: z.enum(['reprint', 'cancel']),
  print_id: z.string(),
  terminal_id: z.string().nullable(),
  requested_by: z.string(),
  state: StoreCommandState,
  result: StoreCommandResult.nullable(),
  created_at: z.date(),
  counter_online: z.boolean(),
});

function commandOf(row: unknown): StoreCommand {
  const command = CommandRow.parse(row);
  return {
    id: command.id,
    counterId: command.target_counter_id,
    kind: command.kind,
    printId: command.print_id,
    terminalId: command.terminal_id,
    requestedBy: command.requested_by,
    state: command.state,
    result: command.result,
    createdAt: command.created_at.toISOString(),
    counterOnline: command.counter_online,
  };
}

/** The code a command's result carries when the counter it names would not run it (never run, never retried). */
export const COMMAND_REFUSED = 'command_refused';

export type CommandAdmission = { ok: true; command: StoreCommand } | { ok: false; id: string; reason: string };

/**
 * Whether this counter runs a command taken from the store database. Any counter (or anyone with the
 * database's address) may have written the row, so it is held to what the IPC channel would accept:
 * the payload limits, then the same request schema, then the address (this counter and no other).
 */
export function admitStoreCommand(row: unknown, counterId: string): CommandAdmission {
  const fields = z
    .object({ id: z.string(), target_counter_id: z.unknown(), kind: z.unknown(), print_id: z.unknown(), terminal_id: z.unknown(), requested_by: z.unknown() })
    .parse(row);
  const id = fields.id;
  const request = {
    kind: fields.kind,
    counterId: fields.target_counter_id,
    printId: fields.print_id,
    ...(fields.terminal_id === null ? {} : { terminalId: fields.terminal_id }),
    requestedBy: fields.requested_by,
  };
  const violation = payloadViolation(request);
  if (violation !== undefined) return { ok: false, id, reason: `${violation.path}: ${VIOLATION_TEXT[violation.kind]}` };
  const parsed = StoreCommandRequest.safeParse(request);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    return { ok: false, id, reason: `not a valid command: ${issues.join('; ')}` };
  }
  if (parsed.data.counterId !== counterId) return { ok: false, id, reason: `addressed to counter ${parsed.data.counterId}, not to this one` };
  const command = CommandRow.safeParse(row);
  if (!command.success) return { ok: false, id, reason: 'an unreadable command row' };
  return { ok: true, command: commandOf(command.data) };
}

/** A refused command is finished as such, with its reason: the view shows it and no counter takes it again. */
export async function refuseStoreCommand(client: Queryable, counterId: string, id: string, reason: string): Promise<boolean> {
  return finishStoreCommand(client, counterId, id, { ok: false, code: COMMAND_REFUSED, message: reason });
}

/** The admitted commands of `rows`; every other one is refused and recorded at once. */
async function admitted(client: Queryable, counterId: string, rows: readonly unknown[]): Promise<StoreCommand[]> {
  const commands: StoreCommand[] = [];
  for (const row of rows) {
    const admission = admitStoreCommand(row, counterId);
    if (admission.ok) commands.push(admission.command);
    else await refuseStoreCommand(client, counterId, admission.id, admission.reason);
  }
  return commands;
}

const COMMAND_COLUMNS = `s.id::text, s.target_counter_id, s.kind, s.print_id, s.terminal_id, s.requested_by, s.state, s.result, s.created_at,
  coalesce(c.last_seen > now() - make_interval(secs => ${OFFLINE_AFTER_MS / 1000}), false) AS counter_online`;

/** Asks the owning counter for a reprint or a cancel; refused at once when the store has no such print. */
export async function requestStoreCommand(client: Queryable, input: unknown, environment: Environment): Promise<StoreCommand> {
  const request = StoreCommandRequest.parse(input);
  const id = randomUUID();
  const inserted = await client.query(
    `WITH inserted AS (
       INSERT INTO store_commands (id, target_counter_id, kind, print_id, terminal_id, requested_by, environment)
       SELECT $1, $2, $3, $4, $5, $6, $7 WHERE EXISTS (SELECT 1 FROM prints WHERE counter_id = $2 AND environment = $7 AND id = $4)
       RETURNING *)
     SELECT ${COMMAND_COLUMNS} FROM inserted s JOIN counters c ON c.id = s.target_counter_id`,
    [id, request.counterId, request.kind, request.printId, request.kind === 'reprint' ? (request.terminalId ?? null) : null, request.requestedBy, environment],
  );
  if (inserted.rows.length === 0)
    throw new StoreCommandError('store_print_not_found', `The store has no print ${request.printId} from counter ${request.counterId}.`);
  return commandOf(inserted.rows[0]);
}

export async function storeCommand(client: Queryable, id: string): Promise<StoreCommand | undefined> {
  const { rows } = await client.query(`SELECT ${COMMAND_COLUMNS} FROM store_commands s JOIN counters c ON c.id = s.target_counter_id WHERE s.id = $1::uuid`, [
    id,
  ]);
  return rows.length === 0 ? undefined : commandOf(rows[0]);
}

/**
 * The owning counter takes its pending commands: each goes from pending to claimed for exactly one
 * caller (SKIP LOCKED: two claimers never wait on or take the same row). A command it will not run
 * (admitStoreCommand) is refused there and then, and is not returned.
 */
export async function claimStoreCommands(client: Queryable, counter: PublishScope, limit = 20): Promise<StoreCommand[]> {
  const { counterId, environment } = counter;
  const { rows } = await client.query(
    `WITH claimed AS (
       UPDATE store_commands SET state = 'claimed', claimed_at = now()
       WHERE id IN (SELECT id FROM store_commands WHERE target_counter_id = $1 AND environment = $3 AND state = 'pending'
         ORDER BY created_at FOR UPDATE SKIP LOCKED LIMIT $2)
       RETURNING *)
     SELECT ${COMMAND_COLUMNS} FROM claimed s JOIN counters c ON c.id = s.target_counter_id ORDER BY s.created_at`,
    [counterId, limit, environment],
  );
  return admitted(client, counterId, rows);
}

/**
 * Commands this counter claimed but never reported (it stopped in between). Its executor must find
 * out from its own history whether it already acted (a reprint carries the command id) before acting.
 */
export async function claimedStoreCommands(client: Queryable, counter: PublishScope): Promise<StoreCommand[]> {
  const { counterId, environment } = counter;
  const { rows } = await client.query(
    `SELECT ${COMMAND_COLUMNS} FROM store_commands s JOIN counters c ON c.id = s.target_counter_id
     WHERE s.target_counter_id = $1 AND s.environment = $2 AND s.state = 'claimed' ORDER BY s.created_at`,
    [counterId, environment],
  );
  return admitted(client, counterId, rows);
}

/** Writes the outcome once: a second report of the same command changes nothing and returns false. */
export async function finishStoreCommand(client: Queryable, counterId: string, id: string, result: StoreCommandResult): Promise<boolean> {
  const outcome = StoreCommandResult.parse(result);
  const { rowCount } = await client.query(
    `UPDATE store_commands SET state = $3, result = $4::jsonb, finished_at = now()
     WHERE id = $1::uuid AND target_counter_id = $2 AND state = 'claimed'`,
    [id, counterId, outcome.ok ? 'done' : 'failed', JSON.stringify(outcome)],
  );
  return rowCount === 1;
}

/**
 * One round of the owning counter's command loop: claims its pending commands, runs each through
 * `execute` (the print queue's reprint or cancel), reports each outcome. A failure of `execute` is a
 * result, not a crash; a lost connection leaves the rest claimed for claimedStoreCommands on restart.
 */
export async function runStoreCommands(
  client: Queryable,
  counter: PublishScope,
  execute: (command: StoreCommand) => Promise<StoreCommandResult>,
): Promise<StoreCommand[]> {
  const { counterId } = counter;
  const claimed = await claimStoreCommands(client, counter);
  const finished: StoreCommand[] = [];
  for (const command of claimed) {
    let result: StoreCommandResult;
    try {
      result = await execute(command);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      result = { ok: false, code: typeof code === 'string' ? code : 'internal_error', message: error instanceof Error ? error.message : String(error) };
    }
    await finishStoreCommand(client, counterId, command.id, result);
    finished.push({ ...command, state: result.ok ? 'done' : 'failed', result });
  }
  return finished;
}
