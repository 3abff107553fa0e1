import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps, type ParamsOf } from '../../../shared/svc/catalog';
import { userGroupsQueryOptions } from './get-user-groups';

export type UpdateUserGroupSubgroupsParams = ParamsOf<typeof svcOps.updateUserGroupSubgroups>;

/** `POST /user_groups/{id}/subgroups` with `add` / `delete`; the simulator refuses cycles, the UI avoids them. */
export function useUpdateUserGroupSubgroups() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: UpdateUserGroupSubgroupsParams) => svc(svcOps.updateUserGroupSubgroups, params),
    onSettled: () => client.invalidateQueries({ queryKey: userGroupsQueryOptions().queryKey }),
  });
}
