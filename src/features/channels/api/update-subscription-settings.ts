import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import type { SubscriptionPropertyChange } from '../../../shared/svc/ops/account-ops';
import { applySubscriptionChange } from '../../../shared/svc/subscriptions';
import { mySubscriptionsQueryOptions } from './get-my-subscriptions';

/** Several changes of my settings for channels, in one request; the cache follows when it succeeds. */
export function useUpdateSubscriptionSettings() {
  const client = useQueryClient();
  const { queryKey } = mySubscriptionsQueryOptions();
  return useMutation({
    mutationFn: (changes: SubscriptionPropertyChange[]) =>
      svc(svcOps.updateSubscriptionProperties, { subscription_data: changes }),
    onSuccess: (_result, changes) =>
      client.setQueryData(queryKey, (subs) => (subs ? changes.reduce(applySubscriptionChange, subs) : subs)),
  });
}
