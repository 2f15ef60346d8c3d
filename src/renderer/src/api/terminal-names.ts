import { useCallback } from 'react';
import type { TerminalNames } from '../../../shared/ipc/channels/app';
import { useContractQuery, useSettings } from './hooks';

export interface TerminalLabel {
  /** What a person reads: "Front till (CAJA01)", or "CAJA01" when the store gave it no name. */
  text: string;
  /** The store's own name, kept on this computer (set in the set-up guide); null when none. */
  local: string | null;
  /** The platform's name for it (its point of sale, "CAJA01"), or its id when the platform gives none. */
  platform: string;
}

/**
 * How a terminal is named to the cashier and the manager: the store's name first, the platform's in
 * brackets, since that is what the terminal's own screen, the platform's panel and support know it by.
 */
export function terminalLabel(id: string, platformName: string | null | undefined, names: Readonly<TerminalNames> | undefined): TerminalLabel {
  const platform = platformName === null || platformName === undefined || platformName === '' ? id : platformName;
  const local = names?.[id] ?? null;
  return { text: local === null ? platform : `${local} (${platform})`, local, platform };
}

/** A picker's line, where the id is shown too: "Front till (CAJA01) · NEWLAND_…", or the id alone when nameless. */
export function withTerminalId(label: TerminalLabel, id: string): string {
  const names = label.platform === id ? label.local : label.text;
  return names === null ? id : `${names} · ${id}`;
}

/**
 * Every screen's one way to name a terminal. Give the platform's name when the screen already has it; left
 * out, it is taken from the account's terminal list as the screens that list terminals read it. Only a
 * screen that lists no terminals itself asks for the list (`readList`), so no screen's own reading of it
 * (gated on usable credentials) is overtaken.
 */
export function useTerminalLabel({ readList = false }: { readList?: boolean } = {}): (id: string, platformName?: string | null) => TerminalLabel {
  const names = useSettings().data?.terminalNames;
  const listed = useContractQuery('terminals.list', {}, { staleTime: 60_000, retry: 1, enabled: readList }).data?.terminals;
  return useCallback(
    (id: string, platformName?: string | null) =>
      terminalLabel(id, platformName === undefined ? listed?.find((terminal) => terminal.id === id)?.externalPosId : platformName, names),
    [listed, names],
  );
}
