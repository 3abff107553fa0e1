import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';

/** Every query key of this area starts here. */
export const channelsRootKey = ['channels'] as const;

/**
 * Every channel the user may see: administrators ask for all of them (private ones included), others for
 * the public, web-public and subscribed ones. Archived channels are included; the page filters them.
 */
export function channelsQueryOptions(isAdmin: boolean) {
  return queryOptions({
    queryKey: [...channelsRootKey, 'list', isAdmin ? 'all' : 'visible'] as const,
    queryFn: async ({ signal }) =>
      (
        await svc(
          svcOps.getStreams,
          isAdmin
            ? { include_all: true, exclude_archived: false, include_default: true }
            : { include_public: true, include_web_public: true, include_subscribed: true, exclude_archived: false },
          { signal },
        )
      ).streams,
  });
}

export function useChannels(isAdmin: boolean) {
  return useQuery(channelsQueryOptions(isAdmin));
}
