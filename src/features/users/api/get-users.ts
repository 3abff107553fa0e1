import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { bffFetch } from '../../../client/bff-fetch';
import { USERS_LIST_PATH } from '../../../shared/bff/first-load';
import type { svcOps } from '../../../shared/svc/catalog';

/** Every users query key starts here, so one invalidation refreshes all user records. */
export const usersRootKey = ['users'] as const;

const params = { client_gravatar: true, include_custom_profile_fields: true } as const;

// USERS_LIST_PATH is `svcOps.getUsers` with `params` (a test keeps the two equal), spelled out so this module
// needs no catalog at run time: the app starts this request before the page's chunk and the catalog load.

type UsersResponse = z.output<(typeof svcOps)['getUsers']['response']>;

/** All users of the organization, deactivated users and bots included (one request; the list is filtered locally). */
export function usersQueryOptions() {
  return queryOptions({
    queryKey: [...usersRootKey, 'list', params] as const,
    queryFn: async ({ signal }) => ((await bffFetch(USERS_LIST_PATH, { signal })) as UsersResponse).members,
  });
}

export function useUsers() {
  return useQuery(usersQueryOptions());
}

/**
 * Starts loading the list for the users route as early as the app can: with the session check, from the
 * route's loader, not once the page's chunk has loaded (the response is the slowest part of the page).
 */
export function prefetchUsersList(client: QueryClient): void {
  void client.prefetchQuery(usersQueryOptions());
}
