import { queryOptions, useQuery } from '@tanstack/react-query';
import { bffFetch } from '../../../client/bff-fetch';
import { REALM_STATE_PATH, realmStateSchema } from '../../../shared/bff/protocol';
import { userGroupsRootKey } from './get-user-groups';

/** The organization's settings: its `realm_*` group settings are what "who can do what" resolves. */
export function groupsRealmQueryOptions() {
  return queryOptions({
    queryKey: [...userGroupsRootKey, 'realm'] as const,
    queryFn: async ({ signal }) => realmStateSchema.parse(await bffFetch(REALM_STATE_PATH, { signal })).realm,
  });
}

export function useGroupsRealm() {
  return useQuery(groupsRealmQueryOptions());
}
