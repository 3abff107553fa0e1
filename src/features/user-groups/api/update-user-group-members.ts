import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps, type ParamsOf } from '../../../shared/svc/catalog';
import { userGroupsQueryOptions } from './get-user-groups';

export type UpdateUserGroupMembersParams = ParamsOf<typeof svcOps.updateUserGroupMembers>;

/** `POST /user_groups/{id}/members` with `add` / `delete`. */
export function useUpdateUserGroupMembers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: UpdateUserGroupMembersParams) => svc(svcOps.updateUserGroupMembers, params),
    onSettled: () => client.invalidateQueries({ queryKey: userGroupsQueryOptions().queryKey }),
  });
}
