import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';

/** Every account query key starts here. */
export const accountRootKey = ['account'] as const;

/** The signed-in user's own record (GET /users/me). */
export function ownUserQueryOptions() {
  return queryOptions({
    queryKey: [...accountRootKey, 'me'] as const,
    queryFn: ({ signal }) => svc(svcOps.getOwnUser, {}, { signal }),
  });
}

export function useOwnUser() {
  return useQuery(ownUserQueryOptions());
}
