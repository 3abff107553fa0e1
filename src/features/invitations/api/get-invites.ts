import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';

/** Every query key of this area starts here, so one invalidation refreshes them all. */
export const invitationsRootKey = ['invitations'] as const;

/** Pending invitations and live invite links the signed-in user controls (administrators: everyone's). */
export function invitesQueryOptions() {
  return queryOptions({
    queryKey: [...invitationsRootKey, 'list'] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getInvites, {}, { signal })).invites,
  });
}

export function useInvites(enabled = true) {
  return useQuery({ ...invitesQueryOptions(), enabled });
}
