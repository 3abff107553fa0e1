import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';

/** Every draft query key starts here, so one invalidation refreshes them all. */
export const draftsRootKey = ['drafts'] as const;

/** The signed-in user's drafts, most recently edited first. */
export function draftsQueryOptions() {
  return queryOptions({
    queryKey: [...draftsRootKey, 'list'] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getDrafts, {}, { signal })).drafts,
  });
}

export function useDrafts() {
  return useQuery(draftsQueryOptions());
}
