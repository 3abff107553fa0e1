import { activeChannels, useChannelList } from '../../../client/reference-data/channels';
import { useRealmState } from '../../../client/reference-data/realm-state';
import { activeGroups, useUserGroupList } from '../../../client/reference-data/user-groups';

/** Channels an invitation can subscribe the new member to, with which of them are default channels. */
export function useInviteChannels() {
  return useChannelList(false, activeChannels);
}

/** Groups an invitation can add the new member to, and the system groups the role preview resolves. */
export function useInviteGroups(enabled = true) {
  return useUserGroupList(activeGroups, enabled);
}

/** The organization's settings (who may invite, the permissions a role holds). */
export function useInviteRealm() {
  return useRealmState();
}
