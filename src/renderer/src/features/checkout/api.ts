import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CheckoutSale } from '../../../../shared/ipc/channels/checkout';
import { queryKeyOf, useContractEvent, useContractMutation, useContractQuery } from '../../api/hooks';

/** The Checkout screen's contract hooks. Sales change in main as notifications arrive; `checkoutSale.changed` keeps the cache current. */
export const useSales = () => useContractQuery('checkout.sales', {}, { staleTime: Infinity });
export const useSale = (preferenceId: string) => useContractQuery('checkout.sale', { preferenceId }, { staleTime: Infinity });
export const useReceiver = () => useContractQuery('checkout.receiver', {}, { refetchInterval: 15_000 });
export const useCreatePreference = () => useContractMutation('checkout.createPreference');

/** Puts a sale main reports (created or changed) into both the sale's own query and the history. */
export function useSaleCache(): (sale: CheckoutSale) => void {
  const client = useQueryClient();
  return useCallback(
    (sale: CheckoutSale) => {
      client.setQueryData(queryKeyOf('checkout.sale', { preferenceId: sale.preferenceId }), sale);
      client.setQueryData(queryKeyOf('checkout.sales', {}), (current: { sales: CheckoutSale[] } | undefined) => {
        if (current === undefined) return current;
        const others = current.sales.filter((existing) => existing.preferenceId !== sale.preferenceId);
        return { sales: [sale, ...others].sort((left, right) => right.createdAt.localeCompare(left.createdAt)) };
      });
    },
    [client],
  );
}

/** Live: every change main makes to a sale lands on screen without asking. */
export function useLiveSales(): void {
  const put = useSaleCache();
  useContractEvent('checkoutSale.changed', put);
}
