import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { accountRootKey } from './get-own-user';

/** The signed-in user's status (there is no /users/me form of the read: it takes the user's ID). */
export function ownStatusQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [...accountRootKey, 'status', userId] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getUserStatus, { user_id: userId }, { signal })).status,
  });
}

/** `enabled` is false until the user's ID is known, or when the server is older than the read (level 262). */
export function useOwnStatus(userId: number | undefined, enabled: boolean) {
  return useQuery({ ...ownStatusQueryOptions(userId ?? 0), enabled: enabled && userId !== undefined });
}
