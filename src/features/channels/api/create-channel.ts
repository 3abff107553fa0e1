import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps, type ParamsOf } from '../../../shared/svc/catalog';
import { invalidateChannelsArea } from './get-channels';

export type CreateChannelParams = ParamsOf<typeof svcOps.createChannel>;
export type SubscribeParams = ParamsOf<typeof svcOps.subscribe>;

/** `POST /channels/create` (level 417); the list refreshes by event, and here too for this tab. */
export function useCreateChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: CreateChannelParams) => svc(svcOps.createChannel, params),
    onSuccess: () => void invalidateChannelsArea(client),
  });
}

/** Subscribing people; naming a channel that does not exist creates it (the way before level 417). */
export function useSubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: SubscribeParams) => svc(svcOps.subscribe, params),
    onSuccess: () => void invalidateChannelsArea(client),
  });
}
