import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { CHANNEL_OPERATOR_LEVEL } from '../../../shared/svc/messages';
import { topicsRootKey } from './get-channels';

/**
 * Which of the loaded messages match a search in their channel, with the server's highlighting. Only the
 * loaded IDs are checked, so the answer is as large as the page, never the channel.
 */
export function searchMatchesQueryOptions(
  streamId: number,
  query: string,
  messageIds: readonly number[],
  level: number,
) {
  return queryOptions({
    queryKey: [
      ...topicsRootKey,
      'matches',
      streamId,
      query,
      messageIds.length,
      messageIds[0],
      messageIds.at(-1),
    ] as const,
    queryFn: async ({ signal }) =>
      (
        await svc(
          svcOps.getMessagesMatchesNarrow,
          {
            msg_ids: [...messageIds],
            narrow: [
              { operator: level >= CHANNEL_OPERATOR_LEVEL ? 'channel' : 'stream', operand: streamId },
              { operator: 'search', operand: query },
            ],
          },
          { signal },
        )
      ).messages,
  });
}

export function useSearchMatches(streamId: number, query: string, messageIds: readonly number[], level: number) {
  const enabled = query.trim().length > 0 && messageIds.length > 0;
  return useQuery({
    ...searchMatchesQueryOptions(streamId, query.trim(), messageIds, level),
    enabled,
    placeholderData: keepPreviousData,
  });
}
