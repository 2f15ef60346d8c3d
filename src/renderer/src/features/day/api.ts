import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StoreStatus } from '../../../../shared/ipc/channels/store';
import { queryKeyOf, useContractEvent, useContractMutation, useContractQuery } from '../../api/hooks';

/** The Day screen's contract hooks. */
export const useDayStatus = () => useContractQuery('day.status', {});
export const useZReports = () => useContractQuery('day.zReports', {});
export const useXReport = (shiftId: string | null) => useContractQuery('day.xReport', { shiftId: shiftId ?? '' }, { enabled: shiftId !== null });
export const useOpenShift = () => useContractMutation('day.openShift');
export const useRecordSale = () => useContractMutation('day.recordSale');
export const useCloseShift = () => useContractMutation('day.closeShift');
export const useReprintZ = () => useContractMutation('day.reprintZ');
export const useExportZ = () => useContractMutation('day.exportZ');
export const useReconcile = () => useContractMutation('day.reconcile');
export const useExplain = () => useContractMutation('day.explain');
export const useDayTerminals = () => useContractQuery('terminals.list', {}, { staleTime: 60_000 });

/** The store's currency as main knows it (the day's status), for every amount the screen shows. */
export const useDayCurrency = (): string | null => useDayStatus().data?.currency ?? null;

/** Whether this counter has a store database on (main's events keep it current). */
export function useStoreOn(): boolean {
  const client = useQueryClient();
  const status = useContractQuery('store.status', {}, { staleTime: Infinity });
  const onStatus = useCallback((next: StoreStatus) => client.setQueryData(queryKeyOf('store.status', {}), next), [client]);
  useContractEvent('store.statusChanged', onStatus);
  return status.data?.enabled === true;
}

/** The whole store's day, reread when a counter publishes (its shifts and Zs go up with its prints). */
export function useStoreDay(enabled: boolean) {
  const client = useQueryClient();
  const query = useContractQuery('day.storeDay', {}, { enabled, staleTime: Infinity });
  const reread = useCallback(() => void client.invalidateQueries({ queryKey: ['day.storeDay'] }), [client]);
  useContractEvent('store.changed', reread);
  useContractEvent('day.changed', reread);
  return query;
}
export const usePrintStoreZ = () => useContractMutation('day.printStoreZ');
