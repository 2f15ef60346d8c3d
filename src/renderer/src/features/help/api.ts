import { useContractMutation, useContractQuery } from '../../api/hooks';

/** What the bundle will hold, read again each time the dialog opens. */
export const useDiagnosticsPreview = (open: boolean) => useContractQuery('diagnostics.preview', {}, { enabled: open, staleTime: 0, gcTime: 0 });
export const useBuildDiagnostics = () => useContractMutation('diagnostics.build');
