import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StoreStatus, StoreSync } from '../../../../shared/ipc/channels/store';
import { failureText } from '../../../../shared/i18n';
import type { Language } from '../../../../shared/ipc/channels/app';
import { queryKeyOf, useContractEvent, useContractMutation, useContractQuery } from '../../api/hooks';
import { fillMessage } from '../../i18n';
import type { StoreSettingsKey } from './store-messages';

/** The store sync state, kept current by main's store.statusChanged events. */
export function useStoreStatus() {
  const client = useQueryClient();
  const query = useContractQuery('store.status', {}, { staleTime: Infinity });
  const onStatus = useCallback((status: StoreStatus) => client.setQueryData(queryKeyOf('store.status', {}), status), [client]);
  useContractEvent('store.statusChanged', onStatus);
  return query;
}

export function useSetStorePassword() {
  const client = useQueryClient();
  const mutation = useContractMutation('store.setPassword');
  return {
    ...mutation,
    run: (password: string | null) => mutation.mutate({ password }, { onSuccess: (status) => client.setQueryData(queryKeyOf('store.status', {}), status) }),
  };
}

/** Sends one set-aside entry (or, with null, every one) again; the status comes back with the list. */
export function useRetrySetAside() {
  const client = useQueryClient();
  const mutation = useContractMutation('store.retrySetAside');
  return {
    ...mutation,
    run: (seq: number | null) => mutation.mutate({ seq }, { onSuccess: (status) => client.setQueryData(queryKeyOf('store.status', {}), status) }),
  };
}

export const useTestStore = () => useContractMutation('store.test');

/** One line for the sync state, in the reader's language. */
export function syncText(sync: StoreSync, t: (key: StoreSettingsKey) => string, language: Language): string {
  switch (sync.kind) {
    case 'off':
    case 'not_configured':
    case 'up_to_date':
      return t(`sync.${sync.kind}`);
    case 'waiting':
      if (sync.pending === 0) return t('sync.connecting');
      return sync.pending === 1 ? t('sync.waitingOne') : fillMessage(t('sync.waiting'), { count: sync.pending });
    case 'error':
      return fillMessage(t('sync.error'), { message: failureText(sync.code, language), count: sync.pending });
  }
}
