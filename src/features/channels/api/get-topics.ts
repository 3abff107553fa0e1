import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { FEATURE_LEVELS } from '../../../shared/svc/features';
import { channelsRootKey } from './get-channels';

export interface TopicRow {
  name: string;
  maxId: number;
  /** UNIX seconds of the newest message; null when the server cannot fetch messages by ID. */
  lastActivity: number | null;
}

/**
 * A channel's topics, newest first, each with the time of its newest message. The times come from one
 * request for all the newest messages by ID (level 300), not one per topic.
 */
export function topicsQueryOptions(streamId: number, level: number) {
  return queryOptions({
    queryKey: [...channelsRootKey, 'topics', streamId] as const,
    queryFn: async ({ signal }): Promise<TopicRow[]> => {
      const emptyTopics = level >= FEATURE_LEVELS.emptyTopics;
      const { topics } = await svc(
        svcOps.getChannelTopics,
        { stream_id: streamId, ...(emptyTopics ? { allow_empty_topic_name: true } : {}) },
        { signal },
      );
      const times = new Map<number, number>();
      if (topics.length > 0 && level >= FEATURE_LEVELS.messageIds) {
        const { messages } = await svc(
          svcOps.getMessages,
          {
            message_ids: topics.map((t) => t.max_id),
            apply_markdown: false,
            ...(emptyTopics ? { allow_empty_topic_name: true } : {}),
          },
          { signal },
        );
        for (const m of messages) times.set(m.id, m.timestamp);
      }
      return topics
        .map((t) => ({ name: t.name, maxId: t.max_id, lastActivity: times.get(t.max_id) ?? null }))
        .sort((a, b) => b.maxId - a.maxId);
    },
  });
}

export function useTopics(streamId: number, level: number) {
  return useQuery(topicsQueryOptions(streamId, level));
}
