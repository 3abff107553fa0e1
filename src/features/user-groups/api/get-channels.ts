import { activeChannels, useChannelList } from '../../../client/reference-data/channels';

/**
 * Channels, for their permission settings (the reverse view and "who can do what"): administrators see
 * every channel, others what they may see. Archived channels grant nothing and are left out.
 */
export function useGroupChannels(isAdmin: boolean) {
  return useChannelList(isAdmin, activeChannels);
}
