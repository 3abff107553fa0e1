import { queryOptions, useQuery } from '@tanstack/react-query';
import { callProxyBatch } from './call-proxy';
import { proxyQueryRetry, proxyRootKey } from './get-overview';

/** Certificates (`publicApi.certs`, certs:read) with the route list to name their routes; each may be refused alone. */
export function proxyCertsQueryOptions() {
  return queryOptions({
    queryKey: [...proxyRootKey, 'certs'] as const,
    queryFn: async ({ signal }) => {
      const [certs, routes] = await callProxyBatch(['publicApi.certs', 'publicApi.routes'], { signal });
      return { certs, routes };
    },
    retry: proxyQueryRetry,
  });
}

export function useProxyCerts() {
  return useQuery(proxyCertsQueryOptions());
}
