import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { usersRootKey } from './get-users';

export function userStatusQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [...usersRootKey, 'status', userId] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getUserStatus, { user_id: userId }, { signal })).status,
  });
}

/** `enabled` is false when the server is older than the status endpoint (level 262). */
export function useUserStatus(userId: number, enabled: boolean) {
  return useQuery({ ...userStatusQueryOptions(userId), enabled });
}
