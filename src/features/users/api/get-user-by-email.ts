import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { usersRootKey } from './get-users';

export function userByEmailQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...usersRootKey, 'by-email', email] as const,
    queryFn: async ({ signal }) =>
      (
        await svc(
          svcOps.getUserByEmail,
          { email, client_gravatar: true, include_custom_profile_fields: true },
          { signal },
        )
      ).user,
  });
}

export function useUserByEmail(email: string | null) {
  return useQuery({ ...userByEmailQueryOptions(email ?? ''), enabled: email !== null && email !== '' });
}

/**
 * A lookup the user triggers from a form: fetched through the same query (and cache entry), but with a
 * mutation's pending/error state so the form can show the server's answer. Never served stale.
 */
export function useLookUpUserByEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => client.fetchQuery({ ...userByEmailQueryOptions(email), staleTime: 0, retry: false }),
  });
}
