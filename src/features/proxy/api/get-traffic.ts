import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callProxyBatch } from './call-proxy';
import { proxyQueryRetry, proxyRootKey } from './get-overview';

/** Per-route traffic over a window (`publicApi.analytics`, analytics:read), with the route list for names. */
export function proxyTrafficQueryOptions(windowMinutes: number) {
  return queryOptions({
    queryKey: [...proxyRootKey, 'traffic', windowMinutes] as const,
    queryFn: async ({ signal }) => {
      const [traffic, routes] = await callProxyBatch(
        [{ procedure: 'publicApi.analytics', input: { windowMinutes } }, 'publicApi.routes'],
        { signal },
      );
      return { traffic, routes };
    },
    retry: proxyQueryRetry,
    placeholderData: keepPreviousData,
  });
}

export function useProxyTraffic(windowMinutes: number) {
  return useQuery(proxyTrafficQueryOptions(windowMinutes));
}
