import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CredentialsStatus } from '../../../../shared/ipc/channels/credentials';
import type { ChannelRequest } from '../../../../shared/ipc/contract';
import { PRODUCTION_SETUP, textOf, type ProductionSetupKey, type TextParams } from '../../../../shared/i18n';
import { queryKeyOf, useContractEvent, useContractMutation, useContractQuery } from '../../api/hooks';
import { useLanguage } from '../../i18n';
import { environmentUsable } from './usability';

/** The credentials' status, kept current by main's `credentials.changed` events. */
export function useCredentialsStatus() {
  const client = useQueryClient();
  const onChange = useCallback((status: CredentialsStatus) => client.setQueryData(queryKeyOf('credentials.status', {}), status), [client]);
  useContractEvent('credentials.changed', onChange);
  return useContractQuery('credentials.status', {});
}

/** A credentials action whose answer (the new status) replaces the cached one at once. */
export function useCredentialsAction<C extends 'credentials.setProduction' | 'credentials.verify' | 'credentials.signIn' | 'credentials.cancelSignIn' | 'credentials.signOut' | 'credentials.allowPlaintext'>(channel: C) {
  const client = useQueryClient();
  const mutation = useContractMutation(channel);
  return {
    ...mutation,
    run: async (request: ChannelRequest<C>): Promise<CredentialsStatus> => {
      const status: CredentialsStatus = await mutation.mutateAsync(request);
      client.setQueryData(queryKeyOf('credentials.status', {}), status);
      return status;
    },
  };
}

/** Undefined while unknown: the screens do not block on a status that has not arrived yet. */
export function useEnvironmentUsable(): boolean | undefined {
  const status = useCredentialsStatus().data;
  return status === undefined ? undefined : environmentUsable(status);
}

export function useSetupText(): (key: ProductionSetupKey, params?: TextParams) => string {
  const language = useLanguage();
  return (key, params) => textOf(PRODUCTION_SETUP, key, language, params);
}
