import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../client/api-error';
import { proxyErrorCodes } from '../../../shared/proxy';
import { callProxyBatch } from './call-proxy';

/** Every query key of this area starts here; mutations invalidate it whole (the dashboard has no events). */
export const proxyRootKey = ['proxy'] as const;

/** How often the list is asked again while the area is open. */
export const PROXY_POLL_MS = 15_000;

/**
 * The routes and the dashboard's health in one round trip (one upstream batch). Each half succeeds or is
 * refused on its own; only when the dashboard cannot be reached at all does the query fail (and retry).
 */
export function proxyOverviewQueryOptions() {
  return queryOptions({
    queryKey: [...proxyRootKey, 'overview'] as const,
    queryFn: async ({ signal }) => {
      const [routes, health] = await callProxyBatch(['publicApi.routes', 'publicApi.health'], { signal });
      if (!routes.ok && routes.error.code === proxyErrorCodes.unavailable) throw routes.error;
      return { routes, health, checkedAt: Date.now() };
    },
    // A console without a dashboard stays without one until it is restarted: asking again changes nothing.
    refetchInterval: (query) => (isNotConfigured(query.state.error) ? false : PROXY_POLL_MS),
    retry: proxyQueryRetry,
  });
}

/** A refused key is final until someone acts; only an unreachable dashboard is worth asking again soon. */
export function proxyQueryRetry(count: number, error: unknown): boolean {
  return !isNotConfigured(error) && error instanceof ApiError && error.status >= 500 && count < 2;
}

/** The BFF has no dashboard to talk to (no PROXY_URL / PROXY_API_KEY). */
export function isNotConfigured(error: unknown): boolean {
  return error instanceof ApiError && error.code === proxyErrorCodes.notConfigured;
}

export function useProxyOverview() {
  return useQuery(proxyOverviewQueryOptions());
}
