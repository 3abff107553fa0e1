import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';

/** Every query key of this area starts here. */
export const userGroupsRootKey = ['user-groups'] as const;

/**
 * Every user group, deactivated ones included: the list shows them (to reactivate), settings elsewhere may
 * still name them, and the pickers need them to say so (they never offer them).
 */
export function userGroupsQueryOptions() {
  return queryOptions({
    queryKey: [...userGroupsRootKey, 'list'] as const,
    queryFn: async ({ signal }) =>
      (await svc(svcOps.getUserGroups, { include_deactivated_groups: true }, { signal })).user_groups,
  });
}

export function useUserGroups() {
  return useQuery(userGroupsQueryOptions());
}
