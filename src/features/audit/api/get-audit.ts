import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { bffFetch } from '../../../client/bff-fetch';
import { AUDIT_PATH, auditPageSchema, type AuditFilter } from '../../../shared/bff/audit';
import { filterQueryString } from '../filter-query';

/** Every query key of this area starts here. */
export const auditRootKey = ['audit'] as const;

/** How often an open Audit page asks for new entries (and for pending ones that completed). */
export const AUDIT_POLL_MS = 4_000;
const PAGE_SIZE = 200;

/**
 * The filtered timeline, newest first, a page at a time. It is refetched every few seconds while the page
 * is open and visible: entries written by any replica show up, and `pending` ones turn into their outcome.
 */
export function auditQueryOptions(filter: AuditFilter) {
  return infiniteQueryOptions({
    queryKey: [...auditRootKey, 'timeline', filter] as const,
    initialPageParam: null as number | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams(filterQueryString(filter));
      query.set('limit', String(PAGE_SIZE));
      if (pageParam !== null) query.set('before', String(pageParam));
      return auditPageSchema.parse(await bffFetch(`${AUDIT_PATH}?${query}`, { signal }));
    },
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: AUDIT_POLL_MS,
    // Only the pages in view are refetched by the poll's first page; older ones rarely change.
    maxPages: 20,
  });
}

export function useAudit(filter: AuditFilter) {
  return useInfiniteQuery(auditQueryOptions(filter));
}
