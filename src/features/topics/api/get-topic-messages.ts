import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps, type ResultOf } from '../../../shared/svc/catalog';
import { FEATURE_LEVELS } from '../../../shared/svc/features';
import { MESSAGE_BATCH_SIZE, topicNarrow } from '../../../shared/svc/messages';
import { topicsRootKey } from './get-channels';

export type MessagePage = ResultOf<typeof svcOps.getMessages>;

/** Where the next page starts: older than the first message, or newer than the last one. */
export type PageParam = { anchor: 'newest' } | { anchor: number; direction: 'older' | 'newer' };

/** The request for one page; exported for the encoding tests. */
export function pageRequest(streamId: number, topic: string, level: number, page: PageParam) {
  const base = {
    narrow: topicNarrow(streamId, topic, level),
    apply_markdown: true,
    client_gravatar: true,
    ...(level >= FEATURE_LEVELS.emptyTopics ? { allow_empty_topic_name: true } : {}),
  };
  if (page.anchor === 'newest')
    return { ...base, anchor: 'newest' as const, num_before: MESSAGE_BATCH_SIZE, num_after: 0 };
  return page.direction === 'older'
    ? { ...base, anchor: page.anchor, include_anchor: false, num_before: MESSAGE_BATCH_SIZE, num_after: 0 }
    : { ...base, anchor: page.anchor, include_anchor: false, num_before: 0, num_after: MESSAGE_BATCH_SIZE };
}

/**
 * A topic's messages, anchored at the newest and paged in both directions a batch at a time (the server
 * recommends at most 1,000 per request and refuses more than 5,000).
 */
export function topicMessagesQueryOptions(streamId: number, topic: string, level: number) {
  return infiniteQueryOptions({
    queryKey: [...topicsRootKey, 'messages', streamId, topic] as const,
    initialPageParam: { anchor: 'newest' } as PageParam,
    queryFn: ({ pageParam, signal }) =>
      svc(svcOps.getMessages, pageRequest(streamId, topic, level, pageParam), { signal }),
    getPreviousPageParam: (first: MessagePage): PageParam | undefined => {
      const oldest = first.messages[0]?.id;
      return first.found_oldest || oldest === undefined ? undefined : { anchor: oldest, direction: 'older' };
    },
    getNextPageParam: (last: MessagePage, _all, lastParam: PageParam): PageParam | undefined => {
      const newest = last.messages.at(-1)?.id;
      // The first page is anchored at the newest message: nothing is newer yet (events refetch).
      if (lastParam.anchor === 'newest' || last.found_newest || newest === undefined) return undefined;
      return { anchor: newest, direction: 'newer' };
    },
  });
}

export function useTopicMessages(streamId: number, topic: string, level: number) {
  return useInfiniteQuery(topicMessagesQueryOptions(streamId, topic, level));
}
