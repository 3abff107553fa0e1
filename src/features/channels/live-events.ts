import { z } from 'zod';
import type { EventHandler, EventHandlers } from '../../client/event-handlers';
import { svcEventBaseSchema } from '../../shared/events/svc-events';
import { applySubscriptionChange } from '../../shared/svc/subscriptions';
import { defaultChannelsQueryOptions } from './api/default-channels';
import { channelFoldersQueryOptions } from './api/get-channel-folders';
import { channelsRootKey } from './api/get-channels';
import { mySubscriptionsQueryOptions } from './api/get-my-subscriptions';

const subscriptionsKey = mySubscriptionsQueryOptions().queryKey;

const invalidate =
  (...keys: readonly (readonly unknown[])[]): EventHandler =>
  (_event, client) => {
    for (const queryKey of keys) void client.invalidateQueries({ queryKey });
  };

/** One property of one of my subscriptions changed. */
const subscriptionUpdateSchema = svcEventBaseSchema.extend({
  type: z.literal('subscription'),
  op: z.literal('update'),
  stream_id: z.number().int(),
  property: z.string(),
  value: z.unknown(),
});

/**
 * Channels: a change to a channel, to who is subscribed, or to messages (topics and first_message_id)
 * refetches what shows it; my own settings for a channel are patched in place.
 */
export const channelsEventHandlers: EventHandlers = {
  // An archived channel also leaves the defaults (a default_streams event says so separately).
  // The channel list itself is the shared reference data (src/client/reference-data/channels.ts).
  stream: invalidate(subscriptionsKey),
  subscription: (event, client) => {
    const update = subscriptionUpdateSchema.safeParse(event);
    if (update.success) {
      client.setQueryData(subscriptionsKey, (subs) => (subs ? applySubscriptionChange(subs, update.data) : subs));
      return;
    }
    invalidate(subscriptionsKey, [...channelsRootKey, 'subscribers'])(event, client);
  },
  delete_message: invalidate([...channelsRootKey, 'topics']),
  update_message: invalidate([...channelsRootKey, 'topics']),
  // The BFF has applied the event to the register state it serves by the time the tab hears of it.
  default_streams: invalidate(defaultChannelsQueryOptions().queryKey),
  channel_folder: invalidate(channelFoldersQueryOptions().queryKey),
};
