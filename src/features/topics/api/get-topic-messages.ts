import { infiniteQueryOptions, queryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
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

/** How long a closed topic's messages stay cached (see `topicMessagesQueryOptions`). */
export const TOPIC_MESSAGES_GC_TIME = 60_000;

export function topicMessagesKey(streamId: number, topic: string) {
  return [...topicsRootKey, 'messages', streamId, topic] as const;
}

/**
 * The page before `anchor`, fetched ahead of "Load older messages" (see `readAheadOlderPage`). Under the
 * topic's key, so the events that refresh the topic also invalidate a page read ahead and not yet shown.
 */
export function olderPageQueryOptions(streamId: number, topic: string, level: number, anchor: number) {
  return queryOptions({
    queryKey: [...topicMessagesKey(streamId, topic), 'read-ahead', anchor] as const,
    queryFn: () => svc(svcOps.getMessages, pageRequest(streamId, topic, level, { anchor, direction: 'older' })),
    // Shown as it is for this long; after that (or once an event invalidates it) "Load older" asks again.
    staleTime: 30_000,
    gcTime: TOPIC_MESSAGES_GC_TIME,
  });
}

/**
 * Starts fetching the page before `anchor` unless it is already there or on its way, so that "Load older
 * messages" shows it without a round trip. One page ahead, started when a page has been shown.
 */
export function readAheadOlderPage(
  client: QueryClient,
  streamId: number,
  topic: string,
  level: number,
  anchor: number,
) {
  void client.prefetchQuery(olderPageQueryOptions(streamId, topic, level, anchor));
}

/**
 * The page before `anchor` for "Load older messages": the page read ahead when there is one (waiting for it
 * if it is still on its way, fetching it again if an event made it stale), used once and then dropped so a
 * later refresh of the topic asks the server.
 */
async function olderPage(
  client: QueryClient,
  streamId: number,
  topic: string,
  level: number,
  anchor: number,
  signal: AbortSignal,
): Promise<MessagePage> {
  const ahead = olderPageQueryOptions(streamId, topic, level, anchor);
  if (client.getQueryState(ahead.queryKey) === undefined)
    return svc(svcOps.getMessages, pageRequest(streamId, topic, level, { anchor, direction: 'older' }), { signal });
  try {
    return await client.fetchQuery(ahead);
  } finally {
    client.removeQueries({ queryKey: ahead.queryKey, exact: true });
  }
}

/**
 * A topic's messages, anchored at the newest and paged in both directions a batch at a time (the server
 * recommends at most 1,000 per request and refuses more than 5,000).
 */
export function topicMessagesQueryOptions(streamId: number, topic: string, level: number) {
  return infiniteQueryOptions({
    queryKey: topicMessagesKey(streamId, topic),
    initialPageParam: { anchor: 'newest' } as PageParam,
    queryFn: ({ pageParam, signal, client, direction }) =>
      // Only "Load older" itself may use a page read ahead; refreshing the loaded pages always asks again.
      direction === 'backward' && pageParam.anchor !== 'newest'
        ? olderPage(client, streamId, topic, level, pageParam.anchor, signal)
        : svc(svcOps.getMessages, pageRequest(streamId, topic, level, pageParam), { signal }),
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
    // Pages are thousands of messages: comparing each page with the cached ones field by field (every
    // loaded message, on every "Load older") costs more than rendering the few rows on screen again.
    structuralSharing: false,
    // Megabytes once older pages are loaded, and a topic opened again after a while refetches every loaded
    // page anyway (stale after 30 s): a closed topic stays cached for a minute, for going straight back to
    // it, rather than the default five, so a moderator going through topics does not keep each of them.
    gcTime: TOPIC_MESSAGES_GC_TIME,
  });
}

/** The oldest loaded message's ID when older messages remain: where the next "Load older" starts. */
export function olderAnchorOf(pages: readonly MessagePage[] | undefined): number | null {
  const first = pages?.[0];
  if (!first || first.found_oldest) return null;
  return first.messages[0]?.id ?? null;
}

/**
 * Starts a topic's first page as soon as it is selected (during the render that selects it, or on the
 * click), rather than after the drawer has rendered and committed. Does nothing when the topic is cached
 * or already on its way.
 */
export function prefetchTopicMessages(client: QueryClient, streamId: number, topic: string, level: number): void {
  const options = topicMessagesQueryOptions(streamId, topic, level);
  if (client.getQueryState(options.queryKey) === undefined) void client.prefetchInfiniteQuery(options);
}

export function useTopicMessages(streamId: number, topic: string, level: number) {
  return useInfiniteQuery(topicMessagesQueryOptions(streamId, topic, level));
}

/** The newest loaded message's ID (what resolving and moving the whole topic act on), or null. */
export function newestIdOf(data: { pages: readonly MessagePage[] } | undefined): number | null {
  return data?.pages.at(-1)?.messages.at(-1)?.id ?? null;
}

/**
 * Only the newest loaded message's ID, for the drawer's topic-wide actions: the drawer renders again when
 * that changes, not with every page of messages.
 */
export function useNewestTopicMessageId(streamId: number, topic: string, level: number): number | null {
  return useInfiniteQuery({ ...topicMessagesQueryOptions(streamId, topic, level), select: newestIdOf }).data ?? null;
}
