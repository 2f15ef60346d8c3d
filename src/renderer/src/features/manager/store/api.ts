import { useCallback, useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import type { StoreCommand, StorePrintRequest, StorePrintsRequest, StoreStatus } from '../../../../../shared/ipc/channels/store';
import { queryKeyOf, useContractEvent, useContractMutation, useContractQuery } from '../../../api/hooks';

/** Rows per page of the whole store's history: the server pages, never all rows to the screen. */
export const STORE_PAGE_SIZE = 50;
/** Other counters publish in bursts: one reread per burst. */
const REREAD_MS = 150;
/** A command's state is read again this often until the owning counter reports. */
const COMMAND_POLL_MS = 1_000;

/** Whether this counter has a store database on (undefined before main answers), kept current by main's events. */
export function useStoreEnabled(): boolean | undefined {
  return useStoreStatusNow()?.enabled;
}

/** The store sync state as main says it now (its events keep it current). */
export function useStoreStatusNow(): StoreStatus | undefined {
  const client = useQueryClient();
  const status = useContractQuery('store.status', {}, { staleTime: Infinity });
  const onStatus = useCallback((next: StoreStatus) => client.setQueryData(queryKeyOf('store.status', {}), next), [client]);
  useContractEvent('store.statusChanged', onStatus);
  return status.data;
}

export const useStoreBoard = (failuresSince: string) =>
  useContractQuery('store.board', { failuresSince }, { staleTime: Infinity, placeholderData: keepPreviousData });

export const useStorePrints = (request: StorePrintsRequest) =>
  useContractQuery('store.prints', request, { staleTime: Infinity, placeholderData: keepPreviousData });

/** One print of any counter with its steps; reread with the rest when the store changes. */
export const useStorePrint = (request: StorePrintRequest) => useContractQuery('store.print', request, { staleTime: Infinity });

/** Rereads the whole-store reads when another counter publishes or a command moves (LISTEN/NOTIFY in main). */
export function useStoreLiveUpdates(): void {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const reread = useCallback(() => {
    timer.current ??= setTimeout(() => {
      timer.current = undefined;
      void client.invalidateQueries({
        predicate: ({ queryKey }) => typeof queryKey[0] === 'string' && queryKey[0].startsWith('store.') && queryKey[0] !== 'store.status',
      });
    }, REREAD_MS);
  }, [client]);
  useContractEvent('store.changed', reread);
  useContractEvent('store.statusChanged', reread);
}

/** Asks the owning counter for a reprint or a cancel, then follows the request until that counter reports. */
export function useStoreCommand() {
  const ask = useContractMutation('store.command');
  const [asked, setAsked] = useState<{ command: StoreCommand; reference: string } | undefined>(undefined);
  const followed = useContractQuery(
    'store.commandStatus',
    { id: asked?.command.id ?? '' },
    {
      enabled: asked !== undefined,
      refetchInterval: (query) => (query.state.data?.state === 'done' || query.state.data?.state === 'failed' ? false : COMMAND_POLL_MS),
    },
  );
  const run = (request: Parameters<typeof ask.mutate>[0], reference: string) =>
    ask.mutate(request, { onSuccess: (command) => setAsked({ command, reference }) });
  return { run, error: ask.error, command: followed.data ?? asked?.command, reference: asked?.reference ?? '' };
}
