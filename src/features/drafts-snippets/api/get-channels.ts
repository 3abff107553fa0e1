import { useChannelList } from '../../../client/reference-data/channels';

/** The channels drafts may name; archived ones too, so an old draft still shows its channel's name. */
export function useDraftChannels() {
  return useChannelList(false);
}
