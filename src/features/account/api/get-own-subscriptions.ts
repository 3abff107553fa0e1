import { useQuery } from '@tanstack/react-query';
import { ownSubscriptionsQueryOptions } from '../../../client/reference-data/own-subscriptions';

export { ownSubscriptionsQueryOptions };

export function useOwnSubscriptions() {
  return useQuery(ownSubscriptionsQueryOptions());
}
