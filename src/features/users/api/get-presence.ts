import { useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { lastActiveByEmail } from '../activity';
import { usersRootKey } from './get-users';

/**
 * Last-active times of the organization (`GET /realm/presence`), keyed by API email, with the server's
 * clock to measure "inactive for N days" from. Lives under the users key, so user changes refresh it.
 * `enabled`: false holds the request back (the page waits for the users list first).
 */
export function useRealmPresence(enabled = true) {
  return useQuery({
    queryKey: [...usersRootKey, 'presence'] as const,
    queryFn: async ({ signal }) => {
      const body = await svc(svcOps.getRealmPresence, {}, { signal });
      return { byEmail: lastActiveByEmail(body.presences), nowSeconds: Math.floor(body.server_timestamp) };
    },
    staleTime: 60_000,
    enabled,
  });
}
