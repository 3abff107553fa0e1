import { realmStateQueryOptions, useRealmState } from '../../../client/reference-data/realm-state';
import { activeGroups, useUserGroupList } from '../../../client/reference-data/user-groups';

/** The organization's settings (who may resolve and move, time limits, the empty topic's name). */
export const moderationRealmQueryOptions = realmStateQueryOptions;

export function useModerationRealm() {
  return useRealmState();
}

/** Groups, for deciding who holds a group-based permission. */
export function useModerationGroups() {
  return useUserGroupList(activeGroups);
}
