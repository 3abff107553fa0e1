import { queryOptions, useQuery } from '@tanstack/react-query';
import { bffCall } from '../../../client/bff-fetch';
import { ownSessionsApi } from '../../../shared/bff/protocol';
import { accountRootKey } from './get-own-user';

/** The signed-in user's console sessions, every browser (GET /bff/session/sessions). */
export function ownSessionsQueryOptions() {
  return queryOptions({
    queryKey: [...accountRootKey, 'sessions'] as const,
    queryFn: async ({ signal }) => bffCall(ownSessionsApi.list, { signal }),
  });
}

export function useOwnSessions() {
  return useQuery(ownSessionsQueryOptions());
}
