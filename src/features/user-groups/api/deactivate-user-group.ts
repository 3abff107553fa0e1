import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { userGroupsQueryOptions } from './get-user-groups';

/** `POST /user_groups/{id}/deactivate` (level 290); refused while the group is still used somewhere. */
export function useDeactivateUserGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (groupId: number) => svc(svcOps.deactivateUserGroup, { user_group_id: groupId }),
    onSettled: () => client.invalidateQueries({ queryKey: userGroupsQueryOptions().queryKey }),
  });
}
