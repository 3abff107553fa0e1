import type { QueryClient } from '@tanstack/react-query';
import {
  channelListQueryOptions,
  invalidateChannelList,
  useChannelList,
} from '../../../client/reference-data/channels';

/** Every query key of this area starts here. */
export const channelsRootKey = ['channels'] as const;

/**
 * Every channel the user may see (the shared list: administrators get private ones too). Archived channels
 * are included; the page filters them.
 */
export const channelsQueryOptions = channelListQueryOptions;

export function useChannels(isAdmin: boolean) {
  return useChannelList(isAdmin);
}

/** After a change this tab made: everything this page shows, the shared channel list included. */
export function invalidateChannelsArea(client: QueryClient): Promise<unknown> {
  return Promise.all([client.invalidateQueries({ queryKey: channelsRootKey }), invalidateChannelList(client)]);
}
