import type { Principal, SandboxContext } from '../context';
import { SandboxError } from '../errors';

/**
 * The terminal rules print actions and point orders share (spec 7.2): the caller's own terminal (an unknown
 * terminal and another user's look the same, so ids of others do not leak), in PDV mode. `work` names what
 * needs PDV in the message ("print actions", "point orders").
 */
export function checkCallersPdvTerminal(context: SandboxContext, principal: Principal, terminalId: string, work: string): void {
  const terminal = context.seed.terminals.find((candidate) => candidate.id === terminalId);
  if (terminal === undefined || terminal.user_id !== principal.userId) {
    throw new SandboxError(403, 'forbidden_checking_terminal_owner', `The terminal ${terminalId} does not belong to the caller.`, [
      {
        code: 'forbidden_checking_terminal_owner',
        description: 'config.point.terminal_id is not a terminal of this user',
        data: { property: 'config.point.terminal_id' },
      },
    ]);
  }
  if (terminal.operating_mode !== 'PDV') {
    const description = `terminal ${terminalId} is in ${terminal.operating_mode} mode; ${work} need a terminal in PDV mode (PATCH /terminals/v1/setup)`;
    throw new SandboxError(400, 'property_value', description, [
      { code: 'property_value', description, data: { property: 'config.point.terminal_id', operating_mode: terminal.operating_mode } },
    ]);
  }
}
