import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { bffCall } from '../../../client/bff-fetch';
import { AUDIT_FILTER_KEYS, auditApi, type AuditFilter } from '../../../shared/bff/audit';

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
      // The filter's non-empty values (as the page's URL and the export links spell them), then the page.
      const filters = Object.fromEntries(AUDIT_FILTER_KEYS.flatMap((key) => (filter[key] ? [[key, filter[key]]] : [])));
      return bffCall(auditApi.page, { query: { ...filters, limit: PAGE_SIZE, before: pageParam }, signal });
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
