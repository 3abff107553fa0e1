import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { channelsRootKey } from './get-channels';

/** My subscriptions with my personal settings for each; joined with the channel list by `stream_id`. */
export function mySubscriptionsQueryOptions() {
  return queryOptions({
    queryKey: [...channelsRootKey, 'my-subscriptions'] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getOwnSubscriptions, {}, { signal })).subscriptions,
  });
}

export function useMySubscriptions() {
  return useQuery(mySubscriptionsQueryOptions());
}
