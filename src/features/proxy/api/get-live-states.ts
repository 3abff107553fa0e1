import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_BATCH_CALLS, type RouteRecord } from '../../../shared/proxy';
import { callProxyBatch } from './call-proxy';
import { PROXY_POLL_MS, proxyRootKey } from './get-overview';

/**
 * The full record of every listed route (`routes.get`), for its live state: the key API's list carries no sync
 * fields. Batches of MAX_BATCH_CALLS, all in flight at once; a route that cannot be read is simply left out.
 */
export function liveStatesQueryOptions(ids: readonly string[]) {
  return queryOptions({
    queryKey: [...proxyRootKey, 'live', ids.join(',')] as const,
    queryFn: async ({ signal }) => {
      const chunks: string[][] = [];
      for (let i = 0; i < ids.length; i += MAX_BATCH_CALLS) chunks.push(ids.slice(i, i + MAX_BATCH_CALLS));
      const answers = await Promise.all(
        chunks.map((chunk) =>
          callProxyBatch(
            chunk.map((id) => ({ procedure: 'routes.get' as const, input: { id } })),
            { signal },
          ),
        ),
      );
      const byId = new Map<string, RouteRecord>();
      for (const outcome of answers.flat()) if (outcome.ok) byId.set(outcome.data.id, outcome.data);
      return byId;
    },
    enabled: ids.length > 0,
    refetchInterval: PROXY_POLL_MS,
  });
}

export function useLiveStates(ids: readonly string[]) {
  return useQuery(liveStatesQueryOptions(ids));
}
