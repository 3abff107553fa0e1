import { queryOptions, useQuery } from '@tanstack/react-query';
import { bffCall } from '../../../client/bff-fetch';
import { auditApi } from '../../../shared/bff/audit';
import { auditRootKey } from './get-audit';

/** The operation ids recorded so far: suggestions for the operation filter. */
export const auditOperationsQueryOptions = queryOptions({
  queryKey: [...auditRootKey, 'operations'] as const,
  queryFn: async ({ signal }) => (await bffCall(auditApi.operations, { signal })).operations,
  staleTime: 30_000,
});

export function useAuditOperations() {
  return useQuery(auditOperationsQueryOptions);
}
