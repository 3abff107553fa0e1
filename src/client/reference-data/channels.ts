import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { svcEventBaseSchema } from '../../shared/events/svc-events';
import type { Channel } from '../../shared/svc/channels';
import { svcOps } from '../../shared/svc/catalog';
import type { EventHandlers } from '../event-handlers';
import { svc } from '../svc-client';

/** Every cached channel list starts here; one invalidation refreshes what every page shows. */
export const channelListKey = ['reference', 'channels'] as const;

/**
 * `GET /streams`, held once for every page that lists or names channels (channels, groups, topics, drafts,
 * invitations, webhooks): administrators ask for all of them (private ones included), others for the public,
 * web-public and subscribed ones. Archived channels are included; each page picks what it needs with `select`.
 * `include_default` makes the server mark the default channels (`is_default`), which are always public: it adds
 * none to the list (checked on a real server for an administrator, a member and a guest).
 */
export function channelListQueryOptions(isAdmin: boolean) {
  return queryOptions({
    queryKey: [...channelListKey, isAdmin ? 'all' : 'visible'] as const,
    queryFn: async ({ signal }): Promise<Channel[]> =>
      (
        await svc(
          svcOps.getStreams,
          isAdmin
            ? { include_all: true, exclude_archived: false, include_default: true }
            : {
                include_public: true,
                include_web_public: true,
                include_subscribed: true,
                exclude_archived: false,
                include_default: true,
              },
          { signal },
        )
      ).streams,
  });
}

/**
 * The list, or what `select` makes of it. Pass a function defined once (at module level or memoized): the
 * query keeps its result until the list or the function change.
 */
export function useChannelList<T = Channel[]>(isAdmin: boolean, select?: (channels: Channel[]) => T) {
  return useQuery({ ...channelListQueryOptions(isAdmin), select });
}

/** Channels not archived (they grant nothing and take no new messages). */
export function activeChannels(channels: Channel[]): Channel[] {
  return channels.filter((c) => c.is_archived !== true);
}

/** After a change this tab made, before its event arrives. */
export function invalidateChannelList(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: channelListKey });
}

/** A change to one of my own settings for a channel (colour, muting…): the list does not show it. */
const mySubscriptionUpdateSchema = svcEventBaseSchema.extend({
  type: z.literal('subscription'),
  op: z.literal('update'),
});

/**
 * A channel created, changed, archived, or one whose subscribers changed (the list carries subscriber counts
 * and, for a member, which private channels they see): the one list is refetched for every page.
 */
export const channelListEventHandlers: EventHandlers = {
  stream: (_event, client) => void invalidateChannelList(client),
  subscription: (event, client) => {
    if (!mySubscriptionUpdateSchema.safeParse(event).success) void invalidateChannelList(client);
  },
  // A deleted message can move a channel's first message.
  delete_message: (_event, client) => void invalidateChannelList(client),
};
