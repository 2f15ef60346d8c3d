import { useQueryClient } from '@tanstack/react-query';
import type { CredentialsStatus } from '../../../../shared/ipc/channels/credentials';
import type { ChannelRequest } from '../../../../shared/ipc/contract';
import { queryKeyOf, useContractMutation } from '../../api/hooks';
import { accountKey } from '../../components/environment/credentials-status';

export { useCredentialsStatus, useSetupText } from '../../components/environment/credentials-status';

/** A credentials action whose answer (the new status) replaces the cached one at once. */
export function useCredentialsAction<
  C extends
    | 'credentials.setProduction'
    | 'credentials.verify'
    | 'credentials.signIn'
    | 'credentials.cancelSignIn'
    | 'credentials.signOut'
    | 'credentials.allowPlaintext',
>(channel: C) {
  const client = useQueryClient();
  const mutation = useContractMutation(channel);
  return {
    ...mutation,
    run: async (request: ChannelRequest<C>): Promise<CredentialsStatus> => {
      const status: CredentialsStatus = await mutation.mutateAsync(request);
      const before = accountKey(client.getQueryData<CredentialsStatus>(queryKeyOf('credentials.status', {})));
      client.setQueryData(queryKeyOf('credentials.status', {}), status);
      // The answer can come before main's `credentials.changed` event: then the event sees no change of
      // account, so the old account's terminal list is dropped here.
      const after = accountKey(status);
      if (after !== undefined && after !== before) void client.invalidateQueries({ queryKey: ['terminals.list'] });
      return status;
    },
  };
}
