import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps, type ParamsOf } from '../../../shared/svc/catalog';
import { userGroupsQueryOptions } from './get-user-groups';

export type CreateUserGroupParams = ParamsOf<typeof svcOps.createUserGroup>;

/** `POST /user_groups/create`; the list refreshes by event, and here too for this tab. */
export function useCreateUserGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: CreateUserGroupParams) => svc(svcOps.createUserGroup, params),
    onSuccess: () => void client.invalidateQueries({ queryKey: userGroupsQueryOptions().queryKey }),
  });
}
