import { activeChannels, channelListQueryOptions, useChannelList } from '../../../client/reference-data/channels';

/** Every query key of this area starts here. */
export const topicsRootKey = ['topics'] as const;

/** The shared channel list the page's loader starts (the page shows only the active ones). */
export const moderationChannelsQueryOptions = channelListQueryOptions;

/** The active channels this user can see (public, web-public and subscribed; administrators: all). */
export function useModerationChannels(isAdmin: boolean) {
  return useChannelList(isAdmin, activeChannels);
}
