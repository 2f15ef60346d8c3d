import type { Clock } from '../../../shared/clock';
import type { Environment } from '../../../shared/ipc/channels/app';
import type { TerminalList } from '../../../shared/ipc/channels/terminals';
import type { TerminalSummary as PlatformTerminal } from '../../../shared/platform/terminals';
import type { ChannelHandlers } from '../ipc/dispatch';
import type { PlatformClient } from '../platform/client';

export interface TerminalDirectory {
  /** Every page of the account's terminals (docs/decisions.md: `terminals.list` reads until `paging.total`). */
  list(): Promise<TerminalList>;
  /** The operating mode the last list showed, per environment, for the print queue's PDV check at enqueue. */
  operatingModeOf(environment: Environment, terminalId: string): string | undefined;
  /** The point of sale's name ("CAJA01") the last list showed, per environment; undefined when it had none. */
  nameOf(environment: Environment, terminalId: string): string | undefined;
}

export interface TerminalDirectoryOptions {
  platform: Pick<PlatformClient, 'terminals'>;
  clock: Clock;
  /** The environment the platform client talks to now. */
  environment(): Environment;
}

function terminalOf(terminal: PlatformTerminal): TerminalList['terminals'][number] {
  return {
    id: terminal.id,
    posId: terminal.pos_id ?? null,
    storeId: terminal.store_id === undefined || terminal.store_id === null ? null : String(terminal.store_id),
    externalPosId: terminal.external_pos_id ?? null,
    operatingMode: terminal.operating_mode,
    // Only a terminal in PDV mode prints what an integration sends (docs/decisions.md, the app core, §4.3 content).
    canPrint: terminal.operating_mode === 'PDV',
  };
}

export function createTerminalDirectory(options: TerminalDirectoryOptions): TerminalDirectory {
  const operatingModes = new Map<Environment, ReadonlyMap<string, string>>();
  const names = new Map<Environment, ReadonlyMap<string, string>>();
  return {
    async list() {
      // The environment asked, not the one current when the answer comes back after a switch.
      const environment = options.environment();
      const terminals = await options.platform.terminals.listAll();
      operatingModes.set(environment, new Map(terminals.map((terminal) => [terminal.id, terminal.operating_mode])));
      names.set(environment, new Map(terminals.flatMap((terminal) => (terminal.external_pos_id ? [[terminal.id, terminal.external_pos_id] as const] : []))));
      return { terminals: terminals.map(terminalOf), fetchedAt: new Date(options.clock.now()).toISOString() };
    },
    operatingModeOf: (environment, terminalId) => operatingModes.get(environment)?.get(terminalId),
    nameOf: (environment, terminalId) => names.get(environment)?.get(terminalId),
  };
}

export type TerminalHandlers = Pick<ChannelHandlers, 'terminals.list'>;

export function createTerminalHandlers(directory: TerminalDirectory): TerminalHandlers {
  return { 'terminals.list': () => directory.list() };
}
