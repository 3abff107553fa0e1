import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { userGroupsRootKey } from './get-user-groups';

/** Everyone, for naming members and choosing people (pickers leave out deactivated users). */
export function groupPeopleQueryOptions() {
  return queryOptions({
    queryKey: [...userGroupsRootKey, 'people'] as const,
    queryFn: async ({ signal }) =>
      (await svc(svcOps.getUsers, { client_gravatar: true }, { signal })).members.map((u) => ({
        user_id: u.user_id,
        full_name: u.full_name,
        email: u.delivery_email ?? u.email,
        is_active: u.is_active,
        is_bot: u.is_bot,
        role: u.role,
      })),
    staleTime: 60_000,
  });
}
export type GroupPerson = Awaited<
  ReturnType<NonNullable<ReturnType<typeof groupPeopleQueryOptions>['queryFn']>>
>[number];

export function useGroupPeople() {
  return useQuery(groupPeopleQueryOptions());
}
