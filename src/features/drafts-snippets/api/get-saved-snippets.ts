import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';

/** Every saved-snippet query key starts here. */
export const savedSnippetsRootKey = ['saved-snippets'] as const;

export function savedSnippetsQueryOptions() {
  return queryOptions({
    queryKey: [...savedSnippetsRootKey, 'list'] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getSavedSnippets, {}, { signal })).saved_snippets,
  });
}

/** `enabled` is false when the server is older than saved snippets (level 297). */
export function useSavedSnippets(enabled = true) {
  return useQuery({ ...savedSnippetsQueryOptions(), enabled });
}
