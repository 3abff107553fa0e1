import type { EventHandler, EventHandlers } from '../../client/event-handlers';
import { defaultChannelsQueryOptions } from './api/default-channels';
import { channelFoldersQueryOptions } from './api/get-channel-folders';
import { channelsRootKey } from './api/get-channels';

const invalidate =
  (...keys: readonly (readonly unknown[])[]): EventHandler =>
  (_event, client) => {
    for (const queryKey of keys) void client.invalidateQueries({ queryKey });
  };

/**
 * Channels: a change to a channel, to who is subscribed, or to messages (topics and first_message_id)
 * refetches what shows it.
 */
export const channelsEventHandlers: EventHandlers = {
  // The channel list and my subscriptions are shared data sets with their own handlers (src/client/reference-data);
  // who else is subscribed changes with any subscription event but a change of my own settings.
  subscription: (event, client) => {
    if (event.op !== 'update') invalidate([...channelsRootKey, 'subscribers'])(event, client);
  },
  delete_message: invalidate([...channelsRootKey, 'topics']),
  update_message: invalidate([...channelsRootKey, 'topics']),
  // The BFF has applied the event to the register state it serves by the time the tab hears of it.
  default_streams: invalidate(defaultChannelsQueryOptions().queryKey),
  channel_folder: invalidate(channelFoldersQueryOptions().queryKey),
};
