import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Sale } from '../../../../shared/ipc/channels/orders';
import { queryKeyOf, useContractEvent, useContractMutation, useContractQuery } from '../../api/hooks';

/** The Sell screen's contract hooks; `terminalSale.changed` keeps the cache current, so nothing polls main. */
export const useTerminalSales = () => useContractQuery('orders.list', {}, { staleTime: Infinity });
export const useCharge = () => useContractMutation('orders.charge');
export const useCancelSale = () => useContractMutation('orders.cancel');
export const useRefundSale = () => useContractMutation('orders.refund');

export function useLiveTerminalSales(): void {
  const client = useQueryClient();
  const put = useCallback(
    (sale: Sale) => {
      client.setQueryData(queryKeyOf('orders.list', {}), (current: { sales: Sale[] } | undefined) => {
        if (current === undefined) return current;
        const others = current.sales.filter((existing) => existing.id !== sale.id);
        return { sales: [sale, ...others].sort((left, right) => right.createdAt.localeCompare(left.createdAt)) };
      });
    },
    [client],
  );
  useContractEvent('terminalSale.changed', put);
}
