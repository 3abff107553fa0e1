import { userGroupListQueryOptions, useUserGroupList } from '../../../client/reference-data/user-groups';

/** Every user group, deactivated ones included (the shared list: src/client/reference-data/user-groups.ts). */
export const userGroupsQueryOptions = userGroupListQueryOptions;

export function useUserGroups() {
  return useUserGroupList();
}
