import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '../shared/bff/protocol';
import { bffCall } from './bff-fetch';
import { NO_SESSION_COOKIE_SELECTOR, sessionApi } from '../shared/bff/first-load';
import { readSession } from './session-requests';

export const sessionKey = ['session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionKey,
  queryFn: ({ signal }) => readSession(signal),
  staleTime: 60_000,
});

// Read once: the hint describes the request that loaded this page, not later sign-ins (the session data does).
const noCookieAtLoad = typeof document !== 'undefined' && document.querySelector(NO_SESSION_COOKIE_SELECTOR) !== null;

/**
 * Whether prefetching a signed-in user's data is worth a request now: yes when the session says so; before the
 * session is known, unless the page came without a session cookie (the request could only get a 401).
 */
export function maybeSignedIn(client: QueryClient): boolean {
  const session = client.getQueryData(sessionQueryOptions.queryKey);
  return session ? session.user !== null : !noCookieAtLoad;
}

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
    mutationFn: () => bffCall(sessionApi.signOut),
    onSettled: async () => {
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
      await client.invalidateQueries({ queryKey: sessionKey });
    },
  });
}
