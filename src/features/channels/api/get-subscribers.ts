import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { channelsRootKey } from './get-channels';

export function subscribersQueryOptions(streamId: number) {
  return queryOptions({
    queryKey: [...channelsRootKey, 'subscribers', streamId] as const,
    queryFn: async ({ signal }) =>
      (await svc(svcOps.getChannelSubscribers, { stream_id: streamId }, { signal })).subscribers,
  });
}

export function useSubscribers(streamId: number) {
  return useQuery(subscribersQueryOptions(streamId));
}
