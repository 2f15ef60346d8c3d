import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TerminalSale } from '../../../shared/ipc/channels/terminal-sales';
import { queryKeyOf, useContractEvent, useContractQuery } from './hooks';

/**
 * The terminal sales, read by the Sell screen and the manager's sales panel alike (so they live here,
 * not in either feature); `terminalSale.changed` keeps the cache current, so nothing polls main.
 */
export const useTerminalSales = () => useContractQuery('terminalSales.list', {}, { staleTime: Infinity });

/** Puts every changed sale into the cached list, newest first, while the calling screen is shown. */
export function useLiveTerminalSales(): void {
  const client = useQueryClient();
  const put = useCallback(
    (sale: TerminalSale) => {
      client.setQueryData(queryKeyOf('terminalSales.list', {}), (current: { sales: TerminalSale[] } | undefined) => {
        if (current === undefined) return current;
        const others = current.sales.filter((existing) => existing.id !== sale.id);
        return { sales: [sale, ...others].sort((left, right) => right.createdAt.localeCompare(left.createdAt)) };
      });
    },
    [client],
  );
  useContractEvent('terminalSale.changed', put);
}

/**
 * The store's currency as the platform last said it: the newest sale's order carries the account's
 * site's currency. Null until the first order has answered (amounts are then written without a symbol).
 */
export function useStoreCurrency(): string | null {
  const sales = useTerminalSales();
  return sales.data?.sales.find((sale) => typeof sale.currency === 'string' && sale.currency !== '')?.currency ?? null;
}
