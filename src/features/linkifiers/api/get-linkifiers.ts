import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';

/** Every linkifier query key starts here, so one invalidation refreshes them all. */
export const linkifiersRootKey = ['linkifiers'] as const;

/** The organization's linkifiers, in the order the server applies them. */
export function linkifiersQueryOptions() {
  return queryOptions({
    queryKey: [...linkifiersRootKey, 'list'] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getLinkifiers, {}, { signal })).linkifiers,
  });
}

/** `enabled` is false when the server is older than the list endpoint (level 54). */
export function useLinkifiers(enabled = true) {
  return useQuery({ ...linkifiersQueryOptions(), enabled });
}
