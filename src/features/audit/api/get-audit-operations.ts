import { queryOptions, useQuery } from '@tanstack/react-query';
import { bffFetch } from '../../../client/bff-fetch';
import { AUDIT_OPERATIONS_PATH, auditOperationsSchema } from '../../../shared/bff/audit';
import { auditRootKey } from './get-audit';

/** The operation ids recorded so far: suggestions for the operation filter. */
export const auditOperationsQueryOptions = queryOptions({
  queryKey: [...auditRootKey, 'operations'] as const,
  queryFn: async ({ signal }) =>
    auditOperationsSchema.parse(await bffFetch(AUDIT_OPERATIONS_PATH, { signal })).operations,
  staleTime: 30_000,
});

export function useAuditOperations() {
  return useQuery(auditOperationsQueryOptions);
}
