import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BacklogList } from '../../../../shared/ipc/channels/backlog';
import { queryKeyOf, useContractEvent, useContractMutation, useContractQuery } from '../../api/hooks';

/** The terminals held by the backlog, kept fresh by main's `backlog.changed`. */
export function useBacklog() {
  const client = useQueryClient();
  const onChanged = useCallback((list: BacklogList) => client.setQueryData(queryKeyOf('backlog.list', {}), list), [client]);
  useContractEvent('backlog.changed', onChanged);
  return useContractQuery('backlog.list', {});
}

export const useDecideBacklog = () => useContractMutation('backlog.decide');
