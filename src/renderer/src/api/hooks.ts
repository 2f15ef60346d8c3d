import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { ChannelName, ChannelRequest, ChannelResponse, EventName, EventPayload } from '../../../shared/ipc/contract';
import { call, getBridge, type CallError } from './bridge';

export function queryKeyOf<C extends ChannelName>(channel: C, request: ChannelRequest<C>): readonly [C, ChannelRequest<C>] {
  return [channel, request] as const;
}

export function useContractQuery<C extends ChannelName>(
  channel: C,
  request: ChannelRequest<C>,
  options: Omit<UseQueryOptions<ChannelResponse<C>, CallError, ChannelResponse<C>, readonly [C, ChannelRequest<C>]>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery({ queryKey: queryKeyOf(channel, request), queryFn: () => call(channel, request), ...options });
}

export function useContractMutation<C extends ChannelName>(channel: C) {
  return useMutation<ChannelResponse<C>, CallError, ChannelRequest<C>>({ mutationFn: (request) => call(channel, request) });
}

/** Subscribes to one of main's events for the lifetime of the component. */
export function useContractEvent<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): void {
  useEffect(() => getBridge()?.on(event, listener), [event, listener]);
}

// One hook per channel of the app area; feature areas add theirs beside their screens.
export const useAppInfo = () => useContractQuery('app.info', {}, { staleTime: Infinity });
export const useSettings = () => useContractQuery('settings.get', {}, { staleTime: Infinity });
export const useConnection = () => useContractQuery('connection.status', {});
export const useUpdateSettings = () => {
  const client = useQueryClient();
  const mutation = useContractMutation('settings.update');
  return {
    ...mutation,
    mutate: (patch: ChannelRequest<'settings.update'>) =>
      mutation.mutate(patch, {
        onSuccess: (settings) => {
          client.setQueryData(queryKeyOf('settings.get', {}), settings);
          void client.invalidateQueries({ queryKey: ['app.info'] });
        },
      }),
  };
};
export const useCheckConnection = () => useContractMutation('connection.check');
