import { queryOptions, useQuery } from '@tanstack/react-query';
import { bffFetch } from '../../../client/bff-fetch';
import { OWN_SESSIONS_PATH, ownSessionsSchema } from '../../../shared/bff/protocol';
import { accountRootKey } from './get-own-user';

/** The signed-in user's console sessions, every browser (GET /bff/session/sessions). */
export function ownSessionsQueryOptions() {
  return queryOptions({
    queryKey: [...accountRootKey, 'sessions'] as const,
    queryFn: async ({ signal }) => ownSessionsSchema.parse(await bffFetch(OWN_SESSIONS_PATH, { signal })),
  });
}

export function useOwnSessions() {
  return useQuery(ownSessionsQueryOptions());
}
