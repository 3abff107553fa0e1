import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';

/** Everyone a direct-message draft may name, for showing recipients by name and choosing them. */
export function draftPeopleQueryOptions() {
  return queryOptions({
    queryKey: ['drafts-snippets', 'people'] as const,
    queryFn: async ({ signal }) =>
      (await svc(svcOps.getUsers, { client_gravatar: true }, { signal })).members.map((u) => ({
        user_id: u.user_id,
        full_name: u.full_name,
        is_active: u.is_active,
      })),
    staleTime: 60_000,
  });
}

export function useDraftPeople() {
  return useQuery(draftPeopleQueryOptions());
}
