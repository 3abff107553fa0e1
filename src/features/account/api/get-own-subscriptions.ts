import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { accountRootKey } from './get-own-user';

/** My channel subscriptions with my personal settings for each. */
export function ownSubscriptionsQueryOptions() {
  return queryOptions({
    queryKey: [...accountRootKey, 'subscriptions'] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getOwnSubscriptions, {}, { signal })).subscriptions,
  });
}

export function useOwnSubscriptions() {
  return useQuery(ownSubscriptionsQueryOptions());
}
