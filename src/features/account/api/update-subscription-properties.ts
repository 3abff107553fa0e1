import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import type { Subscription, SubscriptionPropertyChange } from '../../../shared/svc/ops/account-ops';
import { ownSubscriptionsQueryOptions } from './get-own-subscriptions';

/** Applies one change to a cached subscription list; `in_home_view` is stored as its inverse, `is_muted`. */
export function applySubscriptionChange(
  subscriptions: readonly Subscription[],
  change: { stream_id: number; property: string; value: unknown },
): Subscription[] {
  const property = change.property === 'in_home_view' ? 'is_muted' : change.property;
  const value = change.property === 'in_home_view' ? change.value !== true : change.value;
  return subscriptions.map((s) => (s.stream_id === change.stream_id ? { ...s, [property]: value } : s));
}

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
