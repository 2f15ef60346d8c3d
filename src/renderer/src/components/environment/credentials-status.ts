import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CredentialsStatus } from '../../../../shared/ipc/channels/credentials';
import { PRODUCTION_SETUP, textOf, type ProductionSetupKey, type TextParams } from '../../../../shared/i18n';
import { queryKeyOf, useContractEvent, useContractQuery } from '../../api/hooks';
import { useLanguage } from '../../i18n';
import { environmentUsable } from './usability';

/** The credentials' status, kept current by main's `credentials.changed` events. */
export function useCredentialsStatus() {
  const client = useQueryClient();
  const onChange = useCallback((status: CredentialsStatus) => client.setQueryData(queryKeyOf('credentials.status', {}), status), [client]);
  useContractEvent('credentials.changed', onChange);
  return useContractQuery('credentials.status', {});
}

/** Undefined while unknown: the screens do not block on a status that has not arrived yet. */
export function useEnvironmentUsable(): boolean | undefined {
  const status = useCredentialsStatus().data;
  return status === undefined ? undefined : environmentUsable(status);
}

/** The production set-up's words from the shared catalogue, in the screen's language. */
export function useSetupText(): (key: ProductionSetupKey, params?: TextParams) => string {
  const language = useLanguage();
  return (key, params) => textOf(PRODUCTION_SETUP, key, language, params);
}
