import { useContractMutation, useContractQuery } from '../../api/hooks';

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
