import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { invalidateChannelsArea } from './get-channels';

/**
 * Removes people from one channel, one request per person so the outcome is known per person (the
 * response names channels, not users). Resolves with each person's outcome; stops at a refusal.
 */
export function useRemoveSubscribers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ channelName, userIds }: { channelName: string; userIds: readonly number[] }) => {
      const outcomes: { userId: number; removed: boolean }[] = [];
      for (const userId of userIds) {
        const result = await svc(svcOps.unsubscribe, { subscriptions: [channelName], principals: [userId] });
        outcomes.push({ userId, removed: result.removed.includes(channelName) });
      }
      return outcomes;
    },
    onSettled: () => void invalidateChannelsArea(client),
  });
}
