import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '../shared/bff/protocol';
import { bffFetch } from './bff-fetch';
import { SESSION_PATH } from '../shared/bff/first-load';
import { readSession } from './session-requests';

export const sessionKey = ['session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionKey,
  queryFn: ({ signal }) => readSession(signal),
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}

/** A new identity: nothing cached for the previous one may leak into this session. */
export function adoptSession(client: QueryClient, info: SessionInfo) {
  client.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
  client.setQueryData(sessionKey, info);
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => bffFetch(SESSION_PATH, { method: 'DELETE' }),
    onSettled: async () => {
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
      await client.invalidateQueries({ queryKey: sessionKey });
    },
  });
}
