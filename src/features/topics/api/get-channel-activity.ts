import { queryOptions, useQueries } from '@tanstack/react-query';
import { ApiError } from '../../../client/api-error';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import type { Channel } from '../../../shared/svc/channels';
import { FEATURE_LEVELS } from '../../../shared/svc/features';
import { CHANNEL_OPERATOR_LEVEL, MESSAGE_BATCH_SIZE } from '../../../shared/svc/messages';
import { topicsRootKey } from './get-channels';

/** One topic as the triage view shows it. */
export interface TopicActivity {
  streamId: number;
  channelName: string;
  name: string;
  maxId: number;
  /** Messages seen in the channel's recent window; `complete` false when the topic reaches past it. */
  count: number;
  complete: boolean;
  participants: number[];
  lastActivity: number | null;
}

/**
 * What one channel gave: its topics, or that the signed-in user may not read it (a private channel they are not
 * subscribed to: the server lists it to administrators, but refuses its topics and messages).
 */
export type ChannelActivity =
  { readable: true; topics: TopicActivity[] } | { readable: false; streamId: number; channelName: string };

/** The server's refusal of a private channel's content to someone it lists the channel to. */
function isNoContentAccess(error: unknown, channel: Channel): boolean {
  return channel.invite_only && error instanceof ApiError && error.status === 400 && error.code === 'BAD_REQUEST';
}

/**
 * A channel's topics (all of them, by `GET /users/me/{stream_id}/topics`) with counts and participants
 * from its most recent batch of messages, in two parallel requests per channel. Topics older than that
 * window show without counts rather than costing a request each.
 */
export function channelActivityQueryOptions(channel: Channel, level: number) {
  return queryOptions({
    queryKey: [...topicsRootKey, 'activity', channel.stream_id] as const,
    queryFn: async ({ signal }): Promise<ChannelActivity> => {
      const emptyTopics = level >= FEATURE_LEVELS.emptyTopics ? { allow_empty_topic_name: true } : {};
      let answers;
      try {
        answers = await Promise.all([
          svc(svcOps.getChannelTopics, { stream_id: channel.stream_id, ...emptyTopics }, { signal }),
          svc(
            svcOps.getMessages,
            {
              anchor: 'newest',
              num_before: MESSAGE_BATCH_SIZE,
              num_after: 0,
              narrow: [
                { operator: level >= CHANNEL_OPERATOR_LEVEL ? 'channel' : 'stream', operand: channel.stream_id },
              ],
              apply_markdown: false,
              client_gravatar: true,
              ...emptyTopics,
            },
            { signal },
          ),
        ]);
      } catch (error) {
        if (isNoContentAccess(error, channel)) {
          return { readable: false, streamId: channel.stream_id, channelName: channel.name };
        }
        throw error;
      }
      const [topics, recent] = answers;
      const byTopic = new Map<string, { count: number; senders: Set<number>; last: number; oldestId: number }>();
      for (const m of recent.messages) {
        const key = m.subject.toLowerCase();
        const entry = byTopic.get(key) ?? { count: 0, senders: new Set<number>(), last: 0, oldestId: m.id };
        entry.count += 1;
        entry.senders.add(m.sender_id);
        entry.last = Math.max(entry.last, m.timestamp);
        entry.oldestId = Math.min(entry.oldestId, m.id);
        byTopic.set(key, entry);
      }
      const windowComplete = recent.found_oldest === true;
      const windowStart = recent.messages[0]?.id ?? Number.POSITIVE_INFINITY;
      const activity = topics.topics.map((t): TopicActivity => {
        const seen = byTopic.get(t.name.toLowerCase());
        return {
          streamId: channel.stream_id,
          channelName: channel.name,
          name: t.name,
          maxId: t.max_id,
          count: seen?.count ?? 0,
          // The window holds all of a topic when it reaches the channel's start, or begins inside an older topic.
          complete: windowComplete || (seen !== undefined && seen.oldestId > windowStart),
          participants: seen ? [...seen.senders] : [],
          lastActivity: seen ? seen.last : null,
        };
      });
      return { readable: true, topics: activity };
    },
    staleTime: 15_000,
  });
}

/** Every channel's activity in parallel (no waterfall beyond the channel list itself). */
export function useAllChannelActivity(channels: readonly Channel[], level: number) {
  return useQueries({
    queries: channels.map((c) => channelActivityQueryOptions(c, level)),
    combine: (results) => ({
      topics: results.flatMap((r) => (r.data?.readable ? r.data.topics : [])),
      /** Channels listed to this user whose content the server refuses them. */
      unreadable: results.flatMap((r) => (r.data && !r.data.readable ? [r.data] : [])),
      pending: results.some((r) => r.isPending),
      errors: results.flatMap((r) => (r.error ? [r.error] : [])),
    }),
  });
}
