import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import type { SubscriptionPropertyChange } from '../../../shared/svc/ops/account-ops';
import { applySubscriptionChange } from '../../../shared/svc/subscriptions';
import { ownSubscriptionsQueryOptions } from './get-own-subscriptions';

/** Optimistic: the table changes at once and goes back if the server refuses (the caller shows why). */
export function useUpdateSubscriptionProperty() {
  const client = useQueryClient();
  const { queryKey } = ownSubscriptionsQueryOptions();
  return useMutation({
    mutationFn: (change: SubscriptionPropertyChange) =>
      svc(svcOps.updateSubscriptionProperties, { subscription_data: [change] }),
    onMutate: async (change) => {
      await client.cancelQueries({ queryKey });
      const previous = client.getQueryData(queryKey);
      if (previous) client.setQueryData(queryKey, applySubscriptionChange(previous, change));
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) client.setQueryData(queryKey, context.previous);
    },
  });
}
