import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { topicsRootKey } from './get-channels';

export function messageHistoryQueryOptions(messageId: number) {
  return queryOptions({
    queryKey: [...topicsRootKey, 'history', messageId] as const,
    queryFn: async ({ signal }) =>
      (await svc(svcOps.getMessageHistory, { message_id: messageId, allow_empty_topic_name: true }, { signal }))
        .message_history,
  });
}

export function useMessageHistory(messageId: number) {
  return useQuery(messageHistoryQueryOptions(messageId));
}
