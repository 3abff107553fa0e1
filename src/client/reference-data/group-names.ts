import { queryOptions, useQuery } from '@tanstack/react-query';
import { stateApi, type GroupName } from '../../shared/bff/protocol';
import { bffCall } from '../bff-fetch';
import { userGroupListKey } from './user-groups';

/**
 * Every user group's name, from the register state the BFF keeps (`GET /bff/state/group-names`): what names the
 * groups a setting refers to where the group list itself cannot be read (a guest's `GET /user_groups` is
 * refused). Its key sits under the group list's, so whatever refetches the list (a group or people change the
 * list cannot apply, which is every change for a guest, who has no list) refetches the names too.
 */
export function groupNamesQueryOptions() {
  return queryOptions({
    queryKey: [...userGroupListKey, 'names'] as const,
    queryFn: async ({ signal }): Promise<GroupName[]> => (await bffCall(stateApi.groupNames, { signal })).groups ?? [],
  });
}

/** The names; pass `enabled` false while the full list is there to name groups. */
export function useGroupNames(enabled = true) {
  return useQuery({ ...groupNamesQueryOptions(), enabled });
}
