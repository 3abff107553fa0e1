import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';

/** The channels drafts may name; archived ones too, so an old draft still shows its channel's name. */
export function draftChannelsQueryOptions() {
  return queryOptions({
    queryKey: ['drafts-snippets', 'channels'] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getStreams, { exclude_archived: false }, { signal })).streams,
    staleTime: 60_000,
  });
}

export function useDraftChannels() {
  return useQuery(draftChannelsQueryOptions());
}
