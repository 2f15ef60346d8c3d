import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TerminalSale } from '../../../../shared/ipc/channels/terminal-sales';
import { queryKeyOf, useContractEvent, useContractMutation, useContractQuery } from '../../api/hooks';

/** The Sell screen's contract hooks; `terminalSale.changed` keeps the cache current, so nothing polls main. */
export const useTerminalSales = () => useContractQuery('terminalSales.list', {}, { staleTime: Infinity });
export const useCharge = () => useContractMutation('terminalSales.charge');
export const useCancelSale = () => useContractMutation('terminalSales.cancel');
export const useRefundSale = () => useContractMutation('terminalSales.refund');

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
