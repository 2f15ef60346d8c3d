import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PrintSummary } from '../../../../shared/ipc/channels/prints';
import { isFinalPrintStatus } from '../../../../shared/lifecycle/print';
import type { Draft, SaveTemplateRequest, Template } from '../../../../shared/ipc/channels/templates';
import { call, type CallError } from '../../api/bridge';
import { queryKeyOf, useContractEvent, useContractQuery } from '../../api/hooks';
import { UNFINISHED_PRINT_STATUSES } from '../../../../shared/lifecycle/print';
import { foldUnfinished, type UnfinishedPrints } from './unfinished-prints';

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

/** Every unfinished print of this counter, read once and then kept by main's events, so none disappears from the screen while it is on its way. */
export function useUnfinishedPrints(): UnfinishedPrints {
  const list = useContractQuery(
    'prints.list',
    { filters: { status: [...UNFINISHED_PRINT_STATUSES] }, sort: { field: 'createdAt', direction: 'desc' }, page: { index: 0, size: 50 } },
    { staleTime: Infinity, gcTime: 0 },
  );
  const [prints, setPrints] = useState<UnfinishedPrints>(() => new Map());
  // Prints that ended while the list was on its way: its answer must not bring them back.
  const ended = useRef(new Set<string>());
  const items = list.data?.items;
  useEffect(() => {
    if (items !== undefined) setPrints((current) => foldUnfinished(current, items, ended.current));
  }, [items]);
  const onChange = useCallback((print: PrintSummary) => {
    if (isFinalPrintStatus(print.status)) ended.current.add(print.id);
    setPrints((current) => foldUnfinished(current, [print]));
  }, []);
  useContractEvent('print.changed', onChange);
  return prints;
}
