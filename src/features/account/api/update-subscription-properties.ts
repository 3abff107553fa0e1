import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import type { Subscription, SubscriptionPropertyChange } from '../../../shared/svc/ops/account-ops';
import { applySubscriptionChange, subscriptionHolds } from '../../../shared/svc/subscriptions';
import { ownSubscriptionsQueryOptions } from './get-own-subscriptions';

/**
 * What became of an accepted change, read back from the server: `seen` when the subscription now has the
 * value, `other` when it has another one (someone or something changed it since), `unread` when it could not
 * be read back.
 */
export type ChangeOutcome =
  | { kind: 'seen'; change: SubscriptionPropertyChange; subscription: Subscription }
  | { kind: 'other'; change: SubscriptionPropertyChange; subscription: Subscription | null }
  | { kind: 'unread'; change: SubscriptionPropertyChange };

/**
 * Optimistic: the table changes at once and goes back if the server refuses (the caller shows why). An
 * accepted change is read back, so that the caller says what the server now holds, not what was asked.
 */
export function useUpdateSubscriptionProperty() {
  const client = useQueryClient();
  const options = ownSubscriptionsQueryOptions();
  const { queryKey } = options;
  return useMutation({
    mutationFn: async (change: SubscriptionPropertyChange): Promise<ChangeOutcome> => {
      await svc(svcOps.updateSubscriptionProperties, { subscription_data: [change] });
      let subscriptions: Subscription[];
      try {
        subscriptions = await client.fetchQuery({ ...options, staleTime: 0 });
      } catch {
        return { kind: 'unread', change };
      }
      const subscription = subscriptions.find((s) => s.stream_id === change.stream_id) ?? null;
      return subscription && subscriptionHolds(subscription, change)
        ? { kind: 'seen', change, subscription }
        : { kind: 'other', change, subscription };
    },
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
