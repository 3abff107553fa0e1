import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { userGroupsRootKey } from './get-user-groups';

/**
 * Channels, for their permission settings (the reverse view and "who can do what"): administrators see
 * every channel, others what they may see. Archived channels grant nothing and are left out.
 */
export function groupChannelsQueryOptions(isAdmin: boolean) {
  return queryOptions({
    queryKey: [...userGroupsRootKey, 'channels', isAdmin ? 'all' : 'visible'] as const,
    queryFn: async ({ signal }) =>
      (
        await svc(
          svcOps.getStreams,
          isAdmin
            ? { include_all: true, exclude_archived: true }
            : { include_public: true, include_web_public: true, include_subscribed: true, exclude_archived: true },
          { signal },
        )
      ).streams,
    staleTime: 60_000,
  });
}

export function useGroupChannels(isAdmin: boolean) {
  return useQuery(groupChannelsQueryOptions(isAdmin));
}
