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
  const onChange = useCallback(
    (status: CredentialsStatus) => {
      const before = accountKey(client.getQueryData<CredentialsStatus>(queryKeyOf('credentials.status', {})));
      client.setQueryData(queryKeyOf('credentials.status', {}), status);
      const after = accountKey(status);
      // Another account has other terminals: the list read under the old one is not kept for a minute more.
      if (after !== undefined && after !== before) void client.invalidateQueries({ queryKey: ['terminals.list'] });
    },
    [client],
  );
  useContractEvent('credentials.changed', onChange);
  return useContractQuery('credentials.status', {});
}

/**
 * Who Counter is on the platform: the environment, whose token (the application's or a user's) and the
 * user it belongs to. Undefined while no token is held, so a moment without one is not "another account".
 */
export function accountKey(status: CredentialsStatus | undefined): string | undefined {
  if (status === undefined || status.token === null) return undefined;
  return `${status.environment}|${status.identity}|${String(status.token.userId)}`;
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
