import { queryOptions, useQuery } from '@tanstack/react-query';
import { callProxy } from './call-proxy';
import { proxyRootKey } from './get-overview';

/** `routes.get {id}`: the full record, extras the console does not model included, for the detail panel. */
export function proxyRouteQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...proxyRootKey, 'route', id] as const,
    queryFn: ({ signal }) => callProxy('routes.get', { id }, { signal }),
  });
}

export function useProxyRoute(id: string | null) {
  return useQuery({ ...proxyRouteQueryOptions(id ?? ''), enabled: id !== null });
}
