import { queryOptions, useQuery } from '@tanstack/react-query';
import { callProxy } from './call-proxy';
import { PROXY_POLL_MS, proxyRootKey } from './get-overview';

/** `routes.get {id}`: the full record, extras the console does not model included, for the detail panel. */
export function proxyRouteQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...proxyRootKey, 'route', id] as const,
    queryFn: ({ signal }) => callProxy('routes.get', { id }, { signal }),
  });
}

/** With `poll`, read again while in use: a change made in the dashboard itself reaches the console no other way. */
export function useProxyRoute(id: string | null, options: { poll?: boolean } = {}) {
  return useQuery({
    ...proxyRouteQueryOptions(id ?? ''),
    enabled: id !== null,
    refetchInterval: options.poll ? PROXY_POLL_MS : false,
  });
}
