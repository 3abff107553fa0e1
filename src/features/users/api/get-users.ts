import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';

/** Every users query key starts here, so one invalidation refreshes all user records. */
export const usersRootKey = ['users'] as const;

const params = { client_gravatar: true, include_custom_profile_fields: true } as const;

/** All users of the organization, deactivated users and bots included (one request; the list is filtered locally). */
export function usersQueryOptions() {
  return queryOptions({
    queryKey: [...usersRootKey, 'list', params] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getUsers, params, { signal })).members,
  });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}
