import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import type { SubscriptionPropertyChange } from '../../../shared/svc/ops/account-ops';
import { applySubscriptionChange, subscriptionHolds } from '../../../shared/svc/subscriptions';
import { mySubscriptionsQueryOptions } from './get-my-subscriptions';

/**
 * How many of the accepted changes were read back from the server with the asked value; `seen` is null when
 * the settings could not be read back.
 */
export interface SettingsOutcome {
  asked: number;
  seen: number | null;
}

/**
 * Several changes of my settings for channels, in one request. Once accepted they are read back, so that
 * the form says what the server holds, not what was asked; the cache follows the read (or, without one, the
 * accepted changes).
 */
export function useUpdateSubscriptionSettings() {
  const client = useQueryClient();
  const options = mySubscriptionsQueryOptions();
  return useMutation({
    mutationFn: async (changes: SubscriptionPropertyChange[]): Promise<SettingsOutcome> => {
      await svc(svcOps.updateSubscriptionProperties, { subscription_data: changes });
      try {
        const subscriptions = await client.fetchQuery({ ...options, staleTime: 0 });
        const seen = changes.filter((change) => {
          const subscription = subscriptions.find((s) => s.stream_id === change.stream_id);
          return subscription !== undefined && subscriptionHolds(subscription, change);
        }).length;
        return { asked: changes.length, seen };
      } catch {
        client.setQueryData(options.queryKey, (subs) => (subs ? changes.reduce(applySubscriptionChange, subs) : subs));
        return { asked: changes.length, seen: null };
      }
    },
  });
}
