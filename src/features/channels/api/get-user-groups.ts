import { useUserGroupList } from '../../../client/reference-data/user-groups';

/**
 * The organization's user groups, deactivated ones included: settings may still name them, and the
 * picker needs to say so (it never offers them).
 */
export function useChannelUserGroups(enabled = true) {
  return useUserGroupList(undefined, enabled);
}
