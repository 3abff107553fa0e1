import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';

export const profileFieldsRootKey = ['profile-fields'] as const;

/** The organization's custom profile fields, in display order. */
export function profileFieldsQueryOptions() {
  return queryOptions({
    queryKey: [...profileFieldsRootKey, 'list'] as const,
    queryFn: async ({ signal }) =>
      [...(await svc(svcOps.getCustomProfileFields, {}, { signal })).custom_fields].sort((a, b) => a.order - b.order),
  });
}

export function useProfileFields() {
  return useQuery(profileFieldsQueryOptions());
}
