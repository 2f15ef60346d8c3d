import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChannelRequest } from '../../../../shared/ipc/contract';
import { queryKeyOf, useContractMutation } from '../../api/hooks';

type StatusChannel = 'staff.signIn' | 'staff.lock' | 'staff.setUpOwner';

/** A staff call whose answer is the new status: put into the cache at once (the event follows). */
function useStatusMutation<C extends StatusChannel>(channel: C) {
  const client = useQueryClient();
  const mutation = useContractMutation(channel);
  const { mutate } = mutation;
  const run = useCallback(
    (request: ChannelRequest<C>, onError?: () => void) =>
      mutate(request, {
        onSuccess: (status) => client.setQueryData(queryKeyOf('staff.status', {}), status),
        ...(onError === undefined ? {} : { onError }),
      }),
    [mutate, client],
  );
  return { ...mutation, run };
}

export const useSignIn = () => useStatusMutation('staff.signIn');
export const useLock = () => useStatusMutation('staff.lock');
export const useSetUpOwner = () => useStatusMutation('staff.setUpOwner');
