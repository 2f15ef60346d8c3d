import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Draft, SaveTemplateRequest, Template } from '../../../../shared/ipc/channels/templates';
import { call, type CallError } from '../../api/bridge';
import { queryKeyOf, useContractQuery } from '../../api/hooks';

/** The Counter screen's contract hooks: templates, the draft, terminals. Printing uses useContractMutation directly. */
export const useTemplates = () => useContractQuery('templates.list', {});

function useRefreshTemplates(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeyOf('templates.list', {}) });
}

export function useSaveTemplate() {
  const refresh = useRefreshTemplates();
  return useMutation<Template, CallError, SaveTemplateRequest>({ mutationFn: (request) => call('templates.save', request), onSuccess: refresh });
}

export function useDeleteTemplate() {
  const refresh = useRefreshTemplates();
  return useMutation<{ deleted: boolean }, CallError, string>({ mutationFn: (id) => call('templates.delete', { id }), onSuccess: refresh });
}

/** Read once when the screen opens; from then on the screen is the draft's only writer. */
export const useDraft = () => useContractQuery('drafts.get', {}, { staleTime: Infinity, gcTime: 0 });

export function saveDraft(draft: Draft): Promise<Draft> {
  return call('drafts.save', draft);
}

export const useTerminals = () => useContractQuery('terminals.list', {}, { staleTime: 60_000 });
