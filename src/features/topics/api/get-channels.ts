import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';

/** Every query key of this area starts here. */
export const topicsRootKey = ['topics'] as const;

/** The active channels this user can see (public, web-public and subscribed; administrators: all). */
export function moderationChannelsQueryOptions(isAdmin: boolean) {
  return queryOptions({
    queryKey: [...topicsRootKey, 'channels', isAdmin ? 'all' : 'visible'] as const,
    queryFn: async ({ signal }) =>
      (
        await svc(
          svcOps.getStreams,
          isAdmin
            ? { include_all: true }
            : { include_public: true, include_web_public: true, include_subscribed: true },
          { signal },
        )
      ).streams.filter((c) => c.is_archived !== true),
    staleTime: 30_000,
  });
}

export function useModerationChannels(isAdmin: boolean) {
  return useQuery(moderationChannelsQueryOptions(isAdmin));
}
