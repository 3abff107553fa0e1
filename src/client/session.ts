import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo, SignInRequest } from '../shared/bff/protocol';
import { bffFetch } from './bff-fetch';

export const sessionKey = ['session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionKey,
  // Our own BFF built this payload from parsed upstream data; the shell stays free of zod.
  queryFn: async ({ signal }) => (await bffFetch('/bff/session', { signal })) as SessionInfo,
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignInRequest) =>
      (await bffFetch('/bff/session', {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      })) as SessionInfo,
    onSuccess: (info) => {
      // A new identity: nothing cached for the previous one may leak into this session.
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
      client.setQueryData(sessionKey, info);
    },
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => bffFetch('/bff/session', { method: 'DELETE' }),
    onSettled: async () => {
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
      await client.invalidateQueries({ queryKey: sessionKey });
    },
  });
}
