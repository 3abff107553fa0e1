import { useQuery } from '@tanstack/react-query';
import { ownSubscriptionsQueryOptions } from '../../../client/reference-data/own-subscriptions';

/** My subscriptions with my personal settings for each; joined with the channel list by `stream_id`. */
export const mySubscriptionsQueryOptions = ownSubscriptionsQueryOptions;

export function useMySubscriptions() {
  return useQuery(ownSubscriptionsQueryOptions());
}
