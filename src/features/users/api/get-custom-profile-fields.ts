import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { usersRootKey } from './get-users';

/** The organization's custom profile field definitions: names and order for users' `profile_data`. */
export function customProfileFieldsQueryOptions() {
  return queryOptions({
    queryKey: [...usersRootKey, 'profile-fields'] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getCustomProfileFields, {}, { signal })).custom_fields,
    staleTime: 5 * 60_000,
  });
}

export function useCustomProfileFields() {
  return useQuery(customProfileFieldsQueryOptions());
}
