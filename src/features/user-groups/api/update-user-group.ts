import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps, type ParamsOf } from '../../../shared/svc/catalog';
import { userGroupsQueryOptions } from './get-user-groups';

export type UpdateUserGroupParams = ParamsOf<typeof svcOps.updateUserGroup>;

/**
 * `PATCH /user_groups/{id}`: name, description, permission settings as `{new, old}`, and reactivation.
 * Refused or not, the list is refetched: after a conflict the form needs the value that is now current.
 */
export function useUpdateUserGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: UpdateUserGroupParams) => svc(svcOps.updateUserGroup, params),
    onSettled: () => client.invalidateQueries({ queryKey: userGroupsQueryOptions().queryKey }),
  });
}
