import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PrintDetail, PrintSummary } from '../../../../shared/ipc/channels/prints';
import { queryKeyOf, useContractEvent, useContractQuery } from '../../api/hooks';
import { useCredentialsStatus } from '../../components/environment/credentials-status';
import { environmentUsable } from '../../components/environment/usability';
import type { TerminalsState } from './sell-rules';

/**
 * The terminals Sell may charge on, for the account signed in now: the list is dropped and read again
 * whenever the environment or the account changes, so another account's terminal is never offered (the
 * cached list outlived a switch), and nothing is listed while the environment has no usable credentials.
 */
export function useSellTerminals(): { usable: boolean | undefined; terminals: TerminalsState; retry(): void } {
  const client = useQueryClient();
  const status = useCredentialsStatus().data;
  const usable = status === undefined ? undefined : environmentUsable(status);
  const account =
    status === undefined
      ? ''
      : `${status.environment}|${status.identity}|${String(status.token?.userId ?? '')}|${status.production.clientId}|${String(usable)}`;
  const seen = useRef(account);
  useEffect(() => {
    if (seen.current === account) return;
    seen.current = account;
    void client.resetQueries({ queryKey: ['terminals.list'] });
  }, [account, client]);
  const query = useContractQuery('terminals.list', {}, { staleTime: 60_000, enabled: usable === true, retry: 1 });
  const terminals: TerminalsState =
    query.data !== undefined && !query.isPlaceholderData
      ? { kind: 'loaded', terminals: query.data.terminals }
      : query.isError
        ? { kind: 'error' }
        : { kind: 'loading' };
  return { usable, terminals, retry: () => void query.refetch() };
}

const receiptKey = (id: string) => queryKeyOf('prints.get', { id, includeContent: false });

/** Keeps every print the Sell screen reads current from main's `print.changed`, so a receipt's state is live. */
export function useLiveReceipts(): void {
  const client = useQueryClient();
  const put = useCallback(
    (print: PrintSummary) => {
      const key = receiptKey(print.id);
      // A read still on its way may answer with an older state than this event: read it again.
      if (client.getQueryData(key) === undefined) return void client.invalidateQueries({ queryKey: key });
      client.setQueryData(key, (current: PrintDetail | undefined) => (current === undefined ? current : { ...current, ...print }));
    },
    [client],
  );
  useContractEvent('print.changed', put);
}

/** A receipt's print, as it is now (null id: no receipt yet). */
export function useReceiptPrint(id: string | null) {
  return useContractQuery('prints.get', { id: id ?? '', includeContent: false }, { enabled: id !== null, staleTime: Infinity });
}
