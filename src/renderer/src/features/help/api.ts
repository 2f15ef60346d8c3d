import { useContractMutation, useContractQuery } from '../../api/hooks';

/** What the bundle will hold, read again each time the dialog opens. */
export const useDiagnosticsPreview = (open: boolean) => useContractQuery('diagnostics.preview', {}, { enabled: open, staleTime: 0, gcTime: 0 });
export const useBuildDiagnostics = () => useContractMutation('diagnostics.build');

/** The update's state, read every few seconds: it moves on its own (a download ends, a sale ends and the install goes in). */
export const useUpdateStatus = () => useContractQuery('updates.status', {}, { refetchInterval: 3_000 });
