import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { channelsRootKey } from './get-channels';

/**
 * The organization's user groups, deactivated ones included: settings may still name them, and the
 * picker needs to say so (it never offers them).
 */
export function channelUserGroupsQueryOptions() {
  return queryOptions({
    queryKey: [...channelsRootKey, 'user-groups'] as const,
    queryFn: async ({ signal }) =>
      (await svc(svcOps.getUserGroups, { include_deactivated_groups: true }, { signal })).user_groups,
    staleTime: 60_000,
  });
}

export function useChannelUserGroups(enabled = true) {
  return useQuery({ ...channelUserGroupsQueryOptions(), enabled });
}
