import { queryOptions, useQuery } from '@tanstack/react-query';
import { bffFetch } from '../../../client/bff-fetch';
import { svc } from '../../../client/svc-client';
import { REALM_STATE_PATH, realmStateSchema } from '../../../shared/bff/protocol';
import { svcOps } from '../../../shared/svc/catalog';
import { topicsRootKey } from './get-channels';

/** The organization's settings (who may resolve and move, time limits, the empty topic's name). */
export function moderationRealmQueryOptions() {
  return queryOptions({
    queryKey: [...topicsRootKey, 'realm'] as const,
    queryFn: async ({ signal }) => realmStateSchema.parse(await bffFetch(REALM_STATE_PATH, { signal })).realm,
  });
}

export function useModerationRealm() {
  return useQuery(moderationRealmQueryOptions());
}

/** Groups, for deciding who holds a group-based permission. */
export function moderationGroupsQueryOptions() {
  return queryOptions({
    queryKey: [...topicsRootKey, 'user-groups'] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getUserGroups, {}, { signal })).user_groups,
    staleTime: 60_000,
  });
}

export function useModerationGroups() {
  return useQuery(moderationGroupsQueryOptions());
}
